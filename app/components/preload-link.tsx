import { useEffect, useRef, type ComponentProps } from "react";
import { AppLink } from "~/components/app-link";

// A module apart from `lazyComponent`: most pages with a lazy part open it from the URL and need
// neither this link nor its observer (0.2 kB on each of them).

/** One observer for every PreloadLink of a page: the first one to come into view preloads its code. */
let observer: IntersectionObserver | undefined;
const preloadOf = new WeakMap<Element, () => void>();

function observe(element: Element, preload: () => void): () => void {
  if (typeof IntersectionObserver === "undefined") return () => {};
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      preloadOf.get(entry.target)?.();
      observer?.unobserve(entry.target);
    }
  });
  preloadOf.set(element, preload);
  observer.observe(element);
  return () => observer?.unobserve(element);
}

/**
 * A link that opens a lazily loaded dialog (`?dialog=…`): the dialog's code is fetched when the
 * link is visible, hovered, focused or touched, so the click only waits for the page's data.
 */
export function PreloadLink({ preload, ...props }: ComponentProps<typeof AppLink> & { preload: () => void }) {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => (ref.current ? observe(ref.current, preload) : undefined), [preload]);
  return <AppLink ref={ref} onMouseEnter={preload} onFocus={preload} onTouchStart={preload} {...props} />;
}
