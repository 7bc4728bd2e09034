/**
 * The writes of private messages ('Inkorg', docs/decisions/055-private-messages.md), each declared
 * once for the write pipeline (server/writes/pipeline.ts): start a conversation, send, edit,
 * delete, report, mark read, hide, leave; and the moderators' release, delete and dismiss of a
 * held or reported message. Only participants reach a conversation: anyone else, staff included,
 * gets the same 404 as for a conversation that does not exist.
 *
 * A message changes no shared page; it changes its participants' own state (their kept reads of
 * the inbox and the conversation, and the session lookup's inbox count of those whose count
 * moved). Each write says so in its transaction, with its `message` event or a members change
 * (server/realtime/events.ts), which every instance acts on, and declares `own`
 * (server/cache/page-writes.ts): no one else's caches are emptied.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { inbox as ib, moderation as m } from "../../domain/i18n/sv";
import { isUuid } from "../../domain/ids";
import { linksOutside, SAME_TEXT_CONVERSATIONS, SAME_TEXT_WINDOW_S, sameTextKey } from "../../domain/messages";
import { actsAsStaff } from "../../domain/policy/actor";
import { mayStartConversation, maySendIn, messageCan } from "../../domain/policy/messages";
import { messageSchema, messagesFromSchema, newConversationSchema } from "../../domain/message-validation";
import { REPORT_REASONS, isOneOf, type MessagesFrom, type ReportReason } from "../../domain/values";
import { NEW_ACCOUNT_MS } from "../abuse/action-limits";
import type { CacheChange } from "../cache/page-writes";
import type { Cooked } from "../content/cook";
import { cookForStorage } from "../content/storage";
import type { Db, Tx } from "../db/client";
import { recordModeration } from "../moderation/log";
import { channelOfKind } from "../notifications/settings";
import { ForumError, pgCode } from "../platform/errors";
import { preparedRows } from "../db/prepared";
import { notifySql, publishEvent, publishMembersChange, type RealtimeEvent } from "../realtime/events";
import { defineWrite, parseWith, type WriteActor, type WriteScope } from "../writes/pipeline";

const MEMBER: readonly CacheChange[] = ["member"];
/** The write's `message` event (or members change) tells every instance whose kept reads to forget. */
const OWN: readonly CacheChange[] = ["own"];
const NOTHING: readonly CacheChange[] = [];

type Q = Db | Tx;

/** Rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
async function rows<T>(db: Q, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** What a message write returns. */
export interface SentMessage {
  conversationId: string;
  messageId: string;
  seq: number;
  /** Held for review (links from an account younger than a day): only the sender sees it yet. */
  held: boolean;
}

/** The normalised text's md5 (`messages.same_text`). */
function sameTextHash(body: string): string {
  return createHash("md5").update(sameTextKey(body)).digest("hex");
}

/** Whether the actor's account is younger than a day (its links are held). */
async function isNewAccount(db: Q, actorId: string): Promise<boolean> {
  const [row] = await rows<{ created_at: string | Date }>(db, sql`SELECT created_at FROM profiles WHERE id = ${actorId}`);
  return row ? Date.now() - new Date(row.created_at).getTime() < NEW_ACCOUNT_MS : false;
}

/** The same-text key of a message, or null for a text too short for the rule ('Tack!' to several members is not spam). */
function sameTextOf(body: string): string | null {
  return sameTextKey(body).length < 10 ? null : sameTextHash(body);
}

/** @throws {ForumError} 429 'Du har redan skickat samma text till flera medlemmar…' when `elsewhere` reached {@link SAME_TEXT_CONVERSATIONS} */
function refuseSameText(elsewhere: number): void {
  if (elsewhere >= SAME_TEXT_CONVERSATIONS) throw new ForumError(429, ib.sameTextToMany, ib.sendFailed);
}

/**
 * The same-text rule: refuses a text the sender already sent in {@link SAME_TEXT_CONVERSATIONS}
 * other conversations within {@link SAME_TEXT_WINDOW_S} (texts under 10 characters are exempt).
 *
 * @throws {ForumError} 429 'Du har redan skickat samma text till flera medlemmar…'
 */
async function refuseSameTextToMany(db: Q, actorId: string, body: string, conversationId: string | null): Promise<void> {
  const key = sameTextOf(body);
  if (!key) return;
  const [row] = await preparedRows<{ n: number }>(
    db,
    "message-same-text",
    sql`SELECT count(DISTINCT conversation_id)::int AS n FROM messages
         WHERE author_id = ${actorId} AND same_text = ${key}
           AND created_at > now() - make_interval(secs => ${SAME_TEXT_WINDOW_S})
           AND conversation_id IS DISTINCT FROM ${conversationId}::uuid`,
  );
  refuseSameText(row?.n ?? 0);
}

