/**
 * Server-rendered fragments rendered once and reused (issue 21 "Members at visitor speed").
 *
 * A {@link CachedList} renders its children like a plain list element in the browser. On the
 * server, when the request's render provides a {@link FragmentRenderer} (app/entry.server.tsx),
 * the children are rendered to HTML once per *key* in a separate React render and the list
 * element carries that HTML. The key is a hash of everything the children's markup depends on
 * (the caller's `keyParts`, the page's URL, which the forms' actions use, and the current minute,
 * which the relative times use), so the same comments seen with the same personal state share one
 * render, and anything that changes the markup changes the key: nothing has to be invalidated.
 *
 * The browser hydrates the list's children against that HTML as if the page's own render had made
 * it: the separate render gets the page's React Router contexts, so links, fetcher forms and
 * their actions come out the same (a static router with the page's location, route id and params). Rules for children (checked by `app/lib/fragment.test.tsx`):
 * markup may depend only on props and the router's location (not on `useId`, other contexts,
 * or the clock beyond the minute).
 *
 * @module
 */
import { createContext, useContext, type ReactNode } from "react";
import { UNSAFE_DataRouterContext, UNSAFE_FrameworkContext, UNSAFE_RouteContext } from "react-router";

/** The page's router, as a fragment's separate render needs it to render the same forms and links. */
export interface FragmentRouter {
  /** React Router's data-router context value of the page (its `staticContext` on the server). */
  dataRouter: React.ContextType<typeof UNSAFE_DataRouterContext>;
  /** The framework context value (route modules, manifest). */
  framework: React.ContextType<typeof UNSAFE_FrameworkContext>;
  /** The route match the fragment sits in (its id, params and pathname). */
  match: React.ContextType<typeof UNSAFE_RouteContext>["matches"][number] | undefined;
}

/**
 * Renders `element` to HTML for the cache key made of `name` and `keyParts` under the page's
 * `router`, or answers from its cache. Returns null when it will not cache (the caller then
 * renders the children in place).
 */
export type FragmentRenderer = (name: string, keyParts: unknown, element: ReactNode, router: FragmentRouter) => string | null;

/** Given only on the server (app/entry.server.tsx); null in the browser. */
export const FragmentRendererContext = createContext<FragmentRenderer | null>(null);

/**
 * A `<ul>` whose items are rendered once per key on the server (see the module comment).
 *
 * @param props.name the fragment's name in the cache key, e.g. `"thread-comments"`
 * @param props.keyParts everything the children's markup depends on besides the URL and the
 *   minute (JSON-serialisable; e.g. the comments with their personal state)
 * @param props.className the list's classes
 * @param props.children the list items
 */
export function CachedList({ name, keyParts, className, children }: { name: string; keyParts: unknown; className?: string; children?: ReactNode }) {
  const render = useContext(FragmentRendererContext);
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const framework = useContext(UNSAFE_FrameworkContext);
  const match = useContext(UNSAFE_RouteContext).matches.at(-1);
  if (render && dataRouter?.staticContext) {
    const location = dataRouter.staticContext.location;
    const html = render(name, [location.pathname + location.search, keyParts], children, { dataRouter, framework, match });
    if (html !== null) return <ul className={className} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return <ul className={className}>{children}</ul>;
}
