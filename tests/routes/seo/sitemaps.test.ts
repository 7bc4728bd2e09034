/**
 * `/robots.txt`, the sitemap index `/sitemap.xml` and the
 * child sitemaps `/sitemaps/<name>`, called through their route modules on a real database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL). Every XML answer is checked with a maintained
 * validator (fast-xml-parser's XMLValidator), then the sitemaps.org rules are asserted: the
 * namespace, `<urlset>`/`<sitemapindex>`, absolute `<loc>` on PUBLIC_URL, W3C datetimes in
 * `lastmod`, at most 50,000 URLs per file and paging (3 per file over 7 threads → 3 files), and
 * only what a visitor sees (a deleted thread is absent, a member without posts is absent).
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createComment, createThread, deleteThread } from "../../../server/forum/commands";
import { listCategories } from "../../../server/forum/queries";
import {
  SITEMAP_MAX_URLS,
  SITEMAP_NS,
  parseSitemapName,
  sitemapFiles,
  sitemapIndexXml,
  sitemapName,
  sitemapStream,
} from "../../../server/seo/sitemaps";
import { servicesContext, type Services } from "../../../server/platform/services";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { loader as robotsLoader } from "../../../app/routes/robots";
import { loader as indexLoader } from "../../../app/routes/sitemap-index";
import { loader as sitemapLoader } from "../../../app/routes/sitemap";
import { threadUrl } from "../../../server/testing/route-call";

const PUBLIC_URL = "https://forum.exempel.se";
/** W3C datetime (https://www.w3.org/TR/NOTE-datetime), the forms the protocol allows. */
const W3C_DATETIME = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

let forum: TestForum;
let anna: TestMember;
let bertil: TestMember;
let silent: TestMember;
let categoryId: string;
const threadIds: string[] = [];
let deletedId: string;
let commentedId: string;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

/** Calls a resource route's loader as React Router would and reads the whole answer. */
async function get(
  loader: (args: any) => Promise<Response> | Response,
  url: string,
  params: Record<string, string> = {},
  services: Services = forum.services,
) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const res = await loader({ request: new Request(`http://localhost:3000${url}`), context, params });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "url" || name === "sitemap" });

/** Validates the XML and returns the parsed document. */
function parseXml(text: string): any {
  expect(XMLValidator.validate(text)).toBe(true);
  return parser.parse(text);
}

