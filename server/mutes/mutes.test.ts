/**
 * Muting 'Dölj medlem': the writes (idempotent, not oneself, unknown members, visitors,
 * the cap), the notification filter inside every fan-out writer (a muted member's reply, mention,
 * quote, new thread, comment in a watched thread and ticker mention create no row; an unmuted
 * one does), the account list, the data export and account deletion. Real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL); posts are written through the real write paths.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mutes as mu } from "../../domain/i18n/sv";
import { MUTES_MAX } from "../../domain/limits";
import { memberMutes, notifications } from "../db/schema";
import { follow } from "../follows/commands";
import { createComment, createThread } from "../forum/commands";
import { listCategories } from "../forum/queries";
import { exportMemberData } from "../privacy/export";
import { deleteMember } from "../privacy/delete-account";
import { setThreadSubscription } from "../subscriptions/commands";
import { watchTicker } from "../watchlist/commands";
import { expectForumError } from "../testing/expect-forum-error";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { isMuting, listMutedMembers, muteMember, unmuteMember } from "./commands";

let forum: TestForum;
let anna: TestMember;
let bertil: TestMember;
let categoryId: string;
const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });

/** The notification rows `member` has about `referenceId`, by type. */
async function told(member: TestMember, referenceId: string): Promise<string[]> {
  const rows = await db()
    .select({ type: notifications.type })
    .from(notifications)
    .where(and(eq(notifications.userId, member.id), eq(notifications.referenceId, referenceId)));
  return rows.map((r) => r.type).sort();
}

beforeAll(async () => {
  forum = await createTestForum();
  anna = await createMember(forum, { nickname: "Dolj_Anna" });
  bertil = await createMember(forum, { nickname: "Dolj_Bertil" });
  categoryId = (await listCategories(db()))[0]!.id;
}, 60_000);
afterAll(() => forum?.close());

describe("mute and unmute", () => {
  it("muting is idempotent, unmuting twice is a no-op, and the account page lists muted members", async () => {
    expect(await muteMember(db(), bertil.id, anna.id)).toEqual({ userId: anna.id, muted: true });
    expect(await muteMember(db(), bertil.id, anna.id)).toEqual({ userId: anna.id, muted: true });
    expect(await isMuting(db(), bertil.id, anna.id)).toBe(true);
    expect(await isMuting(db(), anna.id, bertil.id)).toBe(false);
    expect((await listMutedMembers(db(), bertil.id)).map((m) => m.nickname)).toEqual(["Dolj_Anna"]);
    // Private: Anna's own list is empty.
    expect(await listMutedMembers(db(), anna.id)).toEqual([]);
    expect(await unmuteMember(db(), bertil.id, anna.id)).toEqual({ userId: anna.id, muted: false });
    expect(await unmuteMember(db(), bertil.id, anna.id)).toEqual({ userId: anna.id, muted: false });
    expect(await listMutedMembers(db(), bertil.id)).toEqual([]);
  });

  it("refuses visitors (401), oneself (400, also by the CHECK) and unknown members (404)", async () => {
    await expectForumError(muteMember(db(), null, anna.id), 401, mu.loginToMute);
    await expectForumError(unmuteMember(db(), null, anna.id), 401, mu.loginToMute);
    await expectForumError(muteMember(db(), anna.id, anna.id), 400, mu.cannotMuteSelf);
    await expectForumError(muteMember(db(), anna.id, "finns-inte"), 404, mu.userNotFound);
    await expectForumError(unmuteMember(db(), anna.id, "finns-inte"), 404, mu.userNotFound);
    await expect(db().insert(memberMutes).values({ muterId: anna.id, mutedId: anna.id })).rejects.toThrow();
  });

  it("a moderator can be muted (muting hides posts; staff powers are untouched)", async () => {
    const mod = await createMember(forum, { nickname: "Dolj_Mod", role: "moderator" });
    expect(await muteMember(db(), anna.id, mod.id)).toMatchObject({ muted: true });
    await unmuteMember(db(), anna.id, mod.id);
  });

  it(`refuses member number ${MUTES_MAX + 1} with the Swedish message`, async () => {
    const member = await createMember(forum, { nickname: "Dolj_Max" });
    // MUTES_MAX rows straight in: members without logins are enough for the count.
    const ids = Array.from({ length: MUTES_MAX }, (_, i) => `dolj-max-${i}`);
    // better-auth user rows first (profiles reference them).
    await db().execute(sql`INSERT INTO "user" (id, name, email, email_verified)
      SELECT 'dolj-max-' || i, 'dolj-max-' || i, 'dolj-max-' || i || '@exempel.se', true FROM generate_series(0, ${MUTES_MAX - 1}) AS i`);
    // (A trigger gives each user row its profile.)
    await db().insert(memberMutes).values(ids.map((id) => ({ muterId: member.id, mutedId: id })));
    await expectForumError(muteMember(db(), member.id, anna.id), 409, mu.limitReached(MUTES_MAX));
    // Muting one already muted at the cap is still fine (idempotent).
    expect(await muteMember(db(), member.id, ids[0]!)).toMatchObject({ muted: true });
  });
});

