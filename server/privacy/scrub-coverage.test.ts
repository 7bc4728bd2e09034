/**
 * Account deletion leaves no copy of the member behind (docs/decisions/006-privacy.md "Every
 * copy"). Two guards over the live, migrated database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL):
 *
 * 1. The catalogue: every column with a foreign key to `user`/`profiles`, every text column named
 *    like a member id (`*_id`, `*_ids`, `*_by`) and every column named like a nickname, e-mail or
 *    name equals the hand-written `MEMBER_DATA_COLUMNS` (./member-data.ts), and each foreign key's
 *    delete rule matches what the list says. A new table or column with a member reference fails
 *    here until it is listed with how deletion handles it.
 * 2. The scan: a member who has done everything (posted, edited, been quoted, mentioned others,
 *    reacted, reported, closed reports, blocked someone, been blocked and promoted, been notified,
 *    has push devices and queued deliveries, digest cursors, fan-outs, bulk-mail rows, one-time
 *    tokens and abuse counters, and private messages: conversations one to one and in a group,
 *    sent, received and held messages, a report filed and one of hers reported and moderated) is
 *    deleted; then every text, array and JSON column of every table
 *    in every schema is searched for their nickname, e-mail and id. A hit outside
 *    `KEPT_AFTER_DELETION` fails, naming `schema.table.column`.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forum as f } from "../../domain/i18n/sv";
import { commentPath } from "../../domain/paths";
import { quoteMarkdown } from "../../domain/quote";
import { login, requestMagicLink, requestPasswordReset } from "../accounts/actions";
import { enqueueMessage } from "../admin/messages";
import { setUserRole } from "../admin/users";
import { savePost } from "../bookmarks/commands";
import {
  hideConversationWrite,
  leaveConversationWrite,
  messagesFromWrite,
  moderateMessageWrite,
  reportMessageWrite,
  sendMessageWrite,
  startConversationWrite,
} from "../messages/commands";
import { vote } from "../polls/commands";
import {
  adminMailRecipients,
  companies,
  comments,
  conversations,
  messageReports,
  messages,
  moderationLog,
  notificationDigests,
  notificationFanouts,
  notifications,
  notificationSettings,
  pollOptions,
  postImages,
  postRevisions,
  postSubmissions,
  pushDeliveries,
  pushSubscriptions,
  subscriptionFanouts,
  threads,
  user,
} from "../db/schema";
import { createComment, createThread } from "../forum/commands";
import { editComment } from "../forum/edits";
import { listRevisions } from "../forum/revisions";
import { listCategories } from "../forum/queries";
import { follow } from "../follows/commands";
import { blockUser, unblockUser } from "../moderation/blocks";
import { createReport, resolveReports } from "../moderation/reports";
import { muteMember } from "../mutes/commands";
import { logUserActivity } from "../presence/activity";
import { toggleReaction } from "../reactions/commands";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { sessionCookie } from "../testing/route-call";
import { watchTicker } from "../watchlist/commands";
import { runWrite, unwrap } from "../writes/pipeline";
import { deleteMember } from "./delete-account";
import { KEPT_AFTER_DELETION, MEMBER_DATA_COLUMNS } from "./member-data";

let forum: TestForum;
let categoryId: string;
const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  forum = await createTestForum({ ACTION_LIMIT_MULTIPLIER: "1000" });
  categoryId = (await listCategories(db()))[0]!.id;
  await db().insert(companies).values({ ticker: "VOLV-B", name: "AB Volvo ser. B" }).onConflictDoNothing();
}, 60_000);
afterAll(() => forum?.close());

/** Quoted identifier. */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every member-reference column the catalogue finds, with the delete rule of its foreign key. */
async function catalogueColumns(): Promise<Map<string, "c" | "n" | "a" | "r" | "d" | null>> {
  const fks = rowsOf<{ schema: string; tbl: string; col: string; rule: "c" | "n" | "a" | "r" | "d" }>(
    await db().execute(sql`
      SELECT n.nspname AS schema, cl.relname AS tbl, a.attname AS col, c.confdeltype AS rule
      FROM pg_constraint c
      JOIN pg_class cl ON cl.oid = c.conrelid
      JOIN pg_namespace n ON n.oid = cl.relnamespace
      JOIN pg_class rc ON rc.oid = c.confrelid
      JOIN pg_namespace rn ON rn.oid = rc.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND rn.nspname = 'public' AND rc.relname IN ('user', 'profiles')`),
  );
  const named = rowsOf<{ schema: string; tbl: string; col: string }>(
    await db().execute(sql`
      SELECT c.table_schema AS schema, c.table_name AS tbl, c.column_name AS col
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema', 'pgboss', 'drizzle')
        AND (c.data_type IN ('text', 'character varying', 'json', 'jsonb') OR c.udt_name IN ('_text', '_varchar'))
        AND (
          c.column_name ~ '(nickname|email|username)'
          OR c.column_name ~ '(^|_)name$'
          OR ((c.data_type IN ('text', 'character varying') OR c.udt_name IN ('_text', '_varchar')) AND c.column_name ~ '_(id|ids|by)$')
        )`),
  );
  const found = new Map<string, "c" | "n" | "a" | "r" | "d" | null>();
  for (const r of named) found.set(`${r.schema}.${r.tbl}.${r.col}`, null);
  for (const r of fks) found.set(`${r.schema}.${r.tbl}.${r.col}`, r.rule);
  return found;
}