/** A participant's view of a conversation, as the policy steps load it. */
interface Membership {
  conversationId: string;
  isGroup: boolean;
  /** Current members (not left), the actor included. */
  memberIds: string[];
  /** For a one-to-one: whether the other member mutes the actor; null when their account is gone. */
  other: { mutesSender: boolean } | null;
  /** Other conversations the actor sent the asked text to within the same-text window (0 when none was asked). */
  sameTextElsewhere: number;
}

/**
 * The actor's membership of a conversation.
 *
 * @throws {ForumError} 404 'Konversationen finns inte' when it does not exist or the actor is not a
 *   current member (the same answer either way)
 */
async function membership(db: Q, actorId: string, conversationId: string, title: string, sameText: string | null = null): Promise<Membership> {
  if (!isUuid(conversationId)) throw new ForumError(404, ib.notFound, title);
  // With the same-text count of a message about to be sent (one round trip for both checks).
  const found = await preparedRows<{ is_group: boolean; user_id: string; left: boolean; mutes: boolean; same_text_elsewhere: number }>(
    db,
    "message-membership",
    sql`SELECT c.is_group, cm.user_id, cm.left_at IS NOT NULL AS left,
               EXISTS (SELECT 1 FROM member_mutes mm WHERE mm.muter_id = cm.user_id AND mm.muted_id = ${actorId}) AS mutes,
               (SELECT count(DISTINCT m.conversation_id)::int FROM messages m
                 WHERE m.author_id = ${actorId} AND m.same_text = ${sameText}::text
                   AND m.created_at > now() - make_interval(secs => ${SAME_TEXT_WINDOW_S}) AND m.conversation_id <> c.id) AS same_text_elsewhere
          FROM conversations c JOIN conversation_members cm ON cm.conversation_id = c.id
         WHERE c.id = ${conversationId}::uuid`,
  );
  const me = found.find((r) => r.user_id === actorId);
  if (!me || me.left) throw new ForumError(404, ib.notFound, title);
  const current = found.filter((r) => !r.left);
  const other = current.find((r) => r.user_id !== actorId);
  return {
    conversationId,
    isGroup: Boolean(me.is_group),
    memberIds: current.map((r) => r.user_id),
    other: other ? { mutesSender: Boolean(other.mutes) } : null,
    sameTextElsewhere: Number(me.same_text_elsewhere ?? 0),
  };
}

/** A message the actor can see, with its conversation's membership. */
interface LoadedMessage extends Membership {
  messageId: string;
  authorId: string | null;
  createdAtMs: number;
  deleted: boolean;
  held: boolean;
  seq: number;
}

async function participantMessage(db: Q, actorId: string, messageId: string, title: string): Promise<LoadedMessage> {
  if (!isUuid(messageId)) throw new ForumError(404, ib.messageNotFound, title);
  const [msg] = await rows<{ conversation_id: string; author_id: string | null; created_at: string | Date; deleted: boolean; held: boolean; seq: number }>(
    db,
    sql`SELECT conversation_id, author_id, created_at, deleted_at IS NOT NULL AS deleted, held, seq FROM messages WHERE id = ${messageId}::uuid`,
  );
  if (!msg) throw new ForumError(404, ib.messageNotFound, title);
  const member = await membership(db, actorId, msg.conversation_id, title).catch(() => {
    throw new ForumError(404, ib.messageNotFound, title);
  });
  // Another member's held message is not there for the actor yet.
  if (msg.held && msg.author_id !== actorId) throw new ForumError(404, ib.messageNotFound, title);
  return {
    ...member,
    messageId,
    authorId: msg.author_id,
    createdAtMs: new Date(msg.created_at).getTime(),
    deleted: Boolean(msg.deleted),
    held: Boolean(msg.held),
    seq: Number(msg.seq),
  };
}

const refuseBlocked = (actor: WriteActor) => {
  if (actor.blocked) throw new ForumError(403, ib.blockedCannotSend, ib.sendFailed);
};

