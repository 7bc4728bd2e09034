/**
 * Atom feeds as a feed reader gets them: every feed read by a maintained feed
 * parser (`@extractus/feed-extractor`, which throws on XML that is not well-formed), Swedish
 * titles, absolute links on PUBLIC_URL, authors by nickname with their profile URL, the cooked HTML
 * as content, newest first, edits in `updated`, deleted and blocked members' posts gone, 404s for
 * unknown category, thread and ticker, the content type, cache headers and 304, and the alternate
 * links on the pages. Real database (PGlite, or PostgreSQL with TEST_DATABASE_URL); posts are
 * written through the real write paths.
 */
import { extractFromXml, type FeedData } from "@extractus/feed-extractor";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as categoryRoute from "../../app/routes/category";
import * as feedsRoute from "../../app/routes/feeds";
import * as forumHomeRoute from "../../app/routes/forum-home";
import { feeds as fd, forum as f, ticker as tk } from "../../domain/i18n/sv";
import { companies, comments, threads, user } from "../../server/db/schema";
import { createComment, createThread, deleteComment } from "../../server/forum/commands";
import { editComment } from "../../server/forum/edits";
import { listCategories } from "../../server/forum/queries";
import { threadFeedPath, threadPath } from "../../domain/paths";
import { blockUser } from "../../server/moderation/blocks";
import { absoluteHtml } from "../../server/feeds/atom";
import { servicesContext } from "../../server/platform/services";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../server/testing/harness";

const BASE = "http://localhost:3000";
let forum: TestForum;
let anna: TestMember;
let bertil: TestMember;
let carl: TestMember;
let mod: TestMember;
let categoryId: string;
let otherCategoryId: string;
let threadId: string;
let olderThreadId: string;
let carlThreadId: string;
const ids: Record<string, string> = {};
const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

