/**
 * The one-click opt-out of the notification e-mail `/avregistrera-notiser` (RFC 8058) on
 * a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): a bad token (another member's,
 * or the admin mail's token of the same member) answers 400 and changes nothing; the member's own
 * link shows the button on GET, and the one-click POST turns e-mail off, after which no digest
 * is sent.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as digestUnsubscribe from "../../app/routes/digest-unsubscribe";
import { unsubscribeToken } from "../../server/admin/unsubscribe";
import { notificationSettings, profiles } from "../../server/db/schema";
import { sendDueDigests } from "../../server/digest/digest";
import { digestUnsubscribeToken, digestUnsubscribeUrl } from "../../server/digest/unsubscribe";
import { createComment, createThread } from "../../server/forum/commands";
import { listCategories } from "../../server/forum/queries";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../server/testing/harness";
import { callRoute } from "../../server/testing/route-call";

let forum: TestForum;
let categoryId: string;
const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
const PUBLIC = "http://localhost:3000";

beforeAll(async () => {
  forum = await createTestForum({ ACTION_LIMIT_MULTIPLIER: "1000" });
  categoryId = (await listCategories(db()))[0]!.id;
}, 60_000);
afterAll(() => forum?.close());

/** A's comment in B's thread (a `new_comment` for B, mailed by default); B away an hour. */
async function replyTo(b: TestMember, a: TestMember) {
  const threadId = (await createThread(db(), actor(b), { categoryId, title: "Volvo", body: "Vad tror ni?" })).id;
  await createComment(db(), actor(a), threadId, { body: "Starkt kvartal!" });
  await db().update(profiles).set({ lastActivityAt: sql`now() - interval '1 hour'` }).where(eq(profiles.id, b.id));
}

describe("the one-click opt-out /avregistrera-notiser", () => {
  const secret = () => forum.services.config.authSecret;
  const emailEnabled = async (m: TestMember) =>
    (await db().select().from(notificationSettings).where(eq(notificationSettings.userId, m.id)))[0]?.emailEnabled ?? true;

  it("a bad token answers 400 'Länken är ogiltig.' and changes nothing", async () => {
    const b = await createMember(forum);
    const other = await createMember(forum);
    const wrong = `/avregistrera-notiser?u=${b.id}&t=${digestUnsubscribeToken(secret(), other.id)}`;
    expect((await callRoute(forum, digestUnsubscribe.loader, { url: wrong })).status).toBe(400);
    const answer = await callRoute(forum, digestUnsubscribe.action, { url: wrong, form: { "List-Unsubscribe": "One-Click" } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ valid: false, done: false });
    expect(await emailEnabled(b)).toBe(true);
    // The admin bulk mail's token (another purpose) does not work here either.
    const admin = `/avregistrera-notiser?u=${b.id}&t=${unsubscribeToken(secret(), b.id)}`;
    expect((await callRoute(forum, digestUnsubscribe.action, { url: admin, form: {} })).status).toBe(400);
    expect(await emailEnabled(b)).toBe(true);
  });

  it("GET shows the button; the one-click POST turns e-mail off and no digest follows", async () => {
    const a = await createMember(forum);
    const b = await createMember(forum);
    const url = new URL(digestUnsubscribeUrl(PUBLIC, secret(), b.id));
    const path = url.pathname + url.search;
    const page = await callRoute(forum, digestUnsubscribe.loader, { url: path });
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ valid: true, done: false });
    const answer = await callRoute(forum, digestUnsubscribe.action, { url: path, form: { "List-Unsubscribe": "One-Click" } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ valid: true, done: true });
    expect(await emailEnabled(b)).toBe(false);
    await replyTo(b, a);
    const before = forum.mails.length;
    await sendDueDigests({
      db: db(),
      mailer: forum.services.mailer,
      publicUrl: PUBLIC,
      secret: secret(),
      intervalMinutes: 30,
      awayMinutes: 10,
    });
    expect(forum.mails.slice(before).filter((m) => m.to === b.email)).toEqual([]);
  });
});