/**
 * Adds a message to a conversation in the write's transaction: numbers it, marks it read for the
 * sender, and — unless it is held — counts it unread for every other current member who does not
 * mute the sender, releases the others' held messages (a reply releases them), upserts their
 * batched 'Privat meddelande' notification (kind `private_message`, none when set to `off`) and
 * tells their open pages (`message` event). A held message reaches only the sender's pages.
 *
 * One statement (a prepared one) does all the rows and queues both events: a send in a busy
 * conversation holds the conversation's row only from that statement to the commit, and a send
 * outside a transaction is atomic without BEGIN and COMMIT (decision 055, "Speed"). The events'
 * payloads are built in SQL; they parse as {@link RealtimeEvent}s (`notifications` with the
 * members told, `message` with `viewers`: the members told, and the sender when they had unread
 * messages here).
 *
 * @param q the write's transaction, or the database for a send that is this statement alone
 * @returns {@link SentMessage}
 */
export async function appendMessage(
  q: Q,
  actor: Pick<WriteActor, "id" | "nickname">,
  conversationId: string,
  memberIds: readonly string[],
  body: string,
  cooked: Cooked,
  held: boolean,
): Promise<SentMessage> {
  const [row] = await preparedRows<{ id: string; seq: number }>(
    q,
    "append-message",
    sql`WITH bump AS (
          UPDATE conversations SET message_count = message_count + 1, last_message_at = now()
           WHERE id = ${conversationId}::uuid RETURNING message_count AS seq),
        msg AS (
          INSERT INTO messages (conversation_id, seq, author_id, body, body_html, same_text, held)
          SELECT ${conversationId}::uuid, bump.seq, ${actor.id}, ${body}, ${cooked.html}, ${sameTextHash(body)}, ${held}::boolean FROM bump
          RETURNING id, seq),
        mine AS (
          UPDATE conversation_members cm SET read_seq = bump.seq, unread_count = 0, hidden = false, last_message_at = now()
            FROM bump, conversation_members before
           WHERE cm.conversation_id = ${conversationId}::uuid AND cm.user_id = ${actor.id}
             AND before.conversation_id = cm.conversation_id AND before.user_id = cm.user_id
          RETURNING before.unread_count > 0 AS had_unread),
        released AS (
          UPDATE messages SET held = false
           WHERE NOT ${held}::boolean AND conversation_id = ${conversationId}::uuid AND held AND author_id IS DISTINCT FROM ${actor.id}),
        told AS (
          UPDATE conversation_members cm SET unread_count = cm.unread_count + 1, hidden = false, last_message_at = now()
           WHERE NOT ${held}::boolean AND cm.conversation_id = ${conversationId}::uuid AND cm.user_id <> ${actor.id} AND cm.left_at IS NULL
             AND NOT EXISTS (SELECT 1 FROM member_mutes mm WHERE mm.muter_id = cm.user_id AND mm.muted_id = ${actor.id})
          RETURNING cm.user_id),
        noted AS (
          INSERT INTO notifications AS n (user_id, actor_id, type, reference_id, actor_nickname, count)
          SELECT told.user_id, ${actor.id}, 'private_message', ${conversationId}::uuid, ${actor.nickname}, 1
            FROM told WHERE ${channelOfKind(sql`told.user_id`, "private_message")} <> 'off'
          ON CONFLICT (user_id, reference_id) WHERE type = 'private_message' AND read = false
          DO UPDATE SET count = n.count + 1, actor_id = EXCLUDED.actor_id, actor_nickname = EXCLUDED.actor_nickname,
                        created_at = now(), seq = DEFAULT
          RETURNING n.seq),
        facts AS (
          SELECT COALESCE((SELECT json_agg(user_id) FROM told), '[]'::json) AS told,
                 COALESCE((SELECT had_unread FROM mine), false) AS had_unread,
                 (SELECT min(seq) FROM noted) AS "from", (SELECT max(seq) FROM noted) AS "to")
        SELECT msg.id, msg.seq,
               CASE WHEN facts."from" IS NOT NULL THEN ${notifySql(
                 sql`json_build_object('kind', 'notifications', 'from', facts."from", 'to', facts."to", 'memberIds', facts.told)::text`,
               )} END AS notified,
               ${notifySql(
                 sql`json_build_object('kind', 'message', 'conversationId', ${conversationId}::text,
                       'memberIds', CASE WHEN ${held}::boolean THEN json_build_array(${actor.id}::text) ELSE ${JSON.stringify(memberIds)}::json END,
                       'viewers', CASE WHEN facts.had_unread THEN (json_build_array(${actor.id}::text)::jsonb || facts.told::jsonb)::json ELSE facts.told END)::text`,
               )} AS queued
          FROM msg, facts`,
  );
  return { conversationId, messageId: row!.id, seq: Number(row!.seq), held };
}

