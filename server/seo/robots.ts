/**
 * `/robots.txt` and the "closed to search engines" switch.
 *
 * With `SEARCH_ENGINES=on` (the default) the file allows the forum's public pages — threads and
 * categories (`/forum/kategori/…`), profiles (`/forum/profil/…`) and ticker pages
 * (`/forum/aktie/…`) — disallows exactly the nine paths of docs/decisions/034-sitemaps-robots.md and
 * points at the sitemap index on `PUBLIC_URL`. With `SEARCH_ENGINES=off` it disallows everything and names no sitemap, and
 * {@link noindexEverything} adds `X-Robots-Tag: noindex` to every response.
 *
 * @module
 */
import type { NextFunction, Request, Response } from "express";

/** Paths robots.txt keeps crawlers out of (in its order). */
export const ROBOTS_DISALLOW = [
  "/admin",
  "/auth",
  "/api",
  "/forum/sok",
  "/forum/konto",
  "/forum/notifications",
  "/forum/ny-trad",
  "/forum/create",
  "/forum/edit",
] as const;

/** Path prefixes robots.txt names as allowed (threads, categories, profiles, ticker pages). */
export const ROBOTS_ALLOW = ["/forum/kategori/", "/forum/profil/", "/forum/aktie/"] as const;

/** Path of the sitemap index. */
export const SITEMAP_INDEX_PATH = "/sitemap.xml";

/**
 * The text of `/robots.txt`.
 *
 * @param options.publicUrl the forum's origin without trailing slash (`config.publicUrl`), e.g.
 *   `https://borssnack.se`
 * @param options.searchEngines `config.searchEngines`; false = disallow everything, no sitemap line
 * @returns the file's text (LF line ends, ending in a newline); never throws
 */
export function robotsTxt(options: { publicUrl: string; searchEngines: boolean }): string {
  if (!options.searchEngines) return "User-agent: *\nDisallow: /\n";
  return [
    "User-agent: *",
    ...ROBOTS_ALLOW.map((p) => `Allow: ${p}`),
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${options.publicUrl}${SITEMAP_INDEX_PATH}`,
    "",
  ].join("\n");
}

/**
 * Express middleware for `SEARCH_ENGINES=off`: every response says `X-Robots-Tag:
 * noindex, nofollow`, so a page a crawler reaches anyway (a link from elsewhere) stays out of
 * the index; robots.txt alone only stops crawling.
 *
 * @param _req the request (unused)
 * @param res the response, which gets the header
 * @param next continues the chain
 */
export function noindexEverything(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader("X-Robots-Tag", "noindex, nofollow");
  next();
}
