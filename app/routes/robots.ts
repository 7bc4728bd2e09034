/**
 * `GET /robots.txt`: allows threads, categories, profiles and ticker pages, disallows
 * the private and search paths, names `<PUBLIC_URL>/sitemap.xml`; with `SEARCH_ENGINES=off`
 * disallows everything (`server/seo/robots.ts`). Plain text, cacheable for an hour.
 *
 * @module
 */
import { robotsTxt } from "../../server/seo/robots";
import { servicesContext } from "../../server/platform/services";
import type { Route } from "./+types/robots";

/** @returns 200 `text/plain; charset=utf-8` with the robots rules; never throws */
export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  return new Response(robotsTxt(config), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