/** Counts a visible message unread for the other current members who do not mute its author; returns them. */
async function deliver(tx: Tx, author: { id: string }, conversationId: string): Promise<string[]> {
  const told = await rows<{ user_id: string }>(
    tx,
    sql`UPDATE conversation_members cm SET unread_count = cm.unread_count + 1, hidden = false, last_message_at = now()
         WHERE cm.conversation_id = ${conversationId}::uuid AND cm.user_id <> ${author.id} AND cm.left_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM member_mutes mm WHERE mm.muter_id = cm.user_id AND mm.muted_id = ${author.id})
        RETURNING cm.user_id`,
  );
  return told.map((r) => r.user_id);
}

/** One unread 'Privat meddelande' row per member and conversation, its count bumped per message. */
async function notifyRecipients(tx: Tx, actor: Pick<WriteActor, "id" | "nickname">, conversationId: string, recipients: string[]): Promise<void> {
  if (recipients.length === 0) return;
  const list = sql.join(
    recipients.map((id) => sql`(${id}::text)`),
    sql`, `,
  );
  const [r] = await rows<{ from: string | number | null; to: string | number | null }>(
    tx,
    sql`WITH r(user_id) AS (VALUES ${list}),
        up AS (
          INSERT INTO notifications AS n (user_id, actor_id, type, reference_id, actor_nickname, count)
          SELECT r.user_id, ${actor.id}, 'private_message', ${conversationId}::uuid, ${actor.nickname}, 1
            FROM r WHERE ${channelOfKind(sql`r.user_id`, "private_message")} <> 'off'
          ON CONFLICT (user_id, reference_id) WHERE type = 'private_message' AND read = false
          DO UPDATE SET count = n.count + 1, actor_id = EXCLUDED.actor_id, actor_nickname = EXCLUDED.actor_nickname,
                        created_at = now(), seq = DEFAULT
          RETURNING n.seq)
        SELECT min(seq)::bigint AS "from", max(seq)::bigint AS "to" FROM up`,
  );
  if (r?.from != null && r.to != null) await publishEvent(tx, { kind: "notifications", from: Number(r.from), to: Number(r.to) });
}

/** Whether a message by `actor` is held: links outside the forum from an account younger than a day (staff never). */
async function heldFor(db: Q, actor: WriteActor, cooked: Cooked): Promise<boolean> {
  if (actsAsStaff(actor) || !linksOutside(cooked.html)) return false;
  return isNewAccount(db, actor.id);
}

/** What 'Nytt meddelande' posts. */
export interface NewConversationRaw {
  to?: string;
  body?: string;
}

interface Recipient {
  id: string;
  nickname: string;
}

/**
 * 'Nytt meddelande': `{ to, body }` → {@link SentMessage}. One recipient with whom the actor already
 * has a one-to-one conversation: the message goes there. Steps: login (401) → not blocked (403) →
 * parse (400: no recipient, more than 9, empty or too long text) → policy: every nickname is a
 * member (400), not oneself (400), each recipient takes the actor's messages (403 'Du kan inte
 * skicka meddelanden till …': their setting, or they mute the actor), the same text not already
 * sent to many (429) → limits `conversation` and `message` → cook → one transaction.
 */
