/**
 * The reads of private messages ('Inkorg', docs/decisions/055-private-messages.md): a member's
 * inbox, one conversation page, and the two places staff see a message: the held queue and the
 * reported messages with the 5 before each. Every read of a conversation is by a participant:
 * {@link conversationPage} answers null for anyone else, staff included.
 *
 * @module
 */
import { sql, type SQL } from "drizzle-orm";
import {
  INBOX_PAGE_SIZE,
  LATEST_LINE_CHARS,
  MESSAGES_PAGE_SIZE,
  REPORT_CONTEXT_MESSAGES,
  type ConversationView,
  type InboxPage,
  type MessageView,
  type ParticipantView,
  type ReportedMessageView,
  type StaffMessageView,
} from "../../domain/messages";
import { maySendIn, messageCan } from "../../domain/policy/messages";
import { isOneOf, MESSAGES_FROM, type MessagesFrom, type ReportReason } from "../../domain/values";
import { plainExcerpt } from "../content/excerpt";
import type { Db, Tx } from "../db/client";
import { preparedRows } from "../db/prepared";

type Q = Db | Tx;

async function rows<T>(db: Q, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const iso = (value: string | Date | null): string | null => (value == null ? null : new Date(value).toISOString());

interface InboxSqlRow {
  conversation_id: string;
  unread_count: number;
  last_message_at: string | Date;
  is_group: boolean;
  others: ParticipantView[] | null;
  body: string | null;
  author_id: string | null;
  deleted: boolean | null;
}

/**
 * A page of a member's inbox, latest conversation first: the other participants, the latest
 * message they may see (plain text, cut to 120 characters; a muted member's and another member's
 * held messages left out) and the unread count. Hidden and left conversations are not listed.
 *
 * @param db database
 * @param viewerId the member
 * @param page 1-based; out-of-range pages are empty
 * @returns {@link InboxPage}
 */
export async function inboxPage(db: Db, viewerId: string, page = 1): Promise<InboxPage> {
  const p = Math.max(1, Math.min(1000, Math.floor(page) || 1));
  const offset = (p - 1) * INBOX_PAGE_SIZE;
  const query = sql`WITH mine AS (
          SELECT cm.conversation_id, cm.unread_count, cm.last_message_at
            FROM conversation_members cm
           WHERE cm.user_id = ${viewerId} AND cm.left_at IS NULL AND NOT cm.hidden
           ORDER BY cm.last_message_at DESC NULLS LAST, cm.conversation_id
           LIMIT ${sql.raw(String(INBOX_PAGE_SIZE + 1))} OFFSET ${sql.raw(String(offset))})
        SELECT mine.conversation_id, mine.unread_count, mine.last_message_at, c.is_group,
               (SELECT json_agg(json_build_object('id', p.id, 'nickname', p.nickname, 'avatarUrl', p.avatar_url, 'edgeLevel', p.edge_level)
                                ORDER BY lower(p.nickname))
                  FROM conversation_members o JOIN profiles p ON p.id = o.user_id
                 WHERE o.conversation_id = mine.conversation_id AND o.user_id <> ${viewerId} AND o.left_at IS NULL) AS others,
               last.body, last.author_id, last.deleted
          FROM mine
          JOIN conversations c ON c.id = mine.conversation_id
          LEFT JOIN LATERAL (
            SELECT m.body, m.author_id, m.deleted_at IS NOT NULL AS deleted
              FROM messages m
             WHERE m.conversation_id = mine.conversation_id
               AND (NOT m.held OR m.author_id = ${viewerId})
               AND NOT EXISTS (SELECT 1 FROM member_mutes mm WHERE mm.muter_id = ${viewerId} AND mm.muted_id = m.author_id)
             ORDER BY m.seq DESC LIMIT 1) last ON true
         ORDER BY mine.last_message_at DESC NULLS LAST, mine.conversation_id`;
  // The first pages as prepared statements (one name per page: the page is in the text).
  const found = p <= 5 ? await preparedRows<InboxSqlRow>(db, `inbox-page:${offset}`, query) : await rows<InboxSqlRow>(db, query);
  const hasMore = found.length > INBOX_PAGE_SIZE;
  return {
    page: p,
    hasMore,
    rows: found.slice(0, INBOX_PAGE_SIZE).map((r) => ({
      id: r.conversation_id,
      others: r.others ?? [],
      isGroup: Boolean(r.is_group),
      latestLine: r.deleted || !r.body ? "" : plainExcerpt(r.body, LATEST_LINE_CHARS),
      latestMine: r.author_id === viewerId,
      latestDeleted: Boolean(r.deleted),
      lastMessageAt: iso(r.last_message_at)!,
      unreadCount: Number(r.unread_count),
    })),
  };
}

interface HeadSqlRow {
  is_group: boolean;
  message_count: number;
  unread_count: number;
  read_seq: number;
  participants: Array<ParticipantView & { mutesViewer: boolean }> | null;
  held_for_viewer: number;
}

interface MessageSqlRow {
  id: string;
  seq: number;
  author_id: string | null;
  body: string;
  body_html: string;
  created_at: string | Date;
  edited_at: string | Date | null;
  deleted: boolean;
  held: boolean;
  nickname: string | null;
  avatar_url: string | null;
  edge_level: number | null;
}

/** A conversation page and the viewer's read state in it (to mark it read). */
export interface ConversationRead {
  view: ConversationView;
  /** The viewer has unread messages here (the page marks them read). */
  unread: boolean;
}

/**
 * One page of a conversation for a participant: up to 30 messages, oldest first, ending before
 * `before` (the newest page without it). Another member's held messages are counted, not shown;
 * a muted member's are collapsed; a deleted one has no text.
 *
 * @param db database
 * @param viewer the member and the members they mute
 * @param conversationId the conversation
 * @param before `seq` to page back from ('Visa äldre'), or null for the newest page
 * @param nowMs the clock (ms), for the edit window
 * @returns the page, or null when the conversation does not exist or the viewer is not a current
 *   member (staff get null too)
 */
export async function conversationPage(
  db: Db,
  viewer: { id: string; mutedIds: ReadonlySet<string> },
  conversationId: string,
  before: number | null,
  nowMs = Date.now(),
): Promise<ConversationRead | null> {
  const [head] = await preparedRows<HeadSqlRow>(
    db,
    "conversation-head",
    sql`SELECT c.is_group, c.message_count, me.unread_count, me.read_seq,
               (SELECT json_agg(json_build_object('id', p.id, 'nickname', p.nickname, 'avatarUrl', p.avatar_url, 'edgeLevel', p.edge_level,
                                                  'mutesViewer', EXISTS (SELECT 1 FROM member_mutes mm WHERE mm.muter_id = p.id AND mm.muted_id = ${viewer.id}))
                                ORDER BY lower(p.nickname))
                  FROM conversation_members o JOIN profiles p ON p.id = o.user_id
                 WHERE o.conversation_id = c.id AND o.left_at IS NULL) AS participants,
               (SELECT count(*)::int FROM messages h WHERE h.conversation_id = c.id AND h.held AND h.author_id IS DISTINCT FROM ${viewer.id}) AS held_for_viewer
          FROM conversations c
          JOIN conversation_members me ON me.conversation_id = c.id AND me.user_id = ${viewer.id} AND me.left_at IS NULL
         WHERE c.id = ${conversationId}::uuid`,
  );
  if (!head) return null;
  const upTo = before !== null && before > 0 ? before : Number(head.message_count) + 1;
  const found = await preparedRows<MessageSqlRow>(
    db,
    "conversation-messages",
    sql`SELECT m.id, m.seq, m.author_id, m.body, m.body_html, m.created_at, m.edited_at, m.deleted_at IS NOT NULL AS deleted, m.held,
               p.nickname, p.avatar_url, p.edge_level
          FROM messages m LEFT JOIN profiles p ON p.id = m.author_id
         WHERE m.conversation_id = ${conversationId}::uuid AND m.seq < ${upTo}
           AND (NOT m.held OR m.author_id = ${viewer.id})
         ORDER BY m.seq DESC
         LIMIT ${sql.raw(String(MESSAGES_PAGE_SIZE + 1))}`,
  );
  const page = found.slice(0, MESSAGES_PAGE_SIZE).reverse();
  const participants = (head.participants ?? []).map(({ mutesViewer: _m, ...p }) => p);
  const other = (head.participants ?? []).find((p) => p.id !== viewer.id);
  const messages: MessageView[] = page.map((r) => {
    const muted = r.author_id !== null && viewer.mutedIds.has(r.author_id);
    const facts = { authorId: r.author_id, createdAtMs: new Date(r.created_at).getTime(), deleted: Boolean(r.deleted) };
    const can = messageCan(viewer.id, facts, nowMs);
    return {
      id: r.id,
      seq: Number(r.seq),
      author: r.author_id && r.nickname ? { id: r.author_id, nickname: r.nickname, avatarUrl: r.avatar_url, edgeLevel: Number(r.edge_level ?? 0) } : null,
      html: r.deleted || muted ? "" : r.body_html,
      body: can.edit ? r.body : null,
      createdAt: iso(r.created_at)!,
      editedAt: iso(r.edited_at),
      deleted: Boolean(r.deleted),
      held: Boolean(r.held),
      muted,
      mine: r.author_id === viewer.id,
      can,
    };
  });
  return {
    unread: Number(head.unread_count) > 0 || Number(head.read_seq) < Number(head.message_count),
    view: {
      id: conversationId,
      isGroup: Boolean(head.is_group),
      participants,
      others: participants.filter((p) => p.id !== viewer.id),
      messages,
      olderBefore: found.length > MESSAGES_PAGE_SIZE ? messages[0]!.seq : null,
      paged: before !== null && upTo <= Number(head.message_count),
      heldForViewer: Number(head.held_for_viewer),
      canSend: maySendIn({ isGroup: Boolean(head.is_group), other: other ? { mutesSender: other.mutesViewer } : null }),
    },
  };
}

const staffMessage = (r: MessageSqlRow & { conversation_id: string }): StaffMessageView => ({
  id: r.id,
  conversationId: r.conversation_id,
  seq: Number(r.seq),
  authorNickname: r.nickname,
  authorId: r.author_id,
  html: r.deleted ? "" : r.body_html,
  createdAt: iso(r.created_at)!,
  deleted: Boolean(r.deleted),
});

const STAFF_COLUMNS = sql`m.id, m.conversation_id, m.seq, m.author_id, m.body, m.body_html, m.created_at, m.edited_at,
  m.deleted_at IS NOT NULL AS deleted, m.held, p.nickname, p.avatar_url, p.edge_level`;

/**
 * Messages held for review (links from accounts younger than a day), oldest first: the only
 * messages of a conversation staff see besides reported ones.
 *
 * @param limit at most this many (default 50)
 * @returns {@link StaffMessageView}s
 */
export async function heldMessages(db: Db, limit = 50): Promise<StaffMessageView[]> {
  const found = await rows<MessageSqlRow & { conversation_id: string }>(
    db,
    sql`SELECT ${STAFF_COLUMNS} FROM messages m LEFT JOIN profiles p ON p.id = m.author_id
         WHERE m.held ORDER BY m.created_at LIMIT ${limit}`,
  );
  return found.map(staffMessage);
}

/**
 * Open reports of private messages, grouped per message, oldest report first, each with the
 * {@link REPORT_CONTEXT_MESSAGES} messages before it (held ones left out).
 *
 * @param limit messages at most (default 50)
 * @returns {@link ReportedMessageView}s
 */
export async function reportedMessages(db: Db, limit = 50): Promise<ReportedMessageView[]> {
  // One query: each reported message with the messages before it as JSON (no query per report).
  const reported = await rows<
    MessageSqlRow & { conversation_id: string; reasons: ReportReason[]; details: Array<string | null>; n: number; first_at: string | Date; before: Array<MessageSqlRow & { conversation_id: string }> | null }
  >(
    db,
    sql`SELECT ${STAFF_COLUMNS}, r.reasons, r.details, r.n, r.first_at,
               (SELECT json_agg(b ORDER BY b.seq) FROM (
                  SELECT ${STAFF_COLUMNS} FROM messages m LEFT JOIN profiles p ON p.id = m.author_id
                   WHERE m.conversation_id = r_m.conversation_id AND m.seq < r_m.seq AND NOT m.held
                   ORDER BY m.seq DESC LIMIT ${REPORT_CONTEXT_MESSAGES}) b) AS before
          FROM (SELECT message_id, array_agg(DISTINCT reason) AS reasons, array_agg(details) AS details, count(*)::int AS n, min(created_at) AS first_at
                  FROM message_reports WHERE status = 'open' GROUP BY message_id) r
          JOIN messages r_m ON r_m.id = r.message_id
          JOIN messages m ON m.id = r.message_id LEFT JOIN profiles p ON p.id = m.author_id
         ORDER BY r.first_at LIMIT ${limit}`,
  );
  const out: ReportedMessageView[] = reported.map((r) => ({
    message: staffMessage(r),
    reasons: r.reasons,
    reportCount: Number(r.n),
    details: r.details.filter((d): d is string => Boolean(d)),
    firstReportedAt: iso(r.first_at)!,
    before: (r.before ?? []).map(staffMessage),
  }));
  return out;
}

/** One conversation in a member's data export (`author` null: a deleted account). */
export interface ConversationExport {
  id: string;
  participants: string[];
  left: boolean;
  messages: Array<{ author: string | null; text: string; sentAt: string; editedAt: string | null; deleted: boolean }>;
}

/**
 * A member's conversations for their data export: each conversation they are or were in, its
 * participants' nicknames and every message they can see (their own held ones too; in a group they
 * left, only what was written until they left), oldest first.
 *
 * @returns JSON-ready rows
 */
export async function exportConversations(db: Q, userId: string): Promise<ConversationExport[]> {
  const convs = await rows<{ id: string; left: boolean; participants: string[] | null }>(
    db,
    sql`SELECT c.id, me.left_at IS NOT NULL AS left,
               (SELECT array_agg(p.nickname ORDER BY lower(p.nickname)) FROM conversation_members o JOIN profiles p ON p.id = o.user_id
                 WHERE o.conversation_id = c.id) AS participants
          FROM conversation_members me JOIN conversations c ON c.id = me.conversation_id
         WHERE me.user_id = ${userId} ORDER BY c.created_at`,
  );
  const out = [];
  for (const c of convs) {
    const msgs = await rows<{ nickname: string | null; body: string; created_at: string | Date; edited_at: string | Date | null; deleted: boolean }>(
      db,
      sql`SELECT p.nickname, m.body, m.created_at, m.edited_at, m.deleted_at IS NOT NULL AS deleted
            FROM messages m LEFT JOIN profiles p ON p.id = m.author_id
           WHERE m.conversation_id = ${c.id}::uuid AND (NOT m.held OR m.author_id = ${userId})
             -- A member who left the group saw nothing written after they left.
             AND m.created_at <= coalesce((SELECT cm.left_at FROM conversation_members cm
                                           WHERE cm.conversation_id = ${c.id}::uuid AND cm.user_id = ${userId}), 'infinity')
           ORDER BY m.seq`,
    );
    out.push({
      id: c.id,
      participants: c.participants ?? [],
      left: Boolean(c.left),
      messages: msgs.map((m) => ({ author: m.nickname, text: m.body, sentAt: iso(m.created_at)!, editedAt: iso(m.edited_at), deleted: Boolean(m.deleted) })),
    });
  }
  return out;
}

/**
 * The member's one-to-one conversation with another member, if any ('Skicka meddelande' on a
 * profile opens it instead of a new one).
 *
 * @returns its id, or null
 */
export async function pairConversation(db: Db, viewerId: string, otherId: string): Promise<string | null> {
  const key = [viewerId, otherId].sort().join(":");
  const [row] = await rows<{ id: string }>(
    db,
    sql`SELECT c.id FROM conversations c JOIN conversation_members cm ON cm.conversation_id = c.id AND cm.user_id = ${viewerId}
         WHERE c.pair_key = ${key}`,
  );
  return row?.id ?? null;
}

/**
 * How many conversations have messages the member has not read (the 'Inkorg' badge; the session
 * lookup reads the same count with the profile).
 *
 * @returns a count ≥ 0
 */
export async function inboxUnread(db: Db, userId: string): Promise<number> {
  const [row] = await preparedRows<{ n: number }>(
    db,
    "inbox-unread",
    sql`SELECT count(*)::int AS n FROM conversation_members WHERE user_id = ${userId} AND unread_count > 0 AND left_at IS NULL`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The member's 'Vem får starta en konversation med dig' setting.
 *
 * @returns `everyone` (the default), `following` or `nobody`
 */
export async function getMessagesFrom(db: Q, userId: string): Promise<MessagesFrom> {
  const [row] = await rows<{ messages_from: string }>(db, sql`SELECT messages_from FROM profiles WHERE id = ${userId}`);
  return isOneOf(MESSAGES_FROM, row?.messages_from) ? row.messages_from : "everyone";
}
