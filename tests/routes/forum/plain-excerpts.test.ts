/**
 * No raw Markdown outside the post itself: on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), a thread and a comment written in Markdown — emphasis, a link, an image and
 * a quote from 'Citera' (`> @Skeptiska_Sara skrev: … [↩](…)`) — show as plain text on the
 * ticker page, in 'Bevakning', in the profile's 'Senaste kommentarer', in 'Sparade', in the
 * Atom feed's summaries, in the thread's description, OpenGraph and JSON-LD, in the profile's
 * description and JSON-LD, and in the e-mail digest: no `**`, no `> `, no `[↩]`.
 */
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as feedsRoute from "../../../app/routes/feeds";
import * as profileRoute from "../../../app/routes/profile";
import * as savedRoute from "../../../app/routes/saved";
import * as threadRoute from "../../../app/routes/thread";
import * as tickerRoute from "../../../app/routes/ticker";
import * as watchlistRoute from "../../../app/routes/watchlist";
import { profileJsonLd, threadJsonLd } from "../../../app/lib/structured-data";
import { quoteMarkdown } from "../../../domain/quote";
import { commentPath, threadPath } from "../../../domain/paths";
import { profiles } from "../../../server/db/schema";
import { sendDueDigests } from "../../../server/digest/digest";
import { savePost } from "../../../server/bookmarks/commands";
import { createComment, createThread } from "../../../server/forum/commands";
import { listCategories } from "../../../server/forum/queries";
import { servicesContext } from "../../../server/platform/services";
import { updateBio } from "../../../server/profiles/commands";
import { watchTicker } from "../../../server/watchlist/commands";
import { callRoute, sessionCookie, threadUrl } from "../../../server/testing/route-call";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";

const PUBLIC = "http://localhost:3000";
const THREAD_BODY = "**Vad tror ni** om $VOLV-B efter rapporten?\n\nSe [rapporten](https://www.volvogroup.com) och ![graf](https://example.com/graf.png)";
const THREAD_TEXT = "Vad tror ni om $VOLV-B efter rapporten? Se rapporten och";
const COMMENT_TEXT = "Jag tror att $VOLV-B är billig. Köp!";

let forum: TestForum;
let sara: TestMember;
let anna: TestMember;
let reader: TestMember;
let readerCookie: string;
let categoryId: string;
let threadId: string;
let commentId: string;
const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

/** Fails with the offending text when it holds Markdown or the forum's quote syntax. */
function expectPlain(text: unknown, where: string): void {
  expect(typeof text, where).toBe("string");
  for (const raw of ["**", "> ", "[↩]", "↩", "skrev:", "](", "![", "Skeptiska_Sara skrev"]) expect(text as string, `${where}: ${raw}`).not.toContain(raw);
}

beforeAll(async () => {
  forum = await createTestForum({ ACTION_LIMIT_MULTIPLIER: "1000" });
  sara = await createMember(forum, { nickname: "Skeptiska_Sara" });
  anna = await createMember(forum, { nickname: "Excerpt_Anna" });
  reader = await createMember(forum, { nickname: "Excerpt_Läsare" });
  readerCookie = await sessionCookie(forum, reader);
  categoryId = (await listCategories(db()))[0]!.id;
  threadId = (await createThread(db(), actor(sara), { categoryId, title: "Volvo efter rapporten", body: THREAD_BODY })).id;
  // Anna quotes Sara's post with 'Citera' and answers in Markdown.
  const quoted = quoteMarkdown({ nickname: sara.nickname, text: "**Vad tror ni** om $VOLV-B?", href: threadPath(categoryId, threadId) });
  commentId = (await createComment(db(), actor(anna), threadId, { body: `${quoted}Jag tror att $VOLV-B är **billig**.\n_Köp!_` })).id;
  await watchTicker(db(), reader.id, "VOLV-B");
}, 60_000);
afterAll(() => forum?.close());

describe("lists", () => {
  it("the ticker page lists the thread and the comment as plain text", async () => {
    const page = await callRoute(forum, tickerRoute.loader, { url: "/forum/aktie/VOLV-B", params: { ticker: "VOLV-B" } });
    expect(page.status).toBe(200);
    const posts = page.body.posts as Array<{ id: string; excerpt: string }>;
    for (const post of posts) expectPlain(post.excerpt, `ticker ${post.id}`);
    expect(posts.find((p) => p.id === threadId)?.excerpt).toBe(THREAD_TEXT);
    expect(posts.find((p) => p.id === commentId)?.excerpt).toBe(COMMENT_TEXT);
  });

  it("'Bevakning' lists them as plain text", async () => {
    const page = await callRoute(forum, watchlistRoute.loader, { url: "/forum/bevakning", cookie: readerCookie });
    expect(page.status).toBe(200);
    const posts = page.body.posts as Array<{ id: string; excerpt: string }>;
    expect(posts.map((p) => p.id).sort()).toEqual([threadId, commentId].sort());
    for (const post of posts) expectPlain(post.excerpt, `watchlist ${post.id}`);
    expect(posts.find((p) => p.id === commentId)?.excerpt).toBe(COMMENT_TEXT);
  });

  it("the profile's 'Senaste kommentarer' shows the comment as plain text", async () => {
    const page = await callRoute(forum, profileRoute.loader, { url: `/forum/profil/${anna.id}`, params: { userId: anna.id } });
    expect(page.status).toBe(200);
    const [comment] = page.body.activity.comments as Array<{ id: string; excerpt: string }>;
    expect(comment).toMatchObject({ id: commentId, excerpt: COMMENT_TEXT });
  });

  it("'Sparade' shows saved posts as plain text", async () => {
    await savePost(db(), reader.id, { targetType: "comment", targetId: commentId });
    const page = await callRoute(forum, savedRoute.loader, { url: "/forum/sparade", cookie: readerCookie });
    expect(page.status).toBe(200);
    const [item] = page.body.items as Array<{ id: string; excerpt: string }>;
    expect(item).toMatchObject({ id: commentId, excerpt: COMMENT_TEXT });
  });
});