export const startConversationWrite = defineWrite({
  name: "start-conversation",
  login: { message: ib.loginToMessage, title: ib.sendFailed },
  access: refuseBlocked,
  parse: (raw: NewConversationRaw) => parseWith(newConversationSchema, raw, { title: ib.sendFailed }),
  policy: async ({ db, actor }: WriteScope, input): Promise<{ recipients: Recipient[]; pair: string | null }> => {
    const lowered = input.to.map((n) => n.toLowerCase());
    const found = await rows<{ id: string; nickname: string; messages_from: MessagesFrom; follows: boolean; mutes: boolean }>(
      db,
      sql`SELECT p.id, p.nickname, p.messages_from,
                 EXISTS (SELECT 1 FROM user_follows f WHERE f.follower_id = p.id AND f.following_id = ${actor.id}) AS follows,
                 EXISTS (SELECT 1 FROM member_mutes mm WHERE mm.muter_id = p.id AND mm.muted_id = ${actor.id}) AS mutes
            FROM profiles p WHERE lower(p.nickname) IN (${sql.join(
              lowered.map((n) => sql`${n}`),
              sql`, `,
            )})`,
    );
    const byName = new Map(found.map((r) => [r.nickname.toLowerCase(), r]));
    const recipients: Recipient[] = [];
    for (const name of input.to) {
      const r = byName.get(name.toLowerCase());
      if (!r) throw new ForumError(400, ib.recipientUnknown(name), ib.sendFailed);
      if (r.id === actor.id) throw new ForumError(400, ib.recipientSelf, ib.sendFailed);
      recipients.push({ id: r.id, nickname: r.nickname });
    }
    const pair = recipients.length === 1 ? [actor.id, recipients[0]!.id].sort().join(":") : null;
    const existing = pair
      ? (await rows<{ id: string }>(db, sql`SELECT id FROM conversations WHERE pair_key = ${pair}`))[0]?.id
      : undefined;
    for (const r of recipients) {
      const row = byName.get(r.nickname.toLowerCase())!;
      const stance = { messagesFrom: row.messages_from, followsSender: Boolean(row.follows), mutesSender: Boolean(row.mutes) };
      // An ongoing conversation goes on whatever the setting says now; a mute still stops it.
      const allowed = existing ? maySendIn({ isGroup: false, other: stance }) : mayStartConversation(stance);
      if (!allowed) throw new ForumError(403, ib.cannotMessage(r.nickname), ib.sendFailed);
    }
    await refuseSameTextToMany(db, actor.id, input.body, existing ?? null);
    return { recipients, pair };
  },
  limits: ["conversation", "message"],
  prepare: ({ db }, { body }): Promise<Cooked> => cookForStorage(db, body),
  transaction: async (tx, { actor }, { body }, { recipients, pair }, cooked): Promise<SentMessage> => {
    let conversationId: string | undefined;
    if (pair) {
      const [made] = await rows<{ id: string }>(
        tx,
        sql`INSERT INTO conversations (created_by, is_group, pair_key) VALUES (${actor.id}, false, ${pair})
            ON CONFLICT (pair_key) DO NOTHING RETURNING id`,
      );
      conversationId = made?.id ?? (await rows<{ id: string }>(tx, sql`SELECT id FROM conversations WHERE pair_key = ${pair}`))[0]?.id;
    } else {
      const [made] = await rows<{ id: string }>(tx, sql`INSERT INTO conversations (created_by, is_group) VALUES (${actor.id}, true) RETURNING id`);
      conversationId = made!.id;
    }
    const memberIds = [actor.id, ...recipients.map((r) => r.id)];
    await tx.execute(
      sql`INSERT INTO conversation_members (conversation_id, user_id)
          SELECT ${conversationId}::uuid, id FROM (VALUES ${sql.join(
            memberIds.map((id) => sql`(${id}::text)`),
            sql`, `,
          )}) AS m(id)
          ON CONFLICT (conversation_id, user_id) DO NOTHING`,
    );
    const held = await heldFor(tx, actor, cooked);
    return appendMessage(tx, actor, conversationId!, memberIds, body, cooked, held);
  },
  changes: () => OWN,
});

/** What a reply in a conversation posts. */
export interface SendRaw {
  conversationId: string;
  body?: string;
}

/**
 * A message in a conversation: `{ conversationId, body }` → {@link SentMessage}. Steps: login (401)
 * → not blocked (403) → parse (400) → the actor is a current member (404, the same for a
 * conversation that does not exist) and, in a one-to-one, the other member still takes their
 * messages (403) → same text not sent to many (429) → limit `message` → cook → transaction.
 */
export const sendMessageWrite = defineWrite({
  name: "send-message",
  login: { message: ib.loginToMessage, title: ib.sendFailed },
  access: refuseBlocked,
  parse: (raw: SendRaw) => ({ conversationId: String(raw.conversationId ?? ""), ...parseWith(messageSchema, raw, { title: ib.sendFailed }) }),
  policy: async ({ db, actor }: WriteScope, input): Promise<Membership> => {
    const member = await membership(db, actor.id, input.conversationId, ib.sendFailed, sameTextOf(input.body));
    if (!maySendIn(member)) throw new ForumError(403, ib.cannotMessageInConversation, ib.sendFailed);
    refuseSameText(member.sameTextElsewhere);
    return member;
  },
  limits: "message",
  prepare: async ({ db, actor }, { body }) => {
    const cooked = await cookForStorage(db, body);
    return { cooked, held: await heldFor(db, actor, cooked) };
  },
  // appendMessage is one statement: no BEGIN and COMMIT around it.
  oneStatement: true,
  transaction: async (tx, { actor }, { body }, member, { cooked, held }) => appendMessage(tx, actor, member.conversationId, member.memberIds, body, cooked, held),
  changes: () => OWN,
});

