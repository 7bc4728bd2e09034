/**
 * `GET /sitemaps/:name`: one child sitemap — `threads-<n>.xml`, `categories.xml`,
 * `tickers.xml`, `members-<n>.xml` — streamed from SQL in batches (`server/seo/sitemaps.ts`).
 * 404 for any other name, a page past the end, or with `SEARCH_ENGINES=off`.
 *
 * @module
 */
import { errors } from "../../domain/i18n/sv";
import { parseSitemapName, SITEMAP_HEADERS, sitemapNotFound, sitemapStream } from "../../server/seo/sitemaps";
import { servicesContext } from "../../server/platform/services";
import type { Route } from "./+types/sitemap";

/**
 * @returns 200 `application/xml; charset=utf-8` `<urlset>` as a stream, cacheable for an hour;
 *   404 'Hoppsan! Sidan hittades inte' for an unknown file or when search engines are off
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { config, db } = context.get(servicesContext);
  const file = config.searchEngines ? parseSitemapName(params.name) : null;
  const stream = file && (await sitemapStream(db, config.publicUrl, file));
  if (!stream) return sitemapNotFound(errors.notFound);
  return new Response(stream, { headers: SITEMAP_HEADERS });
}