/** The `<url>` entries of a child sitemap, checked against the protocol's rules. */
function urlsOf(text: string): Array<{ loc: string; lastmod?: string }> {
  const doc = parseXml(text);
  expect(doc.urlset["@_xmlns"]).toBe(SITEMAP_NS);
  const urls: Array<{ loc: string; lastmod?: string }> = doc.urlset.url;
  expect(urls.length).toBeGreaterThan(0);
  expect(urls.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
  for (const u of urls) {
    expect(u.loc.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    expect(new URL(u.loc).origin).toBe(PUBLIC_URL);
    if (u.lastmod !== undefined) {
      expect(u.lastmod).toMatch(W3C_DATETIME);
      expect(Number.isNaN(Date.parse(u.lastmod))).toBe(false);
    }
  }
  return urls;
}

async function streamText(stream: ReadableStream<Uint8Array> | null): Promise<string | null> {
  return stream ? new Response(stream).text() : null;
}

beforeAll(async () => {
  forum = await createTestForum({ PUBLIC_URL });
  anna = await createMember(forum, { nickname: "Karta_Anna" });
  bertil = await createMember(forum, { nickname: "Karta_Bertil" });
  silent = await createMember(forum, { nickname: "Karta_Tyst" });
  categoryId = (await listCategories(forum.services.db))[0]!.id;
  for (let i = 1; i <= 8; i++) {
    const author = i % 2 ? anna : bertil;
    const body = i === 1 ? "Köper mer $ERIC-B inför rapporten." : `Tråd nummer ${i} om börsen.`;
    threadIds.push((await createThread(forum.services.db, actor(author), { categoryId, title: `Karttråd ${i}`, body })).id);
  }
  deletedId = threadIds[7]!;
  await deleteThread(forum.services.db, actor(bertil), deletedId);
  commentedId = threadIds[2]!;
  await new Promise((r) => setTimeout(r, 1100));
  await createComment(forum.services.db, actor(bertil), commentedId, { body: "Senaste aktiviteten i tråden." });
}, 60_000);
afterAll(() => forum?.close());

describe("/robots.txt", () => {
  it("allows the public pages, disallows the private and search paths and names the sitemap on PUBLIC_URL", async () => {
    const answer = await get(robotsLoader, "/robots.txt");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const lines = answer.text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const path of ["/forum/kategori/", "/forum/profil/", "/forum/aktie/"]) expect(lines).toContain(`Allow: ${path}`);
    for (const path of [
      "/admin",
      "/auth",
      "/api",
      "/forum/sok",
      "/forum/konto",
      "/forum/notifications",
      "/forum/ny-trad",
      "/forum/create",
      "/forum/edit",
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain("Disallow: /");
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it("with SEARCH_ENGINES=off disallows everything, names no sitemap, and every sitemap answers 404", async () => {
    const closed = { ...forum.services, config: { ...forum.services.config, searchEngines: false } };
    const robots = await get(robotsLoader, "/robots.txt", {}, closed);
    expect(robots.text).toBe("User-agent: *\nDisallow: /\n");
    expect((await get(indexLoader, "/sitemap.xml", {}, closed)).status).toBe(404);
    const child = await get(sitemapLoader, "/sitemaps/threads-1.xml", { name: "threads-1.xml" }, closed);
    expect(child.status).toBe(404);
    expect(child.text).toBe("Hoppsan! Sidan hittades inte");
  });
});

describe("/sitemap.xml", () => {
  it("is a sitemap index listing every child sitemap with absolute URLs on PUBLIC_URL", async () => {
    const answer = await get(indexLoader, "/sitemap.xml");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(answer.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    const doc = parseXml(answer.text);
    expect(doc.sitemapindex["@_xmlns"]).toBe(SITEMAP_NS);
    const locs = doc.sitemapindex.sitemap.map((s: { loc: string }) => s.loc);
    expect(locs).toEqual([
      `${PUBLIC_URL}/sitemaps/threads-1.xml`,
      `${PUBLIC_URL}/sitemaps/categories.xml`,
      `${PUBLIC_URL}/sitemaps/tickers.xml`,
      `${PUBLIC_URL}/sitemaps/members-1.xml`,
    ]);
    // Every file the index names exists.
    for (const loc of locs) {
      const name = loc.split("/").at(-1)!;
      expect((await get(sitemapLoader, `/sitemaps/${name}`, { name })).status).toBe(200);
    }
  });

  it("escapes what it writes: a PUBLIC_URL with & stays valid XML and reads back unchanged", () => {
    const xml = sitemapIndexXml("https://exempel.se/a&b", [{ kind: "threads", page: 1 }]);
    expect(xml).toContain("https://exempel.se/a&amp;b/sitemaps/threads-1.xml");
    expect(parseXml(xml).sitemapindex.sitemap[0].loc).toBe("https://exempel.se/a&b/sitemaps/threads-1.xml");
  });
});

describe("child sitemaps", () => {
  it("threads: every visible thread with its last activity, the deleted one absent", async () => {
    const answer = await get(sitemapLoader, "/sitemaps/threads-1.xml", { name: "threads-1.xml" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const urls = urlsOf(answer.text);
    const locs = urls.map((u) => u.loc);
    const visible = threadIds.filter((id) => id !== deletedId);
    const canonical = await Promise.all(visible.map(async (id) => `${PUBLIC_URL}${await threadUrl(forum, id)}`));
    expect(locs.sort()).toEqual(canonical.sort());
    // Each with its title's slug, never the form that redirects.
    for (const loc of locs) expect(loc).toMatch(/\/trad\/[0-9a-f-]{36}\/[a-z0-9-]+$/);
    expect(locs.some((l) => l.includes(deletedId))).toBe(false);
    // lastmod = last activity: the commented thread's is its newest comment, a second after the rest.
    const lastmod = (id: string) => Date.parse(urls.find((u) => u.loc.includes(`/trad/${id}/`))!.lastmod!);
    expect(urls.every((u) => u.lastmod)).toBe(true);
    expect(lastmod(commentedId)).toBeGreaterThan(lastmod(threadIds[0]!));
  });

  it("threads are paged: 3 per file over 7 threads gives 3 files that together list each thread once", async () => {
    const files = (await sitemapFiles(forum.services.db, 3)).filter((f) => f.kind === "threads");
    expect(files.map(sitemapName)).toEqual(["threads-1.xml", "threads-2.xml", "threads-3.xml"]);
    const all: string[] = [];
    for (const file of files) {
      const text = await streamText(await sitemapStream(forum.services.db, PUBLIC_URL, file, 3));
      const urls = urlsOf(text!);
      expect(urls.length).toBeLessThanOrEqual(3);
      all.push(...urls.map((u) => u.loc));
    }
    expect(all).toHaveLength(7);
    expect(new Set(all).size).toBe(7);
    expect(await sitemapStream(forum.services.db, PUBLIC_URL, { kind: "threads", page: 4 }, 3)).toBeNull();
    expect((await get(sitemapLoader, "/sitemaps/threads-2.xml", { name: "threads-2.xml" })).status).toBe(404);
  });

  it("categories, tickers with posts, and members with posts", async () => {
    const categories = urlsOf((await get(sitemapLoader, "/x", { name: "categories.xml" })).text);
    expect(categories.map((u) => u.loc)).toContain(`${PUBLIC_URL}/forum/kategori/${categoryId}`);

    const tickers = urlsOf((await get(sitemapLoader, "/x", { name: "tickers.xml" })).text);
    expect(tickers.map((u) => u.loc)).toEqual([`${PUBLIC_URL}/forum/aktie/ERIC-B`]);

    const members = urlsOf((await get(sitemapLoader, "/x", { name: "members-1.xml" })).text).map((u) => u.loc);
    expect(members.sort()).toEqual([anna.id, bertil.id].map((id) => `${PUBLIC_URL}/forum/profil/${id}`).sort());
    expect(members.some((l) => l.endsWith(silent.id))).toBe(false);
  });

  it("answers 404 for any other name", async () => {
    for (const name of ["threads-0.xml", "threads.xml", "users-1.xml", "categories-1.xml", "../robots.txt"]) {
      expect(parseSitemapName(name)).toBeNull();
      expect((await get(sitemapLoader, `/sitemaps/${name}`, { name })).status).toBe(404);
    }
  });
});