/**
 * Editing one's message within 5 minutes: `{ messageId, body }` → `{ conversationId }`. Steps:
 * login → not blocked (403) → parse (400) → a message the actor can see (404) → their own (403)
 * and young enough (403 'Ett meddelande kan bara redigeras de första 5 minuterna.') → limit
 * `edit` → cook → update (a new account's edit that adds links holds it again).
 */
export const editMessageWrite = defineWrite({
  name: "edit-message",
  login: { message: ib.loginToMessage, title: ib.editFailed },
  // A blocked member changes nothing they sent (as a post: server/forum/edits.ts); deleting stays allowed.
  access: refuseBlocked,
  parse: (raw: { messageId: string; body?: string }) => ({ messageId: String(raw.messageId ?? ""), ...parseWith(messageSchema, raw, { title: ib.editFailed }) }),
  policy: async ({ db, actor }: WriteScope, input): Promise<LoadedMessage> => {
    const msg = await participantMessage(db, actor.id, input.messageId, ib.editFailed);
    if (msg.authorId !== actor.id) throw new ForumError(403, ib.notAuthor, ib.editFailed);
    if (msg.deleted) throw new ForumError(403, ib.alreadyDeleted, ib.editFailed);
    if (!messageCan(actor.id, msg, Date.now()).edit) throw new ForumError(403, ib.editWindowOver, ib.editFailed);
    return msg;
  },
  limits: "edit",
  prepare: ({ db }, { body }): Promise<Cooked> => cookForStorage(db, body),
  transaction: async (tx, { actor }, { body }, msg, cooked) => {
    const hold = msg.held || (await heldFor(tx, actor, cooked));
    await tx.execute(
      sql`UPDATE messages SET body = ${body}, body_html = ${cooked.html}, same_text = ${sameTextHash(body)}, held = ${hold}, edited_at = now()
           WHERE id = ${msg.messageId}::uuid`,
    );
    // No one's inbox count changes (`viewers` empty).
    await publishEvent(tx, { kind: "message", conversationId: msg.conversationId, memberIds: hold ? [actor.id] : msg.memberIds, viewers: [] });
    return { conversationId: msg.conversationId };
  },
  changes: () => OWN,
});

/**
 * Deleting one's own message: `{ messageId }` → `{ conversationId }`; its text is removed for
 * everyone ('Meddelandet har tagits bort'). 404 when the actor cannot see it, 403 when it is
 * someone else's or already deleted.
 */
export const deleteMessageWrite = defineWrite({
  name: "delete-message",
  login: { message: ib.loginToMessage, title: ib.deleteFailed },
  parse: (raw: { messageId: string }) => String(raw.messageId ?? ""),
  policy: async ({ db, actor }: WriteScope, messageId: string): Promise<LoadedMessage> => {
    const msg = await participantMessage(db, actor.id, messageId, ib.deleteFailed);
    if (msg.authorId !== actor.id) throw new ForumError(403, ib.notAuthor, ib.deleteFailed);
    if (msg.deleted) throw new ForumError(403, ib.alreadyDeleted, ib.deleteFailed);
    return msg;
  },
  limits: "edit",
  transaction: async (tx, _scope, _id, msg) => {
    await eraseMessage(tx, msg.messageId);
    await publishEvent(tx, { kind: "message", conversationId: msg.conversationId, memberIds: msg.memberIds, viewers: [] });
    return { conversationId: msg.conversationId };
  },
  changes: () => OWN,
});

/** Removes a message's text for everyone; its row (and place in the conversation) stays. */
async function eraseMessage(tx: Tx, messageId: string): Promise<void> {
  await tx.execute(
    sql`UPDATE messages SET body = '', body_html = '', same_text = '', held = false, deleted_at = now() WHERE id = ${messageId}::uuid AND deleted_at IS NULL`,
  );
}

/**
 * Marks a conversation read for the actor: `{ conversationId }` → `{ changed }`; its 'Privat
 * meddelande' notifications are read too. 404 for a non-member. Tells every instance to forget the
 * actor's kept reads and session lookup only when something was unread.
 */
export const readConversationWrite = defineWrite({
  name: "read-conversation",
  login: { message: ib.loginToRead },
  parse: (raw: { conversationId: string }) => String(raw.conversationId ?? ""),
  policy: ({ db, actor }: WriteScope, id: string) => membership(db, actor.id, id, ib.actionFailed),
  limits: "read",
  transaction: async (tx, { actor }, id) => {
    const changed = await markConversationRead(tx, actor.id, id);
    if (changed) await publishMembersChange(tx, { reads: [actor.id] });
    return { changed };
  },
  changes: (value) => (value.changed ? OWN : NOTHING),
});

