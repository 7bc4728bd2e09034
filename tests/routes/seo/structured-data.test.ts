/**
 * Structured data, canonical URLs and pagination, on the pages a real running
 * forum renders (`server/testing/live-server.ts`), parsed with a real HTML parser (htmlparser2):
 * the thread page's `DiscussionForumPosting` parses and has the required properties; a post
 * containing `</script>` and `<!--` cannot break out of it; a thread with 2 comment pages is
 * canonical to each page with `rel=prev/next`, and so is a category with 2 pages on both its
 * routes; every indexable page has exactly one absolute
 * canonical URL on PUBLIC_URL; private, search and error pages say `noindex`.
 */
import { DomUtils, parseDocument } from "htmlparser2";
import type { Element } from "domhandler";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createComment, createThread } from "../../../server/forum/commands";
import { listCategories } from "../../../server/forum/queries";
import { startLiveForum, type LiveForum } from "../../../server/testing/live-server";
import type { TestMember } from "../../../server/testing/harness";

const PUBLIC_URL = "http://localhost:3000";
const HOSTILE_TITLE = "Rapport </script><script>alert('titel')</script> <!-- Q3";
const HOSTILE_BODY = "Se här: </script><script>alert(1)</script> och <!-- <script> --> & \u2028 slut";
const HOSTILE_COMMENT = "<!--<script> </SCRIPT> kommentar";

let live: LiveForum;
let author: TestMember;
let member: TestMember;
let admin: TestMember;
let memberCookie = "";
let adminCookie = "";
let categoryId = "";
let threadId = "";
let longThreadId = "";
/** The threads' canonical paths (with the title's slug). */
let threadPage = "";
let longThreadPage = "";
let lastCategoryId = "";

const actorOf = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

/** GETs a page without following redirects. */
async function get(path: string, cookie = ""): Promise<{ status: number; html: string; doc: ReturnType<typeof parseDocument> }> {
  const res = await fetch(`${live.base}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const html = await res.text();
  return { status: res.status, html, doc: parseDocument(html) };
}

const elements = (doc: ReturnType<typeof parseDocument>, tag: string) => DomUtils.getElementsByTagName(tag, doc.children) as Element[];
const links = (doc: ReturnType<typeof parseDocument>, rel: string) => elements(doc, "link").filter((l) => l.attribs.rel === rel).map((l) => l.attribs.href);
const robots = (doc: ReturnType<typeof parseDocument>) => elements(doc, "meta").filter((m) => m.attribs.name === "robots").map((m) => m.attribs.content);
/** Every JSON-LD block of the page, parsed. */
const jsonLd = (doc: ReturnType<typeof parseDocument>) =>
  elements(doc, "script")
    .filter((s) => s.attribs.type === "application/ld+json")
    .map((s) => JSON.parse(DomUtils.textContent(s)) as Record<string, unknown>);

beforeAll(async () => {
  live = await startLiveForum();
  const { harness, forum } = live;
  author = await harness.createMember(forum, { nickname: "Rapportören" });
  member = await harness.createMember(forum);
  admin = await harness.createMember(forum, { role: "admin" });
  memberCookie = await live.routeCall.sessionCookie(forum, member);
  adminCookie = await live.routeCall.sessionCookie(forum, admin);
  const db = forum.services.db;
  categoryId = (await listCategories(db))[0]!.id;
  threadId = (await createThread(db, actorOf(author), { categoryId, title: HOSTILE_TITLE, body: HOSTILE_BODY })).id;
  const first = await createComment(db, actorOf(member), threadId, { body: HOSTILE_COMMENT });
  await createComment(db, actorOf(author), threadId, { body: "Ett svar", parentId: first.id });
  await db.execute(sql`UPDATE threads SET edited_at = created_at + interval '1 hour' WHERE id = ${threadId}::uuid`);
  // 51 top-level comments: two comment pages of 50 (COMMENTS_PER_PAGE).
  longThreadId = (await createThread(db, actorOf(author), { categoryId, title: "Lång tråd", body: "Många kommentarer" })).id;
  for (let i = 1; i <= 51; i += 1) await createComment(db, actorOf(member), longThreadId, { body: `Kommentar nummer ${i}` });
  // 31+ threads in the last category: two category pages of 30.
  const cats = await listCategories(db);
  lastCategoryId = cats[cats.length - 1]!.id;
  for (let i = 1; i <= 31; i += 1) await createThread(db, actorOf(author), { categoryId: lastCategoryId, title: `Tråd nummer ${i}`, body: "Text" });
  threadPage = await live.routeCall.threadUrl(forum, threadId);
  longThreadPage = await live.routeCall.threadUrl(forum, longThreadId);
  // The first request compiles the pages (Vite's SSR loader): not part of any test's time.
  await get(threadPage);
}, 240_000);
afterAll(() => live?.close());

describe("thread JSON-LD", () => {
  it("parses, has the required properties, and the hostile text stays inside it", async () => {
    const { status, html, doc } = await get(`${threadPage}`);
    expect(status).toBe(200);
    // No injected script element: the only scripts are the JSON-LD and React Router's own.
    expect(html).not.toContain("<script>alert(");
    const [ld, ...more] = jsonLd(doc);
    expect(more).toHaveLength(0);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "DiscussionForumPosting",
      headline: HOSTILE_TITLE,
      url: `${PUBLIC_URL}${threadPage}`,
      author: { "@type": "Person", name: "Rapportören", url: `${PUBLIC_URL}/@Rapport%C3%B6ren` },
      interactionStatistic: [
        { "@type": "InteractionCounter", interactionType: "https://schema.org/CommentAction", userInteractionCount: 2 },
        { "@type": "InteractionCounter", interactionType: "https://schema.org/LikeAction", userInteractionCount: 0 },
      ],
    });
    expect(ld!.text).toContain("</script><script>alert(1)</script>");
    expect(ld!.text).toContain("<!-- <script> -->");
    expect(Date.parse(ld!.datePublished as string)).not.toBeNaN();
    expect(Date.parse(ld!.dateModified as string)).toBe(Date.parse(ld!.datePublished as string) + 3_600_000);
    const comments = ld!.comment as Record<string, unknown>[];
    expect(comments).toHaveLength(2);
    expect(comments[0]).toMatchObject({ "@type": "Comment", text: HOSTILE_COMMENT, author: { name: member.nickname } });
    expect(comments[1]).toMatchObject({ "@type": "Comment", text: "Ett svar", author: { name: "Rapportören" } });
    expect(comments[0]!.url).toMatch(new RegExp(`^${PUBLIC_URL}${threadPage}#comment-`));
    expect(Date.parse(comments[0]!.datePublished as string)).not.toBeNaN();
  });

  it("a thread with 2 comment pages: each page canonical to itself, with prev/next", async () => {
    const base = `${PUBLIC_URL}${longThreadPage}`;
    const one = await get(`${longThreadPage}`);
    expect(links(one.doc, "canonical")).toEqual([base]);
    expect(links(one.doc, "prev")).toEqual([]);
    expect(links(one.doc, "next")).toEqual([`${base}?sida=2`]);
    const two = await get(`${longThreadPage}?sida=2`);
    expect(links(two.doc, "canonical")).toEqual([`${base}?sida=2`]);
    expect(links(two.doc, "prev")).toEqual([base]);
    expect(links(two.doc, "next")).toEqual([]);
    // The JSON-LD names the discussion by its first page and lists this page's comments only.
    const [ld] = jsonLd(two.doc);
    expect(ld!.url).toBe(base);
    expect((ld!.comment as { text: string }[]).map((c) => c.text)).toEqual(["Kommentar nummer 51"]);
    expect((jsonLd(one.doc)[0]!.comment as unknown[]).length).toBe(50);
  });
});

