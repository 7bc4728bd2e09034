/**
 * Answers that must not outlive the session in the browser: everything rendered for a signed-in
 * member (pages, their loader data, JSON) and every `/admin` answer carries
 * `Cache-Control: private, no-store`, so after a logout Back does not show `/forum/konto` with the
 * member's e-mail from the HTTP cache, and no shared cache between the browser and the server
 * keeps it. An answer that says it is public (`Cache-Control: public, …`: uploaded images, the
 * market calendar, feeds) is the same for everyone and keeps its header; visitors' pages keep
 * theirs. A `no-transform` the route set is kept (the event stream needs it, or the compression
 * middleware would buffer it). Static assets are served before this middleware (server.js) and
 * keep their immutable caching.
 *
 * @module
 */
import type { NextFunction, Request, Response } from "express";
import onHeaders from "on-headers";

/** The session cookie of better-auth (prefix `borssnack`), with or without `__Secure-`. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?borssnack\.session_token=/;
/** The admin pages and their loader data (`/admin.data`, `/admin/users.data`). */
const ADMIN_PATH = /^\/admin(?:[/.]|$)/;

/** The header set on a private answer. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * Express middleware: marks the answer of a request with a session cookie, or to `/admin`, as
 * {@link PRIVATE_CACHE_CONTROL} when its headers are written, unless the route declared it
 * public.
 *
 * @param req the request (its `Cookie` header and path)
 * @param res the answer
 * @param next the next middleware
 */
export function privateAnswers(req: Request, res: Response, next: NextFunction): void {
  if (SESSION_COOKIE.test(req.headers.cookie ?? "") || ADMIN_PATH.test(req.path)) {
    onHeaders(res, () => {
      const current = res.getHeader("Cache-Control");
      const text = typeof current === "string" ? current : "";
      if (/^\s*public\b/i.test(text)) return;
      // `no-transform` stays: the event stream carries it so the compression middleware does not
      // buffer it (server/realtime/stream.ts).
      res.setHeader("Cache-Control", /\bno-transform\b/i.test(text) ? `${PRIVATE_CACHE_CONTROL}, no-transform` : PRIVATE_CACHE_CONTROL);
    });
  }
  next();
}
