/**
 * Code that the first paint does not need, loaded on first use (issue 21: the thread page's
 * JavaScript budget). A widget (menu, dialog, popover) renders a plain element until the member
 * first opens it; then its module is fetched — usually already on pointer-over or focus via
 * `preload` — and rendered in place.
 *
 * @module
 */
import { lazy, type ComponentType } from "react";

/** A lazily loaded component with a `preload` that starts the download early. */
export type LazyComponent<P> = ReturnType<typeof lazy<ComponentType<P>>> & {
  /** Starts (once) loading the module; the promise resolves when it is loaded. */
  preload: () => Promise<unknown>;
};

/**
 * Wraps a dynamic `import()` of one named export as a `React.lazy` component that can be preloaded.
 *
 * @param load - returns the module promise, e.g. `() => import("./menu")`
 * @param pick - chooses the component from the module
 * @returns the component (render it inside `<Suspense>`) with `preload()`; a failed download
 *   rejects, and the nearest error boundary shows it like any other render error
 */
export function lazyComponent<M, P>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): LazyComponent<P> {
  let promise: Promise<M> | undefined;
  const once = () =>
    (promise ??= load().catch((error: unknown) => {
      promise = undefined; // the next open tries again
      throw error;
    }));
  const component = lazy(async () => ({ default: pick(await once()) })) as LazyComponent<P>;
  component.preload = once;
  return component;
}