describe("a member's page is lighter", () => {
  it("a member's thread, profile and home pages carry none; the visitor's same pages do", async () => {
    const pages = [`${longThreadPage}`, `/forum/profil/${author.id}`, "/forum"];
    for (const path of pages) {
      const visitor = await get(path);
      expect(jsonLd(visitor.doc), path).toHaveLength(1);
      const asMember = await get(path, memberCookie);
      expect(asMember.status, path).toBe(200);
      expect(jsonLd(asMember.doc), path).toEqual([]);
      // The member still gets the page itself (the long thread's comments, the header's own menu).
      expect(asMember.html.length, path).toBeGreaterThan(1000);
    }
    const member = await get(`${longThreadPage}`, memberCookie);
    expect(member.html).toContain("Kommentar nummer 50");
  });

  it("the 'Anmäl' and 'Spara' icons point at symbols drawn once on the page", async () => {
    const { doc } = await get(`${longThreadPage}`, memberCookie);
    const symbols = new Set(elements(doc, "symbol").map((s) => s.attribs.id));
    const used = elements(doc, "use").map((u) => u.attribs.href ?? "");
    // The thread's 'Anmäl' (another member's post) and 50 own comments' 'Spara'.
    expect(used.filter((href) => href === "#icon-flag").length).toBeGreaterThanOrEqual(1);
    expect(used.filter((href) => href === "#icon-bookmark").length).toBeGreaterThanOrEqual(50);
    for (const href of used) expect(symbols, href).toContain(href.slice(1));
    // Each symbol once: the icon itself is not repeated per comment.
    expect(elements(doc, "symbol")).toHaveLength(symbols.size);
    expect(elements(doc, "path").length).toBeLessThan(40);
  });
});

