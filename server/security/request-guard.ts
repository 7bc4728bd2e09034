/**
 * The first middleware of every request: what no route should ever see.
 *
 * - a method the forum does not offer (`TRACE`, `CONNECT`, WebDAV, …) → 405 with `Allow`;
 * - a missing, empty or malformed `Host` header (HTTP/1.0 without `Host`) → 400;
 * - a path or query with malformed percent-encoding (`%ff`, `%E0%A4%A`), NUL or other control
 *   characters, raw or encoded → 400 with the Swedish 'Ogiltig adress' page (JSON for API and
 *   data requests);
 * - a body declared (`Content-Length`) over {@link FORM_MAX_BYTES} → 413 before anything reads it
 *   (uploads excepted: their route checks the member first, then its own limit);
 * - after any answer sent while the client was still sending its body (a 413, a 403, a route
 *   that never read the body), the rest is read and dropped, at most {@link DRAIN_MAX_BYTES} or
 *   {@link DRAIN_MAX_MS}, then the connection is closed. Closing at once would make the kernel
 *   reset the connection, and the client could lose the answer it had not read yet.
 *
 * Refusals are logged (`[guard] …`, warn level).
 *
 * @module
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { errors } from "../../domain/i18n/sv";
import { FORM_MAX_BYTES } from "../http/forms";

/** Methods the forum answers; any other is 405. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const ALLOWED = new Set<string>(ALLOWED_METHODS);

/** Paths whose route applies its own, larger body limit (after checking the member). */
const OWN_LIMIT_PREFIXES = ["/api/uploads/"];

/** Largest unread body drained after an early answer (32 MiB), then the connection is closed. */
export const DRAIN_MAX_BYTES = 32 * 1024 * 1024;
/** Longest time (ms) spent draining an unread body after the answer. */
export const DRAIN_MAX_MS = 10_000;

/** C0 controls, DEL and C1 controls. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** A `%` not followed by two hex digits. */
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
/** Bytes a browser never sends unencoded in a request target. */
const RAW_OUTSIDE_ASCII = /[^\u0021-\u007e]/;
/** `host[:port]`: a DNS name (letters, digits, `-`, `_`, `.`), IPv4, or `[IPv6]`. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?)(?::(\d{1,5}))?$/;

/** Whether one component decodes (valid UTF-8 escapes) to text without control characters. */
function decodedOk(component: string, plusIsSpace: boolean): boolean {
  try {
    const text = decodeURIComponent(plusIsSpace ? component.replace(/\+/g, " ") : component);
    return !CONTROL.test(text);
  } catch {
    return false;
  }
}

/**
 * Whether a request target (path and query, as sent) is one the routes can handle.
 *
 * @param target `req.originalUrl`, e.g. `/forum/sok?q=volvo`
 * @returns false for malformed percent-encoding, bytes that are not UTF-8 once decoded, NUL or
 *   other control characters (raw or encoded) and raw bytes outside printable ASCII
 */
export function isCleanTarget(target: string): boolean {
  if (RAW_OUTSIDE_ASCII.test(target) || BAD_ESCAPE.test(target)) return false;
  const q = target.indexOf("?");
  const path = q < 0 ? target : target.slice(0, q);
  const query = q < 0 ? "" : target.slice(q + 1);
  if (!decodedOk(path, false)) return false;
  for (const pair of query.split("&")) for (const part of pair.split("=")) if (!decodedOk(part, true)) return false;
  return true;
}

/**
 * Whether a `Host` header names a host the server can build URLs from.
 *
 * @param host the header's value (undefined when missing)
 * @returns true for `name`, `name:port`, `1.2.3.4:port`, `[::1]:port` with a port up to 65535
 */
