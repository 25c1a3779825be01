import { lazy, Suspense, type ComponentType } from "react";

/**
 * A component whose code is fetched the first time it renders, for what a page shows only now
 * and then (a dialog the URL or a failed click opens): its code stays out of the page's first
 * load. It renders in a Suspense boundary of its own with no fallback. The server entry waits
 * for every boundary before it answers, so the server-rendered page already contains it
 * (without JavaScript too); the browser hydrates it once its chunk has arrived.
 */
export function lazyComponent<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function LazyComponent(props: Props) {
    return (
      <Suspense>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
