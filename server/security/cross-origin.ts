/**
 * Cross-site request protection ("every action and API write rejects a
 * cross-origin request"): the rule of Go 1.25's `http.CrossOriginProtection`, from the Fetch
 * Metadata and Origin headers every current browser sends.
 *
 * For a write (any method but GET, HEAD, OPTIONS):
 * 1. `Sec-Fetch-Site: same-origin` or `none` (typed by the user) → allowed; any other value
 *    (`cross-site`, `same-site`) → refused;
 * 2. otherwise an `Origin` header must equal the forum's origin (`PUBLIC_URL`) or the request's
 *    own `Host` → allowed, else refused;
 * 3. neither header → allowed: not a browser, so not a cross-site request forgery (curl, the CLI,
 *    server-to-server).
 *
 * Refusals answer 403 with a Swedish message (JSON for API and data requests, text otherwise).
 *
 * @module
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { errors } from "../../domain/i18n/sv";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request may write (rules above).
 *
 * @param request method and headers (lower-case names) of the request
 * @param trustedOrigins origins accepted besides the request's own host, e.g. `https://borssnack.se`
 * @returns true when the request is same-origin or not from a browser
 */
export function isSameOriginWrite(
  request: { method: string; headers: Record<string, string | string[] | undefined>; protocol?: string },
  trustedOrigins: readonly string[],
): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const site = header("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const origin = header("origin");
  if (!origin) return true;
  if (trustedOrigins.includes(origin)) return true;
  const host = header("host");
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * Express middleware refusing cross-site writes with 403.
 *
 * @param publicUrl the forum's public base URL (`PUBLIC_URL`)
 * @returns the middleware
 */
export function crossOriginProtection(publicUrl: string): RequestHandler {
  const trusted = [new URL(publicUrl).origin];
  return (req: Request, res: Response, next: NextFunction) => {
    if (isSameOriginWrite(req, trusted)) return next();
    console.warn(`[security] cross-site ${req.method} ${req.path} refused (origin ${String(req.headers.origin)}, site ${String(req.headers["sec-fetch-site"])})`);
    res.status(403);
    if (req.path.startsWith("/api/") || req.path.endsWith(".data") || (req.headers.accept ?? "").includes("json")) {
      res.json({ error: errors.crossSite });
    } else {
      res.type("text/plain; charset=utf-8").send(errors.crossSite);
    }
  };
}
