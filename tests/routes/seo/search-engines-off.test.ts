/**
 * `SEARCH_ENGINES=off` ("a forum still closed to the public"), on a running forum: what a
 * crawler gets over HTTP — robots.txt disallows everything and names no sitemap, the sitemaps
 * answer 404, and every page says `X-Robots-Tag: noindex, nofollow`. The default (`on`) is in
 * tests/routes/seo/sitemaps.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLiveForum, type LiveForum } from "../../../server/testing/live-server";

let live: LiveForum;

beforeAll(async () => {
  live = await startLiveForum({ SEARCH_ENGINES: "off" });
  // The first page loads the build (up to 20 s on 2 busy cores): here, not in the test's 30 s.
  await (await fetch(`${live.base}/forum`)).text();
}, 180_000);
afterAll(async () => live?.close());

describe("SEARCH_ENGINES=off over HTTP", () => {
  it("robots.txt disallows everything, the sitemaps are gone and pages say noindex", async () => {
    const robots = await fetch(`${live.base}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toBe("User-agent: *\nDisallow: /\n");
    expect(robots.headers.get("x-robots-tag")).toBe("noindex, nofollow");

    for (const path of ["/sitemap.xml", "/sitemaps/threads-1.xml", "/sitemaps/categories.xml"]) {
      const answer = await fetch(`${live.base}${path}`);
      expect(answer.status, path).toBe(404);
      await answer.text();
    }

    const page = await fetch(`${live.base}/forum`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    await page.text();
  });
});