describe("category pages", () => {
  it("both category routes name the kategori URL; page 2 is canonical to itself with prev/next", async () => {
    const base = `${PUBLIC_URL}/forum/kategori/${lastCategoryId}`;
    for (const route of ["kategori", "category"]) {
      const one = await get(`/forum/${route}/${lastCategoryId}`);
      expect(links(one.doc, "canonical"), route).toEqual([base]);
      expect(links(one.doc, "next"), route).toEqual([`${base}?sida=2`]);
      const two = await get(`/forum/${route}/${lastCategoryId}?sida=2`);
      expect(links(two.doc, "canonical"), route).toEqual([`${base}?sida=2`]);
      expect(links(two.doc, "prev"), route).toEqual([base]);
      expect(links(two.doc, "next"), route).toEqual([]);
    }
  });
});

describe("profile and home JSON-LD", () => {
  it("the profile carries ProfilePage with the member as Person", async () => {
    for (const path of [`/forum/profil/${author.id}`, `/@${encodeURIComponent(author.nickname)}`]) {
      const { status, doc } = await get(path);
      expect(status).toBe(200);
      expect(jsonLd(doc)).toEqual([
        expect.objectContaining({
          "@type": "ProfilePage",
          mainEntity: expect.objectContaining({ "@type": "Person", name: "Rapportören", url: `${PUBLIC_URL}/@Rapport%C3%B6ren` }),
        }),
      ]);
    }
  });

  it("the forum home carries WebSite with a SearchAction on /forum/sok?q=", async () => {
    const { doc } = await get("/forum");
    expect(jsonLd(doc)).toEqual([
      expect.objectContaining({
        "@type": "WebSite",
        potentialAction: expect.objectContaining({
          "@type": "SearchAction",
          target: expect.objectContaining({ urlTemplate: `${PUBLIC_URL}/forum/sok?q={search_term_string}` }),
        }),
      }),
    ]);
  });
});

describe("canonical URLs and noindex", () => {
  it("every indexable page has exactly one absolute canonical URL on PUBLIC_URL and no noindex", async () => {
    const thread = `${PUBLIC_URL}${threadPage}`;
    const expected: [string, string][] = [
      ["/", `${PUBLIC_URL}/forum`],
      ["/forum", `${PUBLIC_URL}/forum`],
      ["/forum?sortera=populara&sida=2", `${PUBLIC_URL}/forum`],
      ["/landing", `${PUBLIC_URL}/landing`],
      [`/forum/kategori/${categoryId}`, `${PUBLIC_URL}/forum/kategori/${categoryId}`],
      [`/forum/category/${categoryId}`, `${PUBLIC_URL}/forum/kategori/${categoryId}`],
      [`${threadPage}`, thread],
      [`/forum/profil/${author.id}`, `${PUBLIC_URL}/@Rapport%C3%B6ren`],
      ["/@rapportören", `${PUBLIC_URL}/@Rapport%C3%B6ren`],
      ["/forum/aktie/ERIC-B", `${PUBLIC_URL}/forum/aktie/ERIC-B`],
    ];
    for (const [path, canonical] of expected) {
      let page = await get(path);
      // `/@rapportören` redirects to the stored spelling first.
      if (page.status === 302) page = await get(`/@${encodeURIComponent(author.nickname)}`);
      expect(page.status, path).toBe(200);
      expect(links(page.doc, "canonical"), path).toEqual([canonical]);
      expect(robots(page.doc), path).toEqual([]);
    }
  });

  it("private, search, form and error pages say noindex", async () => {
    const pages: [string, string][] = [
      ["/forum/sok?q=rapport", ""],
      ["/forum/konto", memberCookie],
      ["/forum/konto/radera", memberCookie],
      ["/forum/notifications", memberCookie],
      ["/forum/bevakning", memberCookie],
      ["/forum/sparade", memberCookie],
      [`/forum/ny-trad/${categoryId}`, memberCookie],
      ["/forum/create", memberCookie],
      [`/forum/edit/${threadId}`, adminCookie],
      ["/auth/login", ""],
      ["/auth/register", ""],
      ["/auth/forgot-password", ""],
      ["/auth/email-verification", ""],
      ["/auth/reset-password", ""],
      ["/auth/magic?token=x", ""],
      ["/admin", adminCookie],
      ["/admin/users", adminCookie],
      ["/admin/logg", adminCookie],
      ["/avregistrera?token=x", ""],
      ["/avregistrera-notiser?token=x", ""],
      ["/finns-inte", ""],
      [`/forum/kategori/${categoryId}/trad/00000000-0000-4000-8000-000000000000`, ""],
      ["/forum/aktie/FINNSINTE", ""],
    ];
    for (const [path, cookie] of pages) {
      const { status, doc } = await get(path, cookie);
      expect(status, path).toBeLessThan(500);
      expect(status, path).not.toBe(302);
      expect(robots(doc).filter((c) => c!.includes("noindex")), path).toHaveLength(1);
    }
  });
});
