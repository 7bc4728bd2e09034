/**
 * Quote notifications ("a quoted member gets a notification once"). A comment
 * posted through the thread route with a quote from 'Citera' (domain/quote.ts) notifies the quoted
 * member once — also when the same comment mentions them again in plain text —, stores a quote
 * block linking to the quoted comment, and does not notify members only mentioned inside the
 * quoted text.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as threadRoute from "../../../app/routes/thread";
import { commentPath, threadPath } from "../../../domain/paths";
import { quoteMarkdown } from "../../../domain/quote";
import { comments, notifications, user } from "../../../server/db/schema";
import { createComment, createThread } from "../../../server/forum/commands";
import { listCategories } from "../../../server/forum/queries";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { callRoute, sessionCookie } from "../../../server/testing/route-call";

let forum: TestForum;
let categoryId: string;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
const inbox = (m: TestMember) => forum.services.db.select().from(notifications).where(eq(notifications.userId, m.id));

beforeAll(async () => {
  forum = await createTestForum();
  categoryId = (await listCategories(forum.services.db))[0]!.id;
});
afterAll(() => forum.close());

describe("quoting notifies the quoted member once", () => {
  it("a reply quoting a comment and mentioning its author again: one mention notification; a member named only inside the quote: none", async () => {
    const op = await createMember(forum);
    const quoted = await createMember(forum);
    const namedInQuote = await createMember(forum);
    const quoter = await createMember(forum);
    // Established, so the first-day caps do not interfere.
    await forum.services.db.update(user).set({ createdAt: new Date(Date.now() - 30 * 86_400_000) }).where(eq(user.id, quoter.id));
    const { id: threadId } = await createThread(forum.services.db, actor(op), { categoryId, title: "Citat", body: "Vad tror ni?" });
    const { id: quotedId } = await createComment(forum.services.db, actor(quoted), threadId, {
      body: `Jag och @${namedInQuote.nickname} tror på en uppgång.`,
    });
    const before = (await inbox(namedInQuote)).length;

    const quote = quoteMarkdown({
      nickname: quoted.nickname,
      text: `Jag och @${namedInQuote.nickname} tror på en uppgång.`,
      href: commentPath(quotedId),
    });
    const body = `${quote}Håller inte med, @${quoted.nickname.toUpperCase()}.`;
    const response = await callRoute(forum, threadRoute.action, {
      url: `/forum/kategori/${categoryId}/trad/${threadId}`,
      params: { categoryId, threadId },
      form: { intent: "comment", body, parentId: quotedId, submitKey: crypto.randomUUID() },
      cookie: await sessionCookie(forum, quoter),
    });
    expect(response.status).toBe(200);

    const [reply] = await forum.services.db.select().from(comments).where(eq(comments.body, body));
    expect(reply).toBeDefined();
    expect(reply!.bodyHtml).toContain('<blockquote class="quote">');
    expect(reply!.bodyHtml).toContain(`<a href="${commentPath(quotedId)}" class="quote-source">skrev:</a>`);

    // The quoted member is the parent's author too: still exactly one notification for the reply.
    const rows = (await inbox(quoted)).filter((r) => r.referenceId === reply!.id);
    expect(rows).toHaveLength(1);
    // Only mentioned inside the quoted text: not notified again.
    expect(await inbox(namedInQuote)).toHaveLength(before);
  });

  it("a top-level comment quoting the thread's post: the post's author gets one notification", async () => {
    const op = await createMember(forum);
    const quoter = await createMember(forum);
    const { id: threadId } = await createThread(forum.services.db, actor(op), { categoryId, title: "Trådcitat", body: "Köp Volvo" });
    const quote = quoteMarkdown({ nickname: op.nickname, text: "Köp Volvo", href: threadPath(categoryId, threadId) });
    const { id } = await createComment(forum.services.db, actor(quoter), threadId, { body: `${quote}Varför @${op.nickname}?` });
    const rows = (await inbox(op)).filter((r) => r.referenceId === id);
    expect(rows).toHaveLength(1);
    const [stored] = await forum.services.db.select().from(comments).where(eq(comments.id, id));
    expect(stored!.bodyHtml).toContain(`<a href="${threadPath(categoryId, threadId)}" class="quote-source">skrev:</a>`);
  });

  it("a comment that only quotes (no plain mention) of a member who is neither author: one quote notification", async () => {
    const op = await createMember(forum);
    const quoted = await createMember(forum);
    const quoter = await createMember(forum);
    const { id: threadId } = await createThread(forum.services.db, actor(op), { categoryId, title: "Bara citat", body: "Start" });
    const { id: quotedId } = await createComment(forum.services.db, actor(quoted), threadId, { body: "Sälj!" });
    const quote = quoteMarkdown({ nickname: quoted.nickname, text: "Sälj!", href: commentPath(quotedId) });
    const { id } = await createComment(forum.services.db, actor(quoter), threadId, { body: `${quote}Varför då?` });
    const rows = (await inbox(quoted)).filter((r) => r.referenceId === id);
    expect(rows.map((r) => r.type)).toEqual(["quote"]);
  });

  it("a quote that also mentions the quoted member in plain text: one quote notification, not a mention as well", async () => {
    const op = await createMember(forum);
    const quoted = await createMember(forum);
    const quoter = await createMember(forum);
    const { id: threadId } = await createThread(forum.services.db, actor(op), { categoryId, title: "Citat och omnämnande", body: "Start" });
    const { id: quotedId } = await createComment(forum.services.db, actor(quoted), threadId, { body: "Köp!" });
    const quote = quoteMarkdown({ nickname: quoted.nickname, text: "Köp!", href: commentPath(quotedId) });
    const { id } = await createComment(forum.services.db, actor(quoter), threadId, { body: `${quote}Eller hur @${quoted.nickname}?` });
    const rows = (await inbox(quoted)).filter((r) => r.referenceId === id);
    expect(rows.map((r) => r.type)).toEqual(["quote"]);
  });
});
