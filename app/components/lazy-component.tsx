import { lazy, Suspense, type ComponentType } from "react";

/** A lazily loaded component, and the way to fetch its code before it first renders. */
export type LazyComponent<Props extends object> = ComponentType<Props> & { preload: () => void };

/**
 * A component whose code is fetched the first time it renders, for what a page shows only now
 * and then (a dialog the URL or a failed click opens): its code stays out of the page's first
 * load. It renders in a Suspense boundary of its own with no fallback. The server entry waits
 * for every boundary before it answers, so the server-rendered page already contains it
 * (without JavaScript too); the browser hydrates it once its chunk has arrived.
 *
 * `preload()` fetches the code ahead of time (see `PreloadLink` in `./preload-link`), so a dialog opened by a click
 * does not wait for its chunk; repeated calls cost nothing.
 */
export function lazyComponent<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyComponent<Props> {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const loadOnce = () => (loading ??= load().then((component) => ({ default: component })));
  const Loaded = lazy(loadOnce);
  function LazyComponent(props: Props) {
    return (
      <Suspense>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyComponent, {
    preload: () => {
      // A failed fetch is retried by the render that needs it.
      loadOnce().catch(() => (loading = undefined));
    },
  });
}
