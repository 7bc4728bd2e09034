/**
 * The server side of `app/lib/fragment.tsx` (a `.server` module: never in the browser bundle) (issue 21 "Members at visitor speed"): renders a
 * fragment's element to HTML with React's `renderToString` once per key and keeps the HTML in a
 * byte-bounded LRU cache, so a member's thread page renders its 100 comments once per distinct
 * content instead of once per request.
 *
 * The key is the SHA-1 of the fragment's name, its JSON key parts (which include the page's path
 * and query) and the current minute (`Date.now()` in whole minutes: relative times such as
 * 'för 3 minuter sedan' are at most one minute old, the finest step they show).
 *
 * @module
 */
import { createHash } from "node:crypto";
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticRouter, StaticRouterProvider, UNSAFE_FrameworkContext, type StaticHandlerContext } from "react-router";
import { LRUCache } from "lru-cache";
import type { FragmentRouter } from "./fragment";

/** Upper bound of all cached fragments' HTML together (bytes, counted as UTF-16 length × 2). */
export const FRAGMENT_CACHE_MAX_BYTES = 24 * 1024 * 1024;
/** Fragments longer than this (characters) are not cached (a 1,000-comment page is ~1.5 MB). */
const MAX_FRAGMENT_CHARS = 4 * 1024 * 1024;

/** Hits and misses since start (for tests and the benchmark's log). */
export interface FragmentCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

/** A fragment renderer with its cache: the function `app/lib/fragment.tsx` expects, plus stats. */
export interface FragmentCache {
  /**
   * HTML of `element` for (`name`, `keyParts`, this minute); rendered on a miss.
   *
   * @returns the HTML, or null when it is too large to cache (the caller renders in place)
   */
  render(name: string, keyParts: unknown, element: ReactNode, router: FragmentRouter): string | null;
  /** Counters since the cache was made. */
  stats(): FragmentCacheStats;
}

/**
 * Makes a fragment cache.
 *
 * @param options.maxBytes the cache's bound (default {@link FRAGMENT_CACHE_MAX_BYTES})
 * @param options.now the clock (ms since the epoch), for tests
 */
export function createFragmentCache(options: { maxBytes?: number; now?: () => number } = {}): FragmentCache {
  const now = options.now ?? Date.now;
  const cache = new LRUCache<string, string>({
    maxSize: options.maxBytes ?? FRAGMENT_CACHE_MAX_BYTES,
    sizeCalculation: (html) => Math.max(1, html.length * 2),
  });
  let hits = 0;
  let misses = 0;
  return {
    render(name, keyParts, element, router) {
      const key = createHash("sha1")
        .update(name)
        .update("\0")
        .update(String(Math.floor(now() / 60_000)))
        .update("\0")
        .update(JSON.stringify(keyParts) ?? "")
        .digest("base64");
      const found = cache.get(key);
      if (found !== undefined) {
        hits += 1;
        return found;
      }
      misses += 1;
      const html = renderToString(withRouter(element, router));
      if (html.length > MAX_FRAGMENT_CHARS) return null;
      cache.set(key, html);
      return html;
    },
    stats: () => ({ hits, misses, entries: cache.size, bytes: cache.calculatedSize }),
  };
}

/**
 * `element` inside a static data router that has the page's location, loader data, route id,
 * params and pathname, and the page's framework context: what fetcher forms (their `action`),
 * links and `useParams` read, so the HTML equals what the page's own render would make.
 */
function withRouter(element: ReactNode, { dataRouter, framework, match }: FragmentRouter): ReactNode {
  const page = dataRouter?.staticContext;
  if (!page || !match) return element;
  const route = { id: match.route.id, path: match.route.path ?? "*", element };
  const context: StaticHandlerContext = {
    ...page,
    matches: [{ params: match.params, pathname: match.pathname, pathnameBase: match.pathnameBase, route }],
  } as StaticHandlerContext;
  const router = createStaticRouter([route], context);
  const tree = createElement(StaticRouterProvider, { router, context, hydrate: false });
  return framework ? createElement(UNSAFE_FrameworkContext.Provider, { value: framework }, tree) : tree;
}

/** The process's fragment cache, used by every page render (app/entry.server.tsx). */
export const fragmentCache: FragmentCache = createFragmentCache();
