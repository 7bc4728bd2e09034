/**
 * What a request changed, as far as the caches are concerned: a write declares it, the method
 * does not. Every non-GET request runs in a record ({@link trackWrites}); the write pipeline adds
 * each successful write's `WriteSpec.changes`. An answer below 400 with something declared
 * empties this process's caches, tells the other instances (server/http/app.ts) and marks a
 * member's answer `borssnack_fresh` (./read-caches.ts). A preference or a refused request empties
 * nothing (when every non-GET did, 20 theme POSTs a second cut visitors' throughput 2–6×).
 *
 * @module
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import onHeaders from "on-headers";

/**
 * What a write changed:
 * - `pages`: something any page may show (posts, reactions, profiles, avatars, roles, blocks,
 *   follows): every page cache, the search cache, the shared page data, the shared member
 *   renders, members' kept reads and the session lookups;
 * - `member`: only what the caches keep per member (the session lookup with role and muted
 *   members, the kept notification list): `viewerCache` and `memberReads`, everyone's;
 * - `own`: nothing here; the write's events say whose caches every instance forgets (a private
 *   message, server/realtime/events.ts `cacheEffect`). The writer's answer is marked fresh.
 */
export type CacheChange = "pages" | "member" | "own";

/** The changes of the request being handled; absent outside a tracked request (CLI, jobs, tests). */
const current = new AsyncLocalStorage<Set<CacheChange>>();

/**
 * Records that the request being handled changed `change`. Outside a tracked request (a job, the
 * CLI, a test calling a route module) it does nothing: there the caches' TTL applies.
 *
 * @param change what was changed ({@link CacheChange})
 */
export function declareChange(change: CacheChange): void {
  current.getStore()?.add(change);
}

/** Options of {@link trackWrites}. */
export interface TrackWritesOptions {
  /** Called when an answer below 400 whose request declared changes is finished; errors are the caller's to catch. */
  onChange(changes: ReadonlySet<CacheChange>): void;
  /** Called while such an answer's headers are written: the place to set the writer's fresh-after-write cookie. */
  onHeaders?(req: Request, res: Response, changes: ReadonlySet<CacheChange>): void;
}

/**
 * Express middleware that opens a change record for every non-GET/HEAD request and acts on what
 * was declared in it (module comment). GET and HEAD requests pass through untouched: a read
 * changes nothing.
 *
 * @param options {@link TrackWritesOptions}
 * @returns the middleware; never throws
 */
export function trackWrites(options: TrackWritesOptions): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const changes = new Set<CacheChange>();
    if (options.onHeaders) {
      const hook = options.onHeaders;
      onHeaders(res, () => {
        if (changes.size > 0 && res.statusCode < 400) hook(req, res, changes);
      });
    }
    res.on("finish", () => {
      if (changes.size > 0 && res.statusCode < 400) options.onChange(changes);
    });
    current.run(changes, next);
  };
}
