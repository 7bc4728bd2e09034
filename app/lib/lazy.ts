/**
 * Code that the first paint does not need, loaded on first use (the thread page's
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

/** A lazily loaded module whose components render without suspending once it has loaded. */
export interface LazyModule<M> {
  /** Starts (once) loading the module; resolves with it. A failed load is retried next time. */
  preload: () => Promise<M>;
  /**
   * One of the module's components as a `React.lazy` component. Once the module has loaded, its
   * first render does not suspend: React's `lazy` gets a thenable that answers at once, so a
   * hydrating render matches the server's HTML without a Suspense fallback in between.
   *
   * @param pick - chooses the component from the module
   * @returns the component with `preload()`
   */
  component: <P>(pick: (module: M) => ComponentType<P>) => LazyComponent<P>;
}

/**
 * A module loaded by a dynamic `import()` on first use, shared by the components taken from it.
 *
 * @param load - returns the module promise, e.g. `() => import("./menu")`
 * @returns {@link LazyModule}; a failed download rejects the render, and the nearest error
 *   boundary shows it like any other render error
 */
export function lazyModule<M>(load: () => Promise<M>): LazyModule<M> {
  let promise: Promise<M> | undefined;
  let loaded: M | undefined;
  const preload = () =>
    (promise ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        promise = undefined; // the next open tries again
        throw error;
      },
    ));
  const component = <P,>(pick: (module: M) => ComponentType<P>): LazyComponent<P> => {
    const lazyOne = lazy(() => {
      if (loaded !== undefined) {
        const module = { default: pick(loaded) };
        // A thenable that calls back at once: React's lazy reads it without suspending.
        return { then: (resolve: (value: typeof module) => void) => resolve(module) } as unknown as Promise<typeof module>;
      }
      return preload().then((module) => ({ default: pick(module) }));
    }) as LazyComponent<P>;
    lazyOne.preload = preload;
    return lazyOne;
  };
  return { preload, component };
}

/**
 * Wraps a dynamic `import()` of one named export as a `React.lazy` component that can be preloaded
 * ({@link lazyModule} with one component).
 *
 * @param load - returns the module promise, e.g. `() => import("./menu")`
 * @param pick - chooses the component from the module
 * @returns the component (render it inside `<Suspense>`) with `preload()`
 */
export function lazyComponent<M, P>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): LazyComponent<P> {
  return lazyModule(load).component(pick);
}

/** Modules being loaded before the page hydrates (see {@link hydrationModule}). */
const hydrationPreloads: Array<Promise<unknown>> = [];

/**
 * A module whose components the server may have drawn into the page but a browser should fetch
 * only when the page has them (a visitor's first visit downloads none of the others).
 * It loads:
 * - on the server, at once (the server renders its components synchronously, also in
 *   `renderToString`; `entry.server.tsx` awaits {@link hydrationPartsReady});
 * - in the browser, before hydration when `inPage(document)` says the page has its components
 *   (`entry.client.tsx` awaits {@link hydrationPartsReady}), so hydration matches the server's
 *   HTML;
 * - otherwise on the first render of one of its components (React Router renders navigations
 *   and revalidations in a transition, which waits for it).
 *
 * @param load - returns the module promise, e.g. `() => import("./member-parts")`
 * @param inPage - whether the server-rendered document holds the module's components
 * @returns {@link LazyModule}
 */
export function hydrationModule<M>(load: () => Promise<M>, inPage: (document: Document) => boolean): LazyModule<M> {
  const module = lazyModule(load);
  if (typeof document === "undefined" || inPage(document)) {
    hydrationPreloads.push(module.preload().catch(() => undefined));
  }
  return module;
}

/**
 * The attribute on `<body>` of a page rendered for a signed-in member (`data-member`, root
 * `Layout`): the browser loads the page's member-only modules before it hydrates.
 */
export const MEMBER_DOCUMENT_ATTRIBUTE = "data-member";

/**
 * A module of components only signed-in members see (comment form, moderation menu, save button,
 * notification bell, …): a {@link hydrationModule} loaded before hydration on a page rendered for
 * a member (`<body data-member>`).
 *
 * @param load - returns the module promise, e.g. `() => import("./member-parts")`
 * @returns {@link LazyModule}
 */
export function memberModule<M>(load: () => Promise<M>): LazyModule<M> {
  return hydrationModule(load, (doc) => doc.body?.hasAttribute(MEMBER_DOCUMENT_ATTRIBUTE) ?? false);
}

/** The attribute on the root element of an error view (404, unavailable, …; `not-found.tsx`). */
export const ROUTE_ERROR_ATTRIBUTE = "data-route-error";

/**
 * The error views' module (`app/components/layout/not-found.tsx`): a {@link hydrationModule}
 * loaded before hydration on a page that shows one (an element with `data-route-error`).
 *
 * @param load - returns the module promise
 * @returns {@link LazyModule}
 */
export function errorViewModule<M>(load: () => Promise<M>): LazyModule<M> {
  return hydrationModule(load, (doc) => doc.querySelector(`[${ROUTE_ERROR_ATTRIBUTE}]`) !== null);
}

/**
 * Resolves when every module a {@link hydrationModule} asked for so far has loaded or failed
 * (failures are left to the component's first render, which retries and reaches the error
 * boundary).
 *
 * @returns a promise that never rejects
 */
export function hydrationPartsReady(): Promise<unknown> {
  return Promise.all(hydrationPreloads);
}
