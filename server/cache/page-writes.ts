/**
 * Which requests are writes that can change a page (issue 21: what empties the page caches and
 * marks a member as having just written).
 *
 * A successful non-GET request empties the visitors' cache, the shared member renders, the shared
 * page data and the session lookups on every worker (server/app.ts, `publishPagesChanged`), and
 * sets `borssnack_fresh` so the writer's next pages skip them (server/cache/shared-page-data.ts).
 * The activity log (`POST /api/presence`, SPEC §4 presence: on load, on focus and every few
 * minutes per open tab) writes only the member's activity hours, which no cached page shows (the
 * online count is read with its own uncached `GET /api/presence`), so it does neither: before, each
 * member's heartbeat emptied every cache of every worker and sent that member's next page past
 * the shared render.
 *
 * @module
 */
import type { Request } from "express";

/** Non-GET paths whose writes no cached page shows. */
const NOT_PAGE_WRITES = new Set(["/api/presence"]);

/**
 * @param req an Express request
 * @returns true for a non-GET/HEAD request other than the activity log; never throws
 */
export function changesPages(req: Pick<Request, "method" | "path">): boolean {
  return req.method !== "GET" && req.method !== "HEAD" && !NOT_PAGE_WRITES.has(req.path);
}