describe("no notifications from a muted member", () => {
  it("a reply, a mention and a quote from a muted member create no row; from an unmuted one they do", async () => {
    const cissi = await createMember(forum, { nickname: "Dolj_Cissi" });
    const { id: threadId } = await createThread(db(), actor(bertil), { categoryId, title: "Bertils tråd", body: "Vad tror ni om Volvo?" });
    await muteMember(db(), bertil.id, anna.id);

    const fromAnna = await createComment(db(), actor(anna), threadId, { body: "Hej @Dolj_Bertil, jag håller inte med." });
    expect(await told(bertil, fromAnna.id)).toEqual([]);
    const fromCissi = await createComment(db(), actor(cissi), threadId, { body: "Hej @Dolj_Bertil, jag håller med." });
    expect(await told(bertil, fromCissi.id)).toEqual(["new_comment"]);

    // A mention in Anna's own thread, and a quote of Bertil.
    const mention = await createThread(db(), actor(anna), { categoryId, title: "Fråga", body: "Vad säger @Dolj_Bertil?" });
    expect(await told(bertil, mention.id)).toEqual([]);
    const quote = await createComment(db(), actor(anna), threadId, { body: "> @Dolj_Bertil skrev: Vad tror ni om Volvo?\n\nInget." });
    expect(await told(bertil, quote.id)).toEqual([]);

    // Unmuted: the next reply notifies again.
    await unmuteMember(db(), bertil.id, anna.id);
    const again = await createComment(db(), actor(anna), threadId, { body: "Okej, du har rätt." });
    expect(await told(bertil, again.id)).toEqual(["new_comment"]);
  });

  it("a muted member's new thread reaches no follower who muted them; others still get it", async () => {
    const dora = await createMember(forum, { nickname: "Dolj_Dora" });
    const erik = await createMember(forum, { nickname: "Dolj_Erik" });
    const fia = await createMember(forum, { nickname: "Dolj_Fia" });
    await follow(db(), erik.id, dora.id);
    await follow(db(), fia.id, dora.id);
    await muteMember(db(), erik.id, dora.id);
    const { id } = await createThread(db(), actor(dora), { categoryId, title: "Ny tråd", body: "Hej alla följare." });
    expect(await told(erik, id)).toEqual([]);
    expect(await told(fia, id)).toEqual(["new_thread"]);
  });

  it("a comment in a watched thread and a watched ticker named by a muted member notify nobody who muted them", async () => {
    const gun = await createMember(forum, { nickname: "Dolj_Gun" });
    const hugo = await createMember(forum, { nickname: "Dolj_Hugo" });
    const ivar = await createMember(forum, { nickname: "Dolj_Ivar" });
    const { id: threadId } = await createThread(db(), actor(ivar), { categoryId, title: "Bevakad", body: "En tråd att bevaka." });
    await setThreadSubscription(db(), { id: gun.id }, threadId, true);
    await setThreadSubscription(db(), { id: hugo.id }, threadId, true);
    await muteMember(db(), gun.id, anna.id);
    const comment = await createComment(db(), actor(anna), threadId, { body: "En kommentar i tråden." });
    expect(await told(gun, comment.id)).toEqual([]);
    expect(await told(hugo, comment.id)).toEqual(["thread_activity"]);

    await watchTicker(db(), gun.id, "SAND");
    await watchTicker(db(), hugo.id, "SAND");
    const named = await createThread(db(), actor(anna), { categoryId, title: "Om $SAND", body: "Sandvik ser stark ut." });
    expect(await told(gun, named.id)).toEqual([]);
    expect(await told(hugo, named.id)).toEqual(["ticker_mention"]);
  });
});

describe("export and deletion", () => {
  it("the export lists muted members by nickname; deleting either member removes the row", async () => {
    const jon = await createMember(forum, { nickname: "Dolj_Jon" });
    const kim = await createMember(forum, { nickname: "Dolj_Kim" });
    const lo = await createMember(forum, { nickname: "Dolj_Lo" });
    await muteMember(db(), jon.id, kim.id);
    await muteMember(db(), jon.id, lo.id);
    await muteMember(db(), kim.id, jon.id);
    const data = await exportMemberData(db(), jon.id);
    expect(data?.mutes.map((m) => m.nickname)).toEqual(["Dolj_Kim", "Dolj_Lo"]);
    expect(JSON.stringify(data?.mutes)).not.toContain(kim.id);

    // A deleted member is no longer in others' lists.
    expect((await deleteMember(db(), lo.id)).deleted).toBe(true);
    expect((await listMutedMembers(db(), jon.id)).map((m) => m.nickname)).toEqual(["Dolj_Kim"]);
    // The muter's own rows go with their account.
    expect((await deleteMember(db(), jon.id)).deleted).toBe(true);
    expect(await db().select().from(memberMutes).where(eq(memberMutes.muterId, jon.id))).toEqual([]);
    expect(await db().select().from(memberMutes).where(eq(memberMutes.mutedId, jon.id))).toEqual([]);
  });
});