export function isValidHost(host: string | undefined): boolean {
  if (!host) return false;
  const match = HOST.exec(host);
  if (!match) return false;
  if (match[1] !== undefined && Number(match[1]) > 65535) return false;
  try {
    new URL(`http://${host}/`);
    return true;
  } catch {
    return false;
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Whether the client wants JSON (API, React Router data requests, `Accept: …json`). */
function wantsJson(req: Request): boolean {
  const path = req.originalUrl.split("?")[0] ?? "";
  return path.startsWith("/api/") || path.endsWith(".data") || (req.headers.accept ?? "").includes("json");
}

/**
 * Sends a refusal: JSON `{ ok: false, error }` or a small Swedish HTML page.
 *
 * @param status 4xx status
 * @param title page heading
 * @param message Swedish explanation
 */
function refuse(req: Request, res: Response, status: number, title: string, message: string, headers: Record<string, string> = {}): void {
  console.warn(`[guard] ${status} ${JSON.stringify(req.method)} ${JSON.stringify(req.originalUrl.slice(0, 200))} (${title})`);
  res.status(status).set({ "Cache-Control": "no-store", ...headers });
  if (wantsJson(req)) {
    res.json({ ok: false, error: message });
    return;
  }
  res
    // Nothing but this page's own inline style: no script, no other resource.
    .set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
    .type("text/html; charset=utf-8")
    .send(
      `<!DOCTYPE html><html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(title)}</title><style>${GUARD_PAGE_STYLE}</style></head><body><main><p aria-hidden="true">📉</p><h1>${escapeHtml(title)}</h1>` +
        `<p>${escapeHtml(message)}</p><p><a href="/">${escapeHtml(errors.backToStart)}</a></p></main></body></html>`,
    );
}

/** The refusal page's look: the forum's colours and type, a centred card, no external file. */
const GUARD_PAGE_STYLE =
  "body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f0fdf4;color:#0f172a;" +
  "font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}" +
  "main{max-width:28rem;margin:1rem;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:1rem;text-align:center}" +
  "main>p:first-child{font-size:3rem;margin:0}h1{font-size:1.5rem;margin:.5rem 0}p{color:#475569;line-height:1.5}" +
  "a{display:inline-block;margin-top:.5rem;padding:.6rem 1.2rem;border-radius:.5rem;background:#047857;color:#fff;text-decoration:none;font-weight:600}";

/**
 * After the answer, reads and drops what the client still sends of its body (bounded), so it
 * can read the answer instead of meeting a reset; then closes the connection if the body has
 * not ended.
 */
function drainAfterAnswer(req: Request): void {
  if (req.complete || req.destroyed) return;
  let drained = 0;
  const cut = () => {
    clearTimeout(timer);
    req.socket?.destroy();
  };
  const timer = setTimeout(cut, DRAIN_MAX_MS);
  timer.unref();
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    drained += chunk.byteLength;
    if (drained > DRAIN_MAX_BYTES) cut();
  });
  req.once("end", () => clearTimeout(timer));
  req.once("close", () => clearTimeout(timer));
  req.resume();
}

const GUARDED = Symbol("request-guard");

/**
 * The guard middleware (rules in the module comment). Safe to install twice (server.js and
 * createApp): the second does nothing.
 *
 * @returns Express middleware
 */
export function requestGuard(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const marked = req as Request & { [GUARDED]?: true };
    if (marked[GUARDED]) return next();
    marked[GUARDED] = true;
    res.once("finish", () => drainAfterAnswer(req));
    if (!ALLOWED.has(req.method)) {
      return refuse(req, res, 405, errors.methodNotAllowed, errors.methodNotAllowed, { Allow: ALLOWED_METHODS.join(", ") });
    }
    if (!isValidHost(req.headers.host)) return refuse(req, res, 400, errors.badRequest, errors.badHost);
    if (!isCleanTarget(req.originalUrl)) return refuse(req, res, 400, errors.badAddressTitle, errors.badAddress);
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > FORM_MAX_BYTES && !OWN_LIMIT_PREFIXES.some((prefix) => req.path.startsWith(prefix))) {
      console.warn(`[guard] body too large: ${req.method} ${req.path} (limit ${FORM_MAX_BYTES} B, Content-Length ${declared})`);
      res.status(413).set("Cache-Control", "no-store");
      if (wantsJson(req)) res.json({ ok: false, error: errors.bodyTooLarge });
      else res.type("text/plain; charset=utf-8").send(errors.bodyTooLarge);
      return;
    }
    next();
  };
}