describe("feeds", () => {
  it("the ticker feed's summaries are plain text; the content stays the cooked HTML", async () => {
    const context = new RouterContextProvider();
    context.set(servicesContext, forum.services);
    const request = new Request(`${PUBLIC}/forum/aktie/VOLV-B/feed.atom`);
    const res = (await feedsRoute.loader({ request, context, params: { ticker: "VOLV-B" } } as never)) as Response;
    expect(res.status).toBe(200);
    const xml = await res.text();
    const summaries = [...xml.matchAll(/<summary type="html"><!\[CDATA\[([\s\S]*?)\]\]><\/summary>/g)].map((m) => m[1]!);
    expect(summaries.sort()).toEqual([COMMENT_TEXT, THREAD_TEXT].sort());
    expect(xml).not.toContain("**");
    expect(xml).not.toContain("[↩]");
    expect(xml).toContain('<blockquote class="quote">');
  });
});

describe("search engines and shared links", () => {
  it("the thread's description, og:description and JSON-LD texts are plain text", async () => {
    const page = await callRoute(forum, threadRoute.loader, {
      url: await threadUrl(forum, threadId),
      params: { categoryId, threadId },
    });
    expect(page.status).toBe(200);
    const meta = threadRoute.meta({ loaderData: page.body } as never) as Array<Record<string, string>>;
    const description = meta.find((m) => m.name === "description")?.content;
    expect(description).toBe(THREAD_TEXT);
    expect(meta.find((m) => m.property === "og:description")?.content).toBe(THREAD_TEXT);
    const url = `${PUBLIC}${threadPath(categoryId, threadId)}`;
    const ld = threadJsonLd({ ...page.body, publicUrl: PUBLIC, threadUrl: url, pageUrl: url, texts: page.body.plainTexts });
    expectPlain(ld.text, "JSON-LD thread");
    expect(ld.text).toBe(THREAD_TEXT);
    const [comment] = ld.comment as Array<{ text: string }>;
    expect(comment!.text).toBe(COMMENT_TEXT);
    // Members get no JSON-LD, so no texts for it either.
    const asMember = await callRoute(forum, threadRoute.loader, {
      url: await threadUrl(forum, threadId),
      params: { categoryId, threadId },
      cookie: readerCookie,
    });
    expect(asMember.body.plainTexts).toBeNull();
  });

  it("a thread whose post has no text of its own is described by its title", async () => {
    const { id } = await createThread(db(), actor(sara), { categoryId, title: "Bara en graf", body: "![graf](https://example.com/graf.png)" });
    const page = await callRoute(forum, threadRoute.loader, { url: await threadUrl(forum, id), params: { categoryId, threadId: id } });
    const meta = threadRoute.meta({ loaderData: page.body } as never) as Array<Record<string, string>>;
    expect(meta.find((m) => m.name === "description")?.content).toBe("Bara en graf");
  });

  it("the profile's description and JSON-LD read the bio as plain text", async () => {
    await updateBio(db(), anna.id, "**Långsiktig** investerare.\n\n> citat från någon\n\nÄger $VOLV-B.");
    const page = await callRoute(forum, profileRoute.loader, { url: `/forum/profil/${anna.id}`, params: { userId: anna.id } });
    expect(page.body.bioText).toBe("Långsiktig investerare. Äger $VOLV-B.");
    const meta = profileRoute.meta({ loaderData: page.body } as never) as Array<Record<string, string>>;
    expect(meta.find((m) => m.name === "description")?.content).toBe("Långsiktig investerare. Äger $VOLV-B.");
    expect(meta.find((m) => m.property === "og:description")?.content).toBe("Långsiktig investerare. Äger $VOLV-B.");
    const ld = profileJsonLd(page.body.profile, page.body.url, page.body.bioText);
    expect((ld.mainEntity as { description: string }).description).toBe("Långsiktig investerare. Äger $VOLV-B.");
  });
});

describe("the e-mail digest", () => {
  it("names the thread and the actor, never the post's Markdown", async () => {
    // Sara is away: the digest tells her about Anna's quoting comment.
    await db()
      .update(profiles)
      .set({ lastActivityAt: sql`now() - interval '30 minutes'` })
      .where(eq(profiles.id, sara.id));
    const before = forum.mails.length;
    await sendDueDigests({ db: db(), mailer: forum.services.mailer, publicUrl: PUBLIC, secret: forum.services.config.authSecret, intervalMinutes: 30, awayMinutes: 10 });
    const mail = forum.mails.slice(before).find((m) => m.to === sara.email);
    expect(mail).toBeDefined();
    expect(mail!.text).toContain(`${PUBLIC}${commentPath(commentId)}`);
    for (const part of [mail!.text, mail!.html, mail!.subject]) {
      expect(part).not.toContain("**");
      expect(part).not.toContain("[↩]");
      expect(part).not.toContain("&gt; @");
    }
  });
});