/**
 * Marks a conversation read for a member (no checks: the caller knows they are a member).
 *
 * @returns true when anything was unread
 */
export async function markConversationRead(db: Q, userId: string, conversationId: string): Promise<boolean> {
  const changed = await rows<{ user_id: string }>(
    db,
    sql`UPDATE conversation_members cm SET unread_count = 0, read_seq = c.message_count
          FROM conversations c
         WHERE c.id = cm.conversation_id AND cm.conversation_id = ${conversationId}::uuid AND cm.user_id = ${userId}
           AND (cm.unread_count > 0 OR cm.read_seq < c.message_count)
        RETURNING cm.user_id, (cm.unread_count) AS was`,
  );
  const notes = await rows<{ id: string }>(
    db,
    sql`UPDATE notifications SET read = true WHERE user_id = ${userId} AND type = 'private_message'
          AND reference_id = ${conversationId}::uuid AND read = false RETURNING id`,
  );
  return changed.length > 0 || notes.length > 0;
}

/**
 * 'Dölj konversationen': `{ conversationId }` → void; hidden from the actor's inbox (and read)
 * until the next message. 404 for a non-member.
 */
export const hideConversationWrite = defineWrite({
  name: "hide-conversation",
  login: { message: ib.loginToMessage, title: ib.actionFailed },
  parse: (raw: { conversationId: string }) => String(raw.conversationId ?? ""),
  policy: ({ db, actor }: WriteScope, id: string) => membership(db, actor.id, id, ib.actionFailed),
  limits: "read",
  transaction: async (tx, { actor }, id) => {
    await markConversationRead(tx, actor.id, id);
    await tx.execute(sql`UPDATE conversation_members SET hidden = true WHERE conversation_id = ${id}::uuid AND user_id = ${actor.id}`);
    await publishMembersChange(tx, { reads: [actor.id] });
  },
  changes: () => OWN,
});

/**
 * 'Lämna gruppen': `{ conversationId }` → void; the actor no longer sees the group or its new
 * messages. 404 for a non-member, 400 for a one-to-one conversation.
 */
export const leaveConversationWrite = defineWrite({
  name: "leave-conversation",
  login: { message: ib.loginToMessage, title: ib.actionFailed },
  parse: (raw: { conversationId: string }) => String(raw.conversationId ?? ""),
  policy: async ({ db, actor }: WriteScope, id: string) => {
    const member = await membership(db, actor.id, id, ib.actionFailed);
    if (!member.isGroup) throw new ForumError(400, ib.notAGroup, ib.actionFailed);
    return member;
  },
  limits: "read",
  transaction: async (tx, { actor }, id, member) => {
    await markConversationRead(tx, actor.id, id);
    await tx.execute(sql`UPDATE conversation_members SET left_at = now(), unread_count = 0 WHERE conversation_id = ${id}::uuid AND user_id = ${actor.id}`);
    await publishEvent(tx, { kind: "message", conversationId: id, memberIds: member.memberIds, viewers: [actor.id] });
  },
  changes: () => OWN,
});

/**
 * 'Anmäl' on another participant's message: `{ messageId, reason, details? }` → void. Only then
 * do moderators see the message (with the 5 before it). 404 when the actor cannot see it, 403 for
 * one's own or a deleted one, 400 for an unknown reason, 409 when already reported by the actor.
 */
export const reportMessageWrite = defineWrite({
  name: "report-message",
  login: { message: ib.loginToMessage, title: ib.reportFailed },
  parse: (raw: { messageId: string; reason?: string; details?: string }) => {
    if (!isOneOf(REPORT_REASONS, raw.reason)) throw new ForumError(400, m.chooseReason, ib.reportFailed);
    const details = (raw.details ?? "").trim().slice(0, 2000);
    return { messageId: String(raw.messageId ?? ""), reason: raw.reason as ReportReason, details: details || null };
  },
  policy: async ({ db, actor }: WriteScope, input) => {
    const msg = await participantMessage(db, actor.id, input.messageId, ib.reportFailed);
    if (!messageCan(actor.id, msg, Date.now()).report) throw new ForumError(403, ib.reportFailed, ib.reportFailed);
    return msg;
  },
  limits: "report",
  transaction: async (tx, { actor }, input) => {
    try {
      await tx.execute(
        sql`INSERT INTO message_reports (message_id, user_id, reason, details) VALUES (${input.messageId}::uuid, ${actor.id}, ${input.reason}, ${input.details})`,
      );
    } catch (error) {
      if (pgCode(error) === "23505") throw new ForumError(409, ib.alreadyReported, ib.reportFailed);
      throw error;
    }
  },
  changes: () => NOTHING,
});

