/**
 * Readable thread links: a thread's URL carries its title's slug, and every other form of it —
 * the spec's path without slug, an old title's slug, `/forum/post/{id}`, a comment's permalink —
 * answers with the canonical URL (301 for the thread page, keeping `?sida=N`), which the page's
 * `rel=canonical` names too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as threadRoute from "../../../app/routes/thread";
import * as postRedirect from "../../../app/routes/post-redirect";
import * as commentRedirect from "../../../app/routes/comment-redirect";
import { createComment, createThread } from "../../../server/forum/commands";
import { editThread } from "../../../server/forum/edits";
import { listCategories } from "../../../server/forum/queries";
import { callRoute, sessionCookie } from "../../../server/testing/route-call";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";

let forum: TestForum;
let author: TestMember;
let categoryId = "";
let threadId = "";
const actorOf = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

beforeAll(async () => {
  forum = await createTestForum();
  author = await createMember(forum);
  categoryId = (await listCategories(forum.services.db))[0]!.id;
  threadId = (await createThread(forum.services.db, actorOf(author), { categoryId, title: "Är Ericsson köpvärd efter rapporten?", body: "Text" })).id;
}, 60_000);
afterAll(() => forum?.close());

const base = () => `/forum/kategori/${categoryId}/trad/${threadId}`;
const load = (url: string, cookie?: string) => callRoute(forum, threadRoute.loader, { url, params: { categoryId, threadId }, cookie });

describe("thread links", () => {
  it("the canonical URL carries the title's slug and is the page's rel=canonical", async () => {
    const page = await load(`${base()}/ar-ericsson-kopvard-efter-rapporten`);
    expect(page.status).toBe(200);
    const meta = threadRoute.meta({ loaderData: page.body } as never) as Array<Record<string, string>>;
    expect(meta.find((m) => m.rel === "canonical")?.href).toBe(`http://localhost:3000${base()}/ar-ericsson-kopvard-efter-rapporten`);
  });

  it("the spec's path, a wrong slug and a trailing slash redirect (301) to it, for visitors and members, keeping the page", async () => {
    const cookie = await sessionCookie(forum, author);
    for (const [asked, who] of [
      [base(), undefined],
      [`${base()}/fel-slug`, undefined],
      [`${base()}/`, cookie],
    ] as const) {
      const answer = await load(asked, who);
      expect(answer.status, asked).toBe(301);
      expect(answer.location).toBe(`${base()}/ar-ericsson-kopvard-efter-rapporten`);
    }
    const paged = await load(`${base()}?sida=2`);
    expect(paged.location).toBe(`${base()}/ar-ericsson-kopvard-efter-rapporten?sida=2`);
  });

  it("a retitled thread's old slug redirects to the new one", async () => {
    await editThread(forum.services.db, actorOf(author), threadId, { title: "Ericsson: köp, sälj eller behåll?", body: "Text" });
    const old = await load(`${base()}/ar-ericsson-kopvard-efter-rapporten`);
    expect(old.status).toBe(301);
    expect(old.location).toBe(`${base()}/ericsson-kop-salj-eller-behall`);
    expect((await load(`${base()}/ericsson-kop-salj-eller-behall`)).status).toBe(200);
  });

  it("/forum/post/{id} and a comment's permalink send to the canonical URL at once", async () => {
    const post = await callRoute(forum, postRedirect.loader, { url: `/forum/post/${threadId}`, params: { postId: threadId } });
    expect(post.location).toBe(`${base()}/ericsson-kop-salj-eller-behall`);
    const comment = await createComment(forum.services.db, actorOf(author), threadId, { body: "En kommentar" });
    const link = await callRoute(forum, commentRedirect.loader, { url: `/forum/kommentar/${comment.id}`, params: { commentId: comment.id } });
    expect(link.location).toBe(`${base()}/ericsson-kop-salj-eller-behall#comment-${comment.id}`);
  });
});