describe("the list of member data", () => {
  it("names exactly the catalogue's member references and copied nicknames and e-mails, with the right delete rules", async () => {
    const found = await catalogueColumns();
    const listed = Object.keys(MEMBER_DATA_COLUMNS).sort();
    const missing = [...found.keys()].filter((k) => !(k in MEMBER_DATA_COLUMNS)).sort();
    const stale = listed.filter((k) => !found.has(k));
    // A new column here: add it to MEMBER_DATA_COLUMNS with how deleteMember handles it.
    expect(missing, "in the database, not in MEMBER_DATA_COLUMNS").toEqual([]);
    expect(stale, "in MEMBER_DATA_COLUMNS, not in the database").toEqual([]);
    for (const [key, rule] of found) {
      if (rule === null) continue;
      const listedHandling = MEMBER_DATA_COLUMNS[key]!.handling;
      // A cascading key is "cascade"; a SET NULL key is "set-null" (or scrubbed/deleted first).
      if (rule === "c") expect(listedHandling, key).toBe("cascade");
      else if (rule === "n") expect(["set-null", "scrubbed", "row-deleted"], key).toContain(listedHandling);
      else throw new Error(`${key}: a foreign key to a member without ON DELETE CASCADE or SET NULL blocks deletion`);
    }
  });

  it("KEPT_AFTER_DELETION names only real columns", async () => {
    const cols = rowsOf<{ k: string }>(
      await db().execute(sql`SELECT table_schema || '.' || table_name || '.' || column_name AS k FROM information_schema.columns`),
    ).map((r) => r.k);
    for (const key of Object.keys(KEPT_AFTER_DELETION)) expect(cols, key).toContain(key);
  });
});

/** Every column of every table whose text a value can hide in. */
async function textColumns(): Promise<Array<{ schema: string; tbl: string; col: string }>> {
  return rowsOf(
    await db().execute(sql`
      SELECT c.table_schema AS schema, c.table_name AS tbl, c.column_name AS col
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema')
        AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY') OR c.data_type = 'USER-DEFINED' AND c.udt_name <> 'tsvector')
      ORDER BY 1, 2, 3`),
  );
}

/** `schema.table.column` of every column holding one of the needles (case-insensitive), with which. */
async function scan(needles: Record<string, string>): Promise<string[]> {
  const hits: string[] = [];
  for (const { schema, tbl, col } of await textColumns()) {
    const target = `${ident(schema)}.${ident(tbl)}`;
    for (const [what, needle] of Object.entries(needles)) {
      const rows = rowsOf<{ n: number | string }>(
        await db().execute(
          sql`SELECT count(*) AS n FROM ${sql.raw(target)} WHERE strpos(lower(${sql.raw(ident(col))}::text), ${needle.toLowerCase()}) > 0`,
        ),
      );
      if (Number(rows[0]!.n) > 0) hits.push(`${schema}.${tbl}.${col} (${what})`);
    }
  }
  return hits;
}

