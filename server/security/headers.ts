/**
 * Security headers (docs/decisions/013-security-headers.md): a
 * Content-Security-Policy with a fresh nonce per request (no `unsafe-inline` for scripts,
 * `object-src 'none'`, `base-uri 'none'`, `frame-ancestors 'none'`), HSTS when the forum is
 * served over HTTPS, `X-Content-Type-Options: nosniff`, `Referrer-Policy`, `Permissions-Policy`.
 * Set with helmet (the maintained Express headers library); the nonce reaches React Router's
 * inline scripts through {@link cspNonceContext} and `app/entry.server.tsx`.
 *
 * @module
 */
import { randomBytes } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import helmet from "helmet";
import { createContext } from "react-router";
import type { AppConfig } from "../platform/config";

/** The request's CSP nonce in the router context ("" when no CSP applies, e.g. the dev server). */
export const cspNonceContext = createContext<string>("");

/** Permissions-Policy: the forum uses none of these browser features. */
export const PERMISSIONS_POLICY =
  "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()";

/**
 * The CSP directives for one nonce.
 *
 * @param nonce base64 nonce of this response
 * @param options.imageOrigins extra origins images may come from (the S3 bucket's public URL)
 * @returns directive name → values, as helmet takes them
 */
export function cspDirectives(nonce: string, options: { imageOrigins?: string[] } = {}): Record<string, string[]> {
  return {
    "default-src": ["'self'"],
    // 'strict-dynamic' lets the nonce'd module scripts load their chunks; 'self' and https: are
    // ignored by CSP3 browsers and only help browsers without nonce support.
    "script-src": [`'nonce-${nonce}'`, "'strict-dynamic'", "'self'", "https:"],
    // Radix and sonner set style attributes and a <style> element at runtime.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...(options.imageOrigins ?? [])],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "media-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "frame-ancestors": ["'none'"],
    "frame-src": ["'none'"],
    "form-action": ["'self'"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
  };
}

/**
 * The CSP header value for one nonce (for tests and the evaluator).
 *
 * @param nonce base64 nonce
 * @param options see {@link cspDirectives}
 * @returns e.g. `default-src 'self'; script-src 'nonce-…' 'strict-dynamic' …`
 */
export function cspHeader(nonce: string, options: { imageOrigins?: string[] } = {}): string {
  return Object.entries(cspDirectives(nonce, options))
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/**
 * The policy of a page sent as it is to many visitors (the visitors' page cache,
 * docs/decisions/045-cached-pages-csp.md): the policy its render was answered with, with
 * `script-src` the hash-sources of the page's own inline scripts (server/security/script-hashes.ts)
 * and `'self'` for the app's modules and their imports, which every browser with CSP level 2
 * loads alike (no `'strict-dynamic'`, whose handling of a hashed module script's imports differs
 * between browsers; no `https:`, which would then allow any origin). Every other directive stays.
 *
 * @param policy a `Content-Security-Policy` value as {@link securityHeaders} sends it, with one
 *   `'nonce-…'` source in `script-src`
 * @param hashes `'sha256-…'` hash-sources (may be empty: then no inline script may run)
 * @returns the policy with `script-src 'sha256-…' … 'self'`; null when `policy` has no
 *   nonce-source (nothing to replace; the caller keeps no hash policy)
 */
export function cspWithHashes(policy: string, hashes: readonly string[]): string | null {
  const scriptSrc = /script-src [^;]*'nonce-[^']*'[^;]*/i;
  if (!scriptSrc.test(policy)) return null;
  return policy.replace(scriptSrc, ["script-src", ...hashes, "'self'"].join(" "));
}

/**
 * Express middleware setting every security header.
 *
 * @param config the parsed config (`publicUrl` decides HSTS, `s3.publicUrl` joins img-src)
 * @param options.csp false on the Vite dev server only (its hot-reload scripts are inline)
 * @returns middleware that also puts the nonce in `res.locals.cspNonce`
 */
export function securityHeaders(config: AppConfig, options: { csp?: boolean } = {}): RequestHandler {
  const https = config.publicUrl.startsWith("https://");
  const imageOrigins = config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : [];
  const withCsp = options.csp !== false;
  const directives = Object.fromEntries(
    Object.keys(cspDirectives("x")).map((name) => [
      name,
      [(_req: unknown, res: unknown) => cspDirectives((res as Response).locals.cspNonce as string, { imageOrigins })[name]!.join(" ")],
    ]),
  );
  const headers = helmet({
    contentSecurityPolicy: withCsp ? { useDefaults: false, directives } : false,
    // Uploaded images may come from another origin (S3); the forum embeds nothing else.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-site" },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    // Uploaded files carry their own stricter headers (app/routes/uploads.ts: sandbox, nosniff).
    if (req.path.startsWith("/uploads/")) return next();
    res.locals.cspNonce = withCsp ? randomBytes(16).toString("base64") : "";
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    headers(req, res, next);
  };
}