/**
 * A moderator's decision on a held or reported message: `{ messageId, action }` with `release`
 * (a held message goes out as if sent now), `delete` (its text is removed; its reports closed)
 * or `dismiss` (its reports closed). Acting staff only (403); any other message is 404 to them,
 * so staff cannot probe conversations. Logged in the moderation log.
 */
export const moderateMessageWrite = defineWrite({
  name: "moderate-message",
  login: { message: ib.loginToMessage, title: ib.actionFailed },
  access: (actor) => {
    if (!actsAsStaff(actor)) throw new ForumError(403, ib.staffOnly, ib.actionFailed);
  },
  parse: (raw: { messageId: string; action?: string }) => {
    const action = raw.action;
    if (action !== "release" && action !== "delete" && action !== "dismiss") throw new ForumError(400, ib.actionFailed, ib.actionFailed);
    return { messageId: String(raw.messageId ?? ""), action };
  },
  policy: async ({ db }: WriteScope, input) => {
    if (!isUuid(input.messageId)) throw new ForumError(404, ib.messageNotFound, ib.actionFailed);
    const [msg] = await rows<{ conversation_id: string; author_id: string | null; author_nickname: string | null; held: boolean; reported: boolean }>(
      db,
      sql`SELECT msg.conversation_id, msg.author_id, p.nickname AS author_nickname, msg.held,
                 EXISTS (SELECT 1 FROM message_reports r WHERE r.message_id = msg.id AND r.status = 'open') AS reported
            FROM messages msg LEFT JOIN profiles p ON p.id = msg.author_id WHERE msg.id = ${input.messageId}::uuid`,
    );
    const visible = msg && (input.action === "release" ? msg.held : msg.held || msg.reported);
    if (!msg || !visible) throw new ForumError(404, ib.messageNotFound, ib.actionFailed);
    return msg;
  },
  transaction: async (tx, { actor }, input, msg) => {
    const resolve = (resolution: string) =>
      tx.execute(
        sql`UPDATE message_reports SET status = 'resolved', resolution = ${resolution}, resolved_by = ${actor.id}, resolved_at = now()
             WHERE message_id = ${input.messageId}::uuid AND status = 'open'`,
      );
    const members = await rows<{ user_id: string }>(
      tx,
      sql`SELECT user_id FROM conversation_members WHERE conversation_id = ${msg.conversation_id}::uuid AND left_at IS NULL`,
    );
    const memberIds = members.map((r) => r.user_id);
    if (input.action === "release") {
      await tx.execute(sql`UPDATE messages SET held = false WHERE id = ${input.messageId}::uuid`);
      if (msg.author_id) {
        const told = await deliver(tx, { id: msg.author_id }, msg.conversation_id);
        await notifyRecipients(tx, { id: msg.author_id, nickname: msg.author_nickname ?? "" }, msg.conversation_id, told);
      }
    } else if (input.action === "delete") {
      await eraseMessage(tx, input.messageId);
      await resolve("content_deleted");
    } else {
      await resolve("dismissed");
    }
    await recordModeration(tx, {
      actor,
      action: input.action === "release" ? "release_message" : input.action === "delete" ? "delete_message" : "dismiss_message_reports",
      targetType: "message",
      targetId: input.messageId,
      // No nickname copy: the log outlives an account deletion, and the message id is enough.
      targetLabel: null,
      reason: null,
    });
    await publishEvent(tx, { kind: "message", conversationId: msg.conversation_id, memberIds });
  },
  changes: () => MEMBER,
});

/**
 * 'Vem får starta en konversation med dig': `{ messagesFrom }` → the saved value. A preference no
 * cached page shows: declares nothing.
 */
export const messagesFromWrite = defineWrite({
  name: "messages-from",
  login: { message: ib.loginToMessage, title: ib.settingFailed },
  parse: (raw: { messagesFrom?: string }) => parseWith(messagesFromSchema, raw, { title: ib.settingFailed }).messagesFrom,
  limits: "bio",
  transaction: async (tx, { actor }, messagesFrom: MessagesFrom) => {
    await tx.execute(sql`UPDATE profiles SET messages_from = ${messagesFrom} WHERE id = ${actor.id}`);
    return messagesFrom;
  },
  changes: () => NOTHING,
});