describe("deleting a member who has done everything", () => {
  it("leaves their nickname, e-mail and id nowhere but the kept texts, and keeps the records without them", async () => {
    const dora = await createMember(forum, { nickname: "Raderas_Zelda" });
    const erik = await createMember(forum, { nickname: "Kvarstar_Erik" });
    const fia = await createMember(forum, { nickname: "Kvarstar_Fia" });
    const admin = await createMember(forum, { nickname: "Kvarstar_Admin", role: "admin" });
    // Established accounts, so the first-day caps do not interfere.
    for (const m of [dora, erik, fia]) {
      await db().update(user).set({ createdAt: new Date(Date.now() - 30 * 86_400_000) }).where(eq(user.id, m.id));
    }
    // A session (IP address, user agent), gone with the account.
    await sessionCookie(forum, dora);

    // Private messages ('Inkorg'), before the mutes below would stop them: a one-to-one with Erik
    // (sent, received, one held for its link: her profile is new), a group with Erik and Fia she
    // then leaves, a report of hers and one of her messages reported and dismissed by the admin,
    // her 'Vem får starta en konversation med dig'.
    const as = (m: TestMember) => ({ db: db(), actor: actor(m) });
    const pair = unwrap(await runWrite(startConversationWrite, as(dora), { to: erik.nickname, body: "Hej Erik, vad tror du om Volvo?" })).value;
    unwrap(await runWrite(sendMessageWrite, as(erik), { conversationId: pair.conversationId, body: "Jag tror på Volvo." }));
    const held = unwrap(await runWrite(sendMessageWrite, as(dora), { conversationId: pair.conversationId, body: "Läs https://exempel.se/volvo" })).value;
    expect(held.held).toBe(true);
    const group = unwrap(await runWrite(startConversationWrite, as(dora), { to: `${erik.nickname}, ${fia.nickname}`, body: "En grupp om räntor" })).value;
    const fiaMessage = unwrap(await runWrite(sendMessageWrite, as(fia), { conversationId: group.conversationId, body: "Räntan sjunker i höst." })).value;
    unwrap(await runWrite(reportMessageWrite, as(erik), { messageId: pair.messageId, reason: "spam", details: "Reklam i ett privat meddelande" }));
    unwrap(await runWrite(reportMessageWrite, as(dora), { messageId: fiaMessage.messageId, reason: "harassment" }));
    unwrap(await runWrite(moderateMessageWrite, as(admin), { messageId: pair.messageId, action: "dismiss" }));
    unwrap(await runWrite(hideConversationWrite, as(dora), { conversationId: pair.conversationId }));
    unwrap(await runWrite(leaveConversationWrite, as(dora), { conversationId: group.conversationId }));
    unwrap(await runWrite(messagesFromWrite, as(dora), { messagesFrom: "following" }));

    // As a plain member: posts with a ticker, a mention of Erik, reactions, follows, mutes,
    // bookmarks, watchlist, a poll vote, a report, activity, an action-limit counter, a form key.
    const doraThread = await createThread(db(), actor(dora), { categoryId, title: "Tankar om $VOLV-B", body: "Volvo ser billig ut." });
    const erikThread = await createThread(db(), actor(erik), { categoryId, title: "Eriks fråga", body: "Vad tror ni om räntan?" });
    const doraComment = await createComment(db(), actor(dora), erikThread.id, { body: `Håller med @${erik.nickname}, räntan faller.` });
    const erikComment = await createComment(db(), actor(erik), erikThread.id, { body: "Jag köper mer." });
    await toggleReaction(db(), actor(dora), { targetType: "comment", targetId: erikComment.id, reactionType: "bull" });
    await toggleReaction(db(), actor(erik), { targetType: "thread", targetId: doraThread.id, reactionType: "fire" });
    await follow(db(), dora.id, erik.id);
    await follow(db(), fia.id, dora.id);
    await muteMember(db(), dora.id, fia.id);
    await muteMember(db(), erik.id, dora.id);
    await savePost(db(), dora.id, { targetType: "thread", targetId: erikThread.id });
    await watchTicker(db(), dora.id, "VOLV-B");
    const erikPoll = await createThread(db(), actor(erik), { categoryId, title: "Eriks omröstning", body: "Räntan?", pollOptions: ["Upp", "Ner"] });
    const [up] = await db().select({ id: pollOptions.id }).from(pollOptions).where(eq(pollOptions.threadId, erikPoll.id));
    await vote(db(), actor(dora), erikPoll.id, [up!.id]);
    await createReport(db(), actor(dora), { targetType: "comment", targetId: erikComment.id, reason: "spam", details: "Reklam." });
    await logUserActivity(db(), dora.id, { date: "2026-11-21", hour: 9 });
    await forum.services.actionLimits.enforce("comment", { userId: dora.id, role: "member", ip: "203.0.113.7" });
    await db().insert(postSubmissions).values({ userId: dora.id, key: crypto.randomUUID() });
    await db().insert(postImages).values({ key: `posts/zelda-${Date.now()}-10x10.webp`, ownerId: dora.id, width: 10, height: 10, bytes: 100 });
    await db().insert(notificationSettings).values({ userId: dora.id, weeklyDigest: true }).onConflictDoNothing();

    // Her own edit after the grace period: a revision by her.
    await db().update(comments).set({ createdAt: sql`now() - interval '1 hour'` }).where(eq(comments.id, doraComment.id));
    await editComment(db(), actor(dora), erikThread.id, doraComment.id, { body: `Håller med @${erik.nickname}, räntan faller snart.` });

    // Erik quotes her and mentions her: her notifications; the quote header is Erik's text.
    await createComment(db(), actor(erik), erikThread.id, {
      body: `${quoteMarkdown({ nickname: dora.nickname, text: "räntan faller", href: commentPath(doraComment.id) })}Tror du, @${dora.nickname}?`,
    });

    // Promoted to moderator (change_role about her), then she moderates: closes a report,
    // edits Fia's comment with a reason, blocks and unblocks Fia.
    await setUserRole(db(), actor(admin), dora.id, "moderator");
    const dMod = { ...actor(dora), role: "moderator" as const };
    const fiaComment = await createComment(db(), actor(fia), erikThread.id, { body: "Köp nu, garanterad vinst!" });
    await createReport(db(), actor(erik), { targetType: "comment", targetId: fiaComment.id, reason: "misinformation" });
    await resolveReports(db(), dMod, { targetType: "comment", targetId: fiaComment.id, decision: "dismiss" });
    await editComment(db(), dMod, erikThread.id, fiaComment.id, { body: "[redigerat av moderator]", reason: "Vilseledande" });
    await blockUser(db(), dMod, fia.id, "Spam");
    await unblockUser(db(), dMod, fia.id);
    // The admin blocks and unblocks her (entries about her, labelled with her nickname).
    await blockUser(db(), actor(admin), dora.id, "Test");
    await unblockUser(db(), actor(admin), dora.id);

    // Notifications: Erik's about her (mention, comment on his thread); devices and queued pushes;
    // digest cursors; a pending fan-out of her thread and of her comment; Erik's fan-out that
    // already told her; a bulk mail to everyone.
    const erikNotes = await db().select().from(notifications).where(eq(notifications.actorId, dora.id));
    expect(erikNotes.some((n) => n.userId === erik.id && n.actorNickname === dora.nickname)).toBe(true);
    const [doraDevice] = await db()
      .insert(pushSubscriptions)
      .values({ userId: dora.id, endpoint: `https://push.example/zelda-${Date.now()}`, p256dh: "p", auth: "a" })
      .returning();
    const [erikDevice] = await db()
      .insert(pushSubscriptions)
      .values({ userId: erik.id, endpoint: `https://push.example/erik-${Date.now()}`, p256dh: "p", auth: "a" })
      .returning();
    await db().insert(pushDeliveries).values([
      { subscriptionId: erikDevice!.id, seq: erikNotes[0]!.seq, claimedAt: null },
      { subscriptionId: doraDevice!.id, seq: erikNotes[0]!.seq, claimedAt: null },
    ]);
    await db().insert(notificationDigests).values([{ userId: dora.id }, { userId: erik.id }]).onConflictDoNothing();
    await db().insert(notificationFanouts).values({
      actorId: dora.id, actorNickname: dora.nickname, threadId: doraThread.id, categoryId, title: "Tankar om $VOLV-B",
    });
    await db().insert(subscriptionFanouts).values([
      { threadId: erikThread.id, commentId: doraComment.id, categoryId, title: "Eriks fråga", actorId: dora.id, actorNickname: dora.nickname, toldIds: [erik.id] },
      { threadId: erikThread.id, commentId: erikComment.id, categoryId, title: "Eriks fråga", actorId: erik.id, actorNickname: erik.nickname, toldIds: [dora.id, fia.id] },
    ]);
    await enqueueMessage(db(), actor(admin), {
      sendToAll: false, recipients: `${dora.email.toUpperCase()}, ${erik.email}`, subject: "Nyheter", content: "<p>Hej!</p>",
      withButton: false, buttonLabel: "", buttonUrl: "",
    });

    // Auth: a failed sign-in, a magic link (its stored value carries the e-mail), a password reset.
    expect((await login(forum.services, { email: dora.email, password: "fel-lösen" }, new Headers(), "203.0.113.9")).ok).toBe(false);
    await requestMagicLink(forum.services, { email: dora.email }, new Headers(), "/forum", "203.0.113.9");
    await requestPasswordReset(forum.services, { email: dora.email }, "203.0.113.9");

    const needles = { nickname: dora.nickname, email: dora.email, id: dora.id };
    // The setup really spread her around (a scan that finds nothing proves nothing).
    const before = await scan(needles);
    for (const expected of [
      "public.abuse_limits.key (email)",
      "public.abuse_limits.key (id)",
      "public.verification.value (email)",
      "public.verification.value (id)",
      "public.notifications.actor_nickname (nickname)",
      "public.post_revisions.editor_nickname (nickname)",
      "public.moderation_log.actor_nickname (nickname)",
      "public.moderation_log.target_label (nickname)",
      "public.subscription_fanouts.told_ids (id)",
      "public.admin_mail_recipients.email (email)",
      "public.conversations.pair_key (id)",
      "public.conversation_members.user_id (id)",
      "public.messages.author_id (id)",
      "public.message_reports.user_id (id)",
    ]) {
      expect(before).toContain(expected);
    }

    expect(await deleteMember(db(), dora.id)).toMatchObject({ deleted: true });

    const after = await scan(needles);
    const unexpected = after.filter((hit) => !(hit.slice(0, hit.indexOf(" ")) in KEPT_AFTER_DELETION));
    expect(unexpected, "the deleted member's nickname, e-mail or id is still in these columns").toEqual([]);
    // The quote header and the mention are Erik's words, kept with his comment.
    expect(after).toContain("public.comments.body (nickname)");

    // The records stay without her.
    const [erikNote] = await db().select().from(notifications).where(eq(notifications.userId, erik.id)).limit(1);
    expect(erikNote).toBeDefined();
    expect(await db().select().from(notifications).where(eq(notifications.actorNickname, dora.nickname))).toEqual([]);
    const history = await listRevisions(db(), "comment", doraComment.id);
    expect(history?.map((r) => r.editorNickname)).toEqual([f.unknownAuthor]);
    const fiaHistory = await listRevisions(db(), "comment", fiaComment.id);
    expect(fiaHistory?.map((r) => r.editorNickname)).toEqual([f.unknownAuthor]);
    const log = await db().select().from(moderationLog);
    const hers = log.filter((r) => r.actorNickname === f.unknownAuthor);
    expect(hers.map((r) => r.action).sort()).toEqual(["block_user", "dismiss_reports", "edit_comment", "unblock_user"]);
    expect(hers.every((r) => r.actorId === null)).toBe(true);
    const aboutHer = log.filter((r) => r.targetType === "user" && r.targetId === dora.id);
    expect(aboutHer.map((r) => r.action).sort()).toEqual(["block_user", "change_role", "unblock_user"]);
    expect(aboutHer.every((r) => r.targetLabel === f.unknownAuthor && r.actorNickname === admin.nickname)).toBe(true);
    // Erik's pending delivery and batch stay; hers are gone.
    expect(await db().select().from(pushDeliveries).where(eq(pushDeliveries.subscriptionId, erikDevice!.id))).toHaveLength(1);
    const batches = await db().select().from(subscriptionFanouts).where(eq(subscriptionFanouts.threadId, erikThread.id));
    expect(batches.map((b) => [b.actorId, b.toldIds])).toEqual([[erik.id, [fia.id]]]);
    expect(await db().select().from(adminMailRecipients).where(eq(adminMailRecipients.email, erik.email))).toHaveLength(1);
    // Her private messages keep their place without author or text; the others' stay as they were.
    const pms = await db().select().from(messages).where(sql`${messages.conversationId} IN (${pair.conversationId}::uuid, ${group.conversationId}::uuid)`).orderBy(messages.createdAt, messages.seq);
    expect(pms.map((r) => [r.authorId, r.body, r.held])).toEqual([
      [null, "", false],
      [erik.id, "Jag tror på Volvo.", false],
      [null, "", false],
      [null, "", false],
      [fia.id, "Räntan sjunker i höst.", false],
    ]);
    expect((await db().select().from(conversations).where(eq(conversations.id, pair.conversationId)))[0]).toMatchObject({ pairKey: null, createdBy: null });
    // The report she filed stays without reporter; Erik's report of her message stays, closed.
    const reports = await db().select().from(messageReports);
    expect(reports.map((r) => [r.messageId, r.userId, r.status]).sort()).toEqual(
      [
        [fiaMessage.messageId, null, "open"],
        [pair.messageId, erik.id, "resolved"],
      ].sort(),
    );
    // Her posts stay, shown as 'Okänd'.
    expect((await db().select().from(threads).where(eq(threads.id, doraThread.id)))[0]).toMatchObject({ authorId: null });
    expect(await db().select().from(postRevisions).where(eq(postRevisions.editorNickname, dora.nickname))).toEqual([]);
  }, 60_000);
});
