/**
 * Idempotent posting ("a double-submitted thread or comment form (same
 * idempotency key, or identical text within seconds) creates one post"). Submits go through the
 * routes with a real session, as a double click or a resent form would; the second lands on the
 * same thread or comment instead of an error — also when both arrive at once, and although the
 * 15 s / 5 s posting limits would refuse a genuine second post.
 */
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as newThread from "../../../app/routes/new-thread";
import * as threadRoute from "../../../app/routes/thread";
import { abuseLimits, comments, threads, user } from "../../../server/db/schema";
import { listCategories } from "../../../server/forum/queries";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { callRoute, sessionCookie } from "../../../server/testing/route-call";
import { threadIdOf } from "../../../domain/paths";

let forum: TestForum;
let categoryId: string;
let member: TestMember;
let cookie: string;
let threadId: string;

const postThread = (form: Record<string, string>) =>
  callRoute(forum, newThread.action, { url: `/forum/ny-trad/${categoryId}`, params: { categoryId }, form, cookie });
const postComment = (form: Record<string, string>) =>
  callRoute(forum, threadRoute.action, {
    url: `/forum/kategori/${categoryId}/trad/${threadId}`,
    params: { categoryId, threadId },
    form: { intent: "comment", ...form },
    cookie,
  });
const threadsTitled = async (title: string) =>
  (await forum.services.db.select().from(threads).where(eq(threads.title, title))).length;
const commentsWith = async (body: string) =>
  (await forum.services.db.select().from(comments).where(eq(comments.body, body))).length;
/** Lets the posting intervals pass, so only idempotency decides. */
const letIntervalsPass = () => forum.services.db.delete(abuseLimits).where(like(abuseLimits.key, "act_%Interval:%"));

beforeAll(async () => {
  forum = await createTestForum();
  categoryId = (await listCategories(forum.services.db))[0]!.id;
  member = await createMember(forum);
  // An established member: the first-day caps (3 threads) are tested in abuse-limits.test.ts.
  await forum.services.db.update(user).set({ createdAt: new Date(Date.now() - 30 * 86_400_000) }).where(eq(user.id, member.id));
  cookie = await sessionCookie(forum, member);
  const first = await postThread({ title: "Tråden att kommentera", body: "Start", submitKey: crypto.randomUUID() });
  threadId = threadIdOf(first.location!)!;
  await letIntervalsPass();
});
afterAll(() => forum.close());

describe("thread form", () => {
  it("the same key twice: one thread, both submits redirect to it", async () => {
    const form = { title: "Dubbelklick", body: "Skickad två gånger", submitKey: crypto.randomUUID() };
    const first = await postThread(form);
    const second = await postThread(form);
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    expect(second.location).toBe(first.location);
    expect(await threadsTitled("Dubbelklick")).toBe(1);
    await letIntervalsPass();
  });

  it("the same key twice at the same moment: one thread, the same redirect", async () => {
    const form = { title: "Samtidigt", body: "Två förfrågningar på en gång", submitKey: crypto.randomUUID() };
    const [a, b] = await Promise.all([postThread(form), postThread(form)]);
    expect([a.status, b.status]).toEqual([302, 302]);
    expect(a.location).toBe(b.location);
    expect(await threadsTitled("Samtidigt")).toBe(1);
    await letIntervalsPass();
  });

  it("identical text within seconds without a key (or with a new one): one thread", async () => {
    const first = await postThread({ title: "Utan nyckel", body: "Samma text igen" });
    const second = await postThread({ title: "Utan nyckel", body: "Samma text igen", submitKey: crypto.randomUUID() });
    expect(second.status).toBe(302);
    expect(second.location).toBe(first.location);
    expect(await threadsTitled("Utan nyckel")).toBe(1);
    await letIntervalsPass();
  });

  it("a refused submit frees its key: sent again later with it, the thread is created", async () => {
    const form = { title: "Först för tidigt", body: "Andra tråden inom 15 sekunder", submitKey: crypto.randomUUID() };
    expect((await postThread({ title: "Precis innan", body: "Annan text" })).status).toBe(302);
    expect((await postThread(form)).status).toBe(429);
    await letIntervalsPass();
    expect((await postThread(form)).status).toBe(302);
    expect(await threadsTitled("Först för tidigt")).toBe(1);
    await letIntervalsPass();
  });
});

describe("comment and reply form", () => {
  it("the same key twice: one comment, both answers name it", async () => {
    const form = { body: "Dubbelskickad kommentar", submitKey: crypto.randomUUID() };
    const first = await postComment(form);
    const second = await postComment(form);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.commentId).toBe(first.body.commentId);
    expect(await commentsWith("Dubbelskickad kommentar")).toBe(1);
    await letIntervalsPass();
  });

  it("the same key twice at the same moment: one comment", async () => {
    const form = { body: "Samtidig kommentar", submitKey: crypto.randomUUID() };
    const [a, b] = await Promise.all([postComment(form), postComment(form)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.commentId).toBe(b.body.commentId);
    expect(await commentsWith("Samtidig kommentar")).toBe(1);
    await letIntervalsPass();
  });

  it("identical reply text within seconds without a key: one reply, the same comment", async () => {
    const parent = await postComment({ body: "Förälder" });
    await letIntervalsPass();
    const form = { body: "Svar som skickas två gånger", parentId: parent.body.commentId };
    const first = await postComment(form);
    const second = await postComment(form);
    expect(second.status).toBe(200);
    expect(second.body.commentId).toBe(first.body.commentId);
    expect(await commentsWith("Svar som skickas två gånger")).toBe(1);
    await letIntervalsPass();
  });

  it("a new comment with other text right after is still held to the 5 s interval", async () => {
    expect((await postComment({ body: "Ett", submitKey: crypto.randomUUID() })).status).toBe(200);
    expect((await postComment({ body: "Två", submitKey: crypto.randomUUID() })).status).toBe(429);
  });
});

describe("identical posts at the same moment with different keys (README: they land on the first)", () => {
  it("20 identical comments at once, each with its own key: one comment, all 20 answers name it", async () => {
    await letIntervalsPass();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postComment({ body: "Tjugo gånger samtidigt", submitKey: crypto.randomUUID() })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.commentId)).size).toBe(1);
    expect(await commentsWith("Tjugo gånger samtidigt")).toBe(1);
    await letIntervalsPass();
  });

  it("20 identical threads at once, each with its own key: one thread, all 20 redirect to it", async () => {
    await letIntervalsPass();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postThread({ title: "Tjugo trådar", body: "Samma tråd tjugo gånger", submitKey: crypto.randomUUID() })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(302));
    expect(new Set(answers.map((a) => a.location)).size).toBe(1);
    expect(await threadsTitled("Tjugo trådar")).toBe(1);
    await letIntervalsPass();
  });
});