/** Calls the feed loader as React Router would and returns the Response. */
async function get(path: string, params: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(servicesContext, forum.services);
  const request = new Request(`${BASE}${path}`, { headers });
  try {
    return (await feedsRoute.loader({ request, context, params } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

interface Entry {
  id: string;
  title: string;
  link: string;
  published: string;
  /** The entry's `<link href>` as written (fragment included). */
  href: string;
  author: { name: string; uri?: string };
  content: string;
  contentType: string;
  updated: string;
  created: string;
}

/** Fetches a feed, checks the answer and parses it with the feed parser. */
async function read(path: string, params: Record<string, string>): Promise<Omit<FeedData, "entries"> & { entries: Entry[] }> {
  const res = await get(path, params);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
  const xml = await res.text();
  const text = (v: unknown) => (typeof v === "object" && v !== null ? String((v as Record<string, unknown>)["#text"] ?? "") : String(v ?? ""));
  const parsed = extractFromXml(xml, {
    descriptionMaxLen: 0,
    getExtraEntryFields: (e) => {
      const author = e.author as { name: unknown; uri?: unknown };
      return {
        author: { name: text(author.name), ...(author.uri ? { uri: text(author.uri) } : {}) },
        content: text(e.content),
        contentType: String((e.content as Record<string, unknown>)["@_type"] ?? ""),
        updated: String(e.updated),
        created: String(e.published),
        id: text(e.id),
        // The parser's own `link` drops the `#comment-…` fragment; the raw `href` keeps it.
        href: String([e.link].flat().map((l) => (l as Record<string, unknown>)["@_href"])[0] ?? ""),
      };
    },
  });
  return parsed as unknown as Omit<FeedData, "entries"> & { entries: Entry[] };
}

beforeAll(async () => {
  forum = await createTestForum({ ACTION_LIMIT_MULTIPLIER: "1000" });
  await db().insert(companies).values([{ ticker: "SINCH", name: "Sinch" }]).onConflictDoNothing();
  const cats = await listCategories(db());
  categoryId = cats[0]!.id;
  otherCategoryId = cats[1]!.id;
  anna = await createMember(forum, { nickname: "Flode_Anna" });
  bertil = await createMember(forum, { nickname: "Flode_Bertil" });
  carl = await createMember(forum, { nickname: "Flode_Carl" });
  mod = await createMember(forum, { nickname: "Flode_Mod", role: "moderator" });
  for (const m of [anna, bertil, carl]) {
    await db().update(user).set({ createdAt: new Date(Date.now() - 30 * 86_400_000) }).where(eq(user.id, m.id));
  }
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  olderThreadId = (await createThread(db(), actor(bertil), { categoryId: otherCategoryId, title: "Äldre tråd", body: "Lugnt." })).id;
  await db().update(threads).set({ createdAt: at(120) }).where(eq(threads.id, olderThreadId));
  threadId = (
    await createThread(db(), actor(anna), {
      categoryId,
      title: "Sinch rapport <Q3> & utsikter",
      body: "Vad tycker ni om $SINCH efter rapporten? @Flode_Bertil har du läst den?",
    })
  ).id;
  await db().update(threads).set({ createdAt: at(60) }).where(eq(threads.id, threadId));
  const comment = async (key: string, m: TestMember, body: string, minutesAgo: number) => {
    ids[key] = (await createComment(db(), actor(m), threadId, { body })).id;
    await db().update(comments).set({ createdAt: at(minutesAgo) }).where(eq(comments.id, ids[key]!));
  };
  await comment("first", bertil, "Första kommentaren: stark **marginal**.", 50);
  await comment("second", anna, "Andra kommentaren, om [detta](#comment-x).", 40);
  await comment("deleted", bertil, "Den här tas bort.", 30);
  await comment("newest", bertil, "Nyaste kommentaren om $SINCH.", 20);
  await comment("blocked", carl, "Carls kommentar om $SINCH.", 10);
  carlThreadId = (await createThread(db(), actor(carl), { categoryId, title: "Carls tråd", body: "Köp $SINCH nu!" })).id;
  await editComment(db(), actor(bertil), threadId, ids.first!, { body: "Första kommentaren: stark **marginal**, ändrad." });
  await deleteComment(db(), actor(bertil), threadId, ids.deleted!);
  await blockUser(db(), actor(mod) as never, carl.id);
}, 120_000);
afterAll(() => forum?.close());

describe("thread feed", () => {
  const path = () => `/forum/kategori/${categoryId}/trad/${threadId}/feed.atom`;
  const params = () => ({ categoryId, threadId });

  it("lists the newest comments first, then the opening post, with Swedish titles, absolute links and nickname authors", async () => {
    const feed = await read(path(), params());
    expect(feed.title).toBe(fd.threadTitle("Sinch rapport <Q3> & utsikter"));
    expect(feed.description).toBe(fd.threadSubtitle("Sinch rapport <Q3> & utsikter"));
    expect(feed.link).toBe(`${BASE}${threadPath(categoryId, threadId, "Sinch rapport <Q3> & utsikter")}`);
    expect(feed.entries.map((e) => e.href)).toEqual([
      `${BASE}${threadPath(categoryId, threadId, "Sinch rapport <Q3> & utsikter")}#comment-${ids.newest}`,
      `${BASE}${threadPath(categoryId, threadId, "Sinch rapport <Q3> & utsikter")}#comment-${ids.second}`,
      `${BASE}${threadPath(categoryId, threadId, "Sinch rapport <Q3> & utsikter")}#comment-${ids.first}`,
      `${BASE}${threadPath(categoryId, threadId, "Sinch rapport <Q3> & utsikter")}`,
    ]);
    const [newest, second, first, opening] = feed.entries as [Entry, Entry, Entry, Entry];
    expect(newest.title).toBe(`Kommentar av @Flode_Bertil i "Sinch rapport <Q3> & utsikter"`);
    expect(newest.id).toBe(`${BASE}/forum/kommentar/${ids.newest}`);
    expect(newest.author).toEqual({ name: "Flode_Bertil", uri: `${BASE}/forum/profil/${bertil.id}` });
    expect(newest.contentType).toBe("html");
    expect(newest.content).toContain(`href="${BASE}/forum/aktie/SINCH"`);
    expect(second.content).toContain(`href="${BASE}${threadPath(categoryId, threadId, "Sinch rapport <Q3> & utsikter")}#comment-x"`);
    expect(first.content).toContain("<strong>marginal</strong>, ändrad.");
    expect(new Date(first.updated).getTime()).toBeGreaterThan(new Date(first.created).getTime());
    expect(opening.title).toBe("Sinch rapport <Q3> & utsikter");
    expect(opening.id).toBe(`${BASE}/forum/post/${threadId}`);
    expect(opening.author).toEqual({ name: "Flode_Anna", uri: `${BASE}/forum/profil/${anna.id}` });
    expect(opening.content).toContain(`href="${BASE}/@Flode_Bertil"`);
    expect(opening.updated).toBe(opening.created);
  });

  it("leaves out the deleted comment and the blocked member's comment", async () => {
    const feed = await read(path(), params());
    const all = feed.entries.map((e) => `${e.href} ${e.id} ${e.content}`).join("\n");
    expect(all).not.toContain("Den här tas bort");
    expect(all).not.toContain(ids.deleted!);
    expect(all).not.toContain("Carls kommentar");
  });

  it("sends cache headers and an ETag, and answers 304 when the reader has it", async () => {
    const res = await get(path(), params());
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    const again = await get(path(), params(), { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("answers 404 for an unknown thread and a malformed id; a thread under another category's path 301 to its feed", async () => {
    const unknown = await get(`/x`, { categoryId, threadId: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(f.threadNotFound);
    const elsewhere = await get(`/x`, { categoryId: otherCategoryId, threadId });
    expect([elsewhere.status, elsewhere.headers.get("location")]).toEqual([301, threadFeedPath(categoryId, threadId)]);
    expect((await get(`/x`, { categoryId, threadId: "inte-ett-id" })).status).toBe(404);
  });
});

describe("forum and category feeds", () => {
  it("the forum feed lists the newest threads first, without the blocked member's thread", async () => {
    const feed = await read("/forum/feed.atom", {});
    expect(feed.title).toBe(fd.forumTitle);
    expect(feed.description).toBe(fd.forumSubtitle);
    expect(feed.link).toBe(`${BASE}/forum`);
    expect(feed.entries.map((e) => e.title)).toEqual(["Sinch rapport <Q3> & utsikter", "Äldre tråd"]);
    expect(feed.entries.map((e) => e.link)).not.toContain(`${BASE}${threadPath(categoryId, carlThreadId, "Carls tråd")}`);
    expect(feed.entries[1]!.author.name).toBe("Flode_Bertil");
    expect(feed.entries.every((e) => e.href.startsWith(`${BASE}/forum/kategori/`))).toBe(true);
  });

  it("a category feed lists only that category's threads; an unknown category is 404", async () => {
    const name = (await listCategories(db())).find((c) => c.id === otherCategoryId)!.name;
    const feed = await read(`/forum/kategori/${otherCategoryId}/feed.atom`, { categoryId: otherCategoryId });
    expect(feed.title).toBe(fd.categoryTitle(name));
    expect(feed.link).toBe(`${BASE}/forum/kategori/${otherCategoryId}`);
    expect(feed.entries.map((e) => e.title)).toEqual(["Äldre tråd"]);
    const missing = await get("/x", { categoryId: crypto.randomUUID() });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(f.categoryNotFound);
  });
});

describe("ticker feed", () => {
  it("lists the newest posts naming the ticker, comments titled by author and thread, without blocked members' posts", async () => {
    const feed = await read("/forum/aktie/SINCH/feed.atom", { ticker: "SINCH" });
    const [company] = await db().select({ name: companies.name }).from(companies).where(eq(companies.ticker, "SINCH"));
    expect(feed.title).toBe(fd.tickerTitle("SINCH", company!.name));
    expect(feed.link).toBe(`${BASE}/forum/aktie/SINCH`);
    expect(feed.entries.map((e) => e.title)).toEqual([
      `Kommentar av @Flode_Bertil i "Sinch rapport <Q3> & utsikter"`,
      "Sinch rapport <Q3> & utsikter",
    ]);
    expect(feed.entries[0]!.href).toBe(`${BASE}${threadPath(categoryId, threadId, "Sinch rapport <Q3> & utsikter")}#comment-${ids.newest}`);
  });

  it("redirects a lower-case ticker and answers 404 for an unknown one", async () => {
    const lower = await get("/x", { ticker: "sinch" });
    expect(lower.status).toBe(301);
    expect(lower.headers.get("location")).toBe("/forum/aktie/SINCH/feed.atom");
    const unknown = await get("/x", { ticker: "FINNSEJ" });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(tk.notFound);
  });
});

describe("hostile text and images", () => {
  it("a comment with ]]>, <script> and a control character still gives a feed the parser reads, with the text intact", async () => {
    const hostile = (await createComment(db(), actor(anna), olderThreadId, { body: "Slut ]]> <script>alert(1)</script> \u0007 & <!-- klart" })).id;
    const thread = await read(`/forum/kategori/${otherCategoryId}/trad/${olderThreadId}/feed.atom`, { categoryId: otherCategoryId, threadId: olderThreadId });
    const entry = thread.entries.find((e) => e.id.endsWith(hostile))!;
    expect(entry.content).toContain("Slut ]]&gt; &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(entry.content).not.toContain("<script>");
  });

  it("own images and their links become absolute on PUBLIC_URL; external links are kept", () => {
    const html =
      '<p><a href="/uploads/posts/a.webp" class="post-image"><img src="/uploads/posts/a.webp" alt="Graf" width="10" height="10" loading="lazy" /></a>' +
      ' <a href="https://exempel.se/x" rel="nofollow ugc noopener" target="_blank">extern</a></p>';
    const out = absoluteHtml(html, BASE, `${BASE}/forum/kategori/a/trad/b`);
    expect(out).toContain(`<a href="${BASE}/uploads/posts/a.webp" class="post-image"><img src="${BASE}/uploads/posts/a.webp"`);
    expect(out).toContain('href="https://exempel.se/x"');
  });
});

describe("no private data", () => {
  it("no feed carries a member's e-mail address", async () => {
    const feeds = [
      await get("/forum/feed.atom", {}),
      await get("/x", { categoryId }),
      await get("/x", { categoryId, threadId }),
      await get("/x", { ticker: "SINCH" }),
    ];
    for (const res of feeds) {
      expect(res.status).toBe(200);
      const xml = await res.text();
      for (const m of [anna, bertil, carl, mod]) expect(xml).not.toContain(m.email);
    }
  });
});

describe("alternate links on the pages", () => {
  it("the forum home and a category page point at their feeds", () => {
    const home = forumHomeRoute.meta({} as never) as Array<Record<string, string>>;
    expect(home.at(-1)).toEqual({
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: fd.alternate(fd.forumTitle),
      href: "/forum/feed.atom",
    });
    const category = categoryRoute.meta({
      loaderData: { category: { id: categoryId, name: "Aktier", description: "", threadsCount: 0 }, canonical: `${BASE}/x` },
    } as never) as Array<Record<string, string>>;
    expect(category.find((m) => m.rel === "alternate")).toMatchObject({
      type: "application/atom+xml",
      title: fd.alternate(fd.categoryTitle("Aktier")),
      href: `/forum/kategori/${categoryId}/feed.atom`,
    });
  });
});
