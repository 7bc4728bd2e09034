/**
 * `GET /sitemap.xml`: the sitemap index, listing every child sitemap under
 * `/sitemaps/` with absolute URLs on `PUBLIC_URL` (`server/seo/sitemaps.ts`). 404 with
 * `SEARCH_ENGINES=off`.
 *
 * @module
 */
import { errors } from "../../domain/i18n/sv";
import { SITEMAP_HEADERS, sitemapFiles, sitemapIndexXml, sitemapNotFound } from "../../server/seo/sitemaps";
import { servicesContext } from "../../server/platform/services";
import type { Route } from "./+types/sitemap-index";

/**
 * @returns 200 `application/xml; charset=utf-8` `<sitemapindex>`, cacheable for an hour; 404
 *   'Hoppsan! Sidan hittades inte' when search engines are off
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { config, db } = context.get(servicesContext);
  if (!config.searchEngines) return sitemapNotFound(errors.notFound);
  const files = await sitemapFiles(db);
  return new Response(sitemapIndexXml(config.publicUrl, files), { headers: SITEMAP_HEADERS });
}
