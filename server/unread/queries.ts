/**
 * What a member has not read (docs/decisions/052-unread-and-links.md). A member's read point of a
 * thread is the latest of three marks: `thread_reads.last_read_at` (every comment up to it was on
 * their screen), `category_reads.read_at` and `profiles.all_read_at` ('Markera alla som lästa').
 * A comment after it, by someone else, is unread. A thread the member never opened has no unread
 * comments; it is new (the dot) when someone else started it after the member's previous visit
 * and after both 'Markera alla som lästa' marks.
 *
 * @module
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { preparedRows } from "../db/prepared";
import type { UnreadState } from "../../domain/views";
import { threadRowsByIds, withActivity, type TrendingThreadRow } from "../trending/queries";

/** The rows of a raw query (both drivers answer `{ rows }`). */
export async function rows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * SQL of a member's read point of the thread `t` (alias), joined as `r` (thread_reads), `cr`
 * (category_reads) and `p` (the member's profile): null when none of the three marks exists.
 */
export const readPoint = sql`GREATEST(r.last_read_at, cr.read_at, p.all_read_at)`;
/** SQL of the moment after which a thread the member never opened counts as new (started later). */
const newAfter = sql`GREATEST(COALESCE(p.previous_visit_at, p.created_at), cr.read_at, p.all_read_at)`;

/** The joins every read of this module makes: the member `p`, their `r` and `cr` rows of thread `t`. */
export function memberJoins(memberId: string): SQL {
  return sql`JOIN profiles p ON p.id = ${memberId}
    LEFT JOIN thread_reads r ON r.user_id = ${memberId} AND r.thread_id = t.id
    LEFT JOIN category_reads cr ON cr.user_id = ${memberId} AND cr.category_id = t.category_id`;
}

/** What {@link unreadStates} needs of a listed thread (a list row has it). */
export interface ListedThread {
  id: string;
  categoryId: string;
  /** ISO time the thread was started. */
  createdAt: string;
  author: { id: string } | null;
}

/**
 * The unread state of each listed thread for a member: the thread rows' 'N nya' and new-thread
 * dot. One round trip that reads only the member's own rows: their read points among the listed
 * threads (with the count of newer comments by others where the thread has any), the moment
 * after which a thread counts as new, and their categories' marks. The dots are then decided
 * from the list's own rows (ms precision; a visit's boundary is minutes wide).
 *
 * @param db the database
 * @param memberId the member
 * @param threads the listed threads (at most a page)
 * @returns by thread id, only threads with something unread: `{ newComments, firstUnreadId }` for
 *   an opened thread with comments after the read point, `{ newThread: true }` for a new thread
 */
export async function unreadStates(db: Db, memberId: string, threads: readonly ListedThread[]): Promise<Record<string, UnreadState>> {
  if (threads.length === 0) return {};
  const ids = sql`${sql.param(threads.map((t) => t.id))}::uuid[]`;
  const found = await preparedRows<{ kind: "read" | "new-after" | "category"; id: string | null; n: number | null; first: string | null; at: Date | string | null }>(
    db,
    "unread-states",
    sql`SELECT 'read' AS kind, r.thread_id::text AS id, u.n, u.first, NULL::timestamptz AS at
          FROM thread_reads r
          JOIN threads t ON t.id = r.thread_id
          JOIN profiles p ON p.id = r.user_id
          LEFT JOIN category_reads cr ON cr.user_id = r.user_id AND cr.category_id = t.category_id
          LEFT JOIN LATERAL (
            SELECT count(*)::int AS n, (array_agg(c.id ORDER BY c.created_at, c.id))[1]::text AS first
              FROM comments c
             WHERE c.thread_id = t.id AND c.created_at > ${readPoint} AND c.author_id IS DISTINCT FROM r.user_id
          ) u ON t.last_comment_at > ${readPoint}
         WHERE r.user_id = ${memberId} AND r.thread_id = ANY(${ids})
        UNION ALL
        SELECT 'new-after', NULL, NULL, NULL, GREATEST(COALESCE(p.previous_visit_at, p.created_at), p.all_read_at) FROM profiles p WHERE p.id = ${memberId}
        UNION ALL
        SELECT 'category', cr.category_id::text, NULL, NULL, cr.read_at FROM category_reads cr WHERE cr.user_id = ${memberId}`,
  );
  const opened = new Set<string>();
  const states: Record<string, UnreadState> = {};
  const categoryMarks = new Map<string, number>();
  let newAfterMs = Infinity;
  for (const row of found) {
    if (row.kind === "read" && row.id) {
      opened.add(row.id);
      if (row.n && row.first) states[row.id] = { newComments: row.n, firstUnreadId: row.first };
    } else if (row.kind === "new-after" && row.at !== null) newAfterMs = new Date(row.at).getTime();
    else if (row.kind === "category" && row.id && row.at !== null) categoryMarks.set(row.id, new Date(row.at).getTime());
  }
  for (const t of threads) {
    if (opened.has(t.id) || t.author?.id === memberId) continue;
    const after = Math.max(newAfterMs, categoryMarks.get(t.categoryId) ?? -Infinity);
    if (Date.parse(t.createdAt) > after) states[t.id] = { newThread: true };
  }
  return states;
}

/** Where a member has read one thread to, for its page. */
export interface ThreadReadState {
  /** The read point (ISO); null when the member never opened the thread. */
  readUpTo: string | null;
  /** Comments by others after the read point (0 when never opened). */
  newComments: number;
  /** The oldest of them (the landing comment), or null. */
  firstUnreadId: string | null;
}

/**
 * SQL of one row `(kind 'read', key NULL, value)` holding a member's read state of one thread as
 * JSON text, for {@link parseThreadReadState}: a query of the thread page's own state takes it in
 * with UNION ALL (server/forum/own-state.ts), so the page's reader makes one round trip. No row
 * when the thread does not exist.
 *
 * @param memberId the member
 * @param threadId the thread (a UUID)
 */
export function threadReadStateRow(memberId: string, threadId: string): SQL {
  return sql`SELECT 'read' AS kind, NULL AS key,
           json_build_object('opened', r.user_id IS NOT NULL, 'at', ${readPoint}, 'n', u.n, 'first', u.first)::text AS value
      FROM threads t ${memberJoins(memberId)}
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS n, (array_agg(c.id ORDER BY c.created_at, c.id))[1] AS first
          FROM comments c
         WHERE r.user_id IS NOT NULL AND c.thread_id = t.id AND c.created_at > ${readPoint} AND c.author_id IS DISTINCT FROM ${memberId}
      ) u
     WHERE t.id = ${threadId}::uuid`;
}

/**
 * The {@link ThreadReadState} in a {@link threadReadStateRow}'s value.
 *
 * @param value the row's JSON text
 * @returns the state (never opened: no point, nothing new)
 */
export function parseThreadReadState(value: string): ThreadReadState {
  const row = JSON.parse(value) as { opened: boolean; at: string | null; n: number; first: string | null };
  if (!row.opened) return { readUpTo: null, newComments: 0, firstUnreadId: null };
  return { readUpTo: row.at === null ? null : new Date(row.at).toISOString(), newComments: row.n, firstUnreadId: row.first };
}

/**
 * A member's read state of one thread (its page's 'Nya kommentarer' divider and landing).
 *
 * @returns the {@link ThreadReadState}, or null when the thread does not exist
 */
export async function threadReadState(db: Db, memberId: string, threadId: string): Promise<ThreadReadState | null> {
  const [row] = await rows<{ value: string }>(db, threadReadStateRow(memberId, threadId));
  return row ? parseThreadReadState(row.value) : null;
}

/** 'Olästa' pages whose query is a prepared statement (see {@link unreadThreads}). */
const PREPARED_PAGES = 5;

/** How far back 'Olästa' looks: threads with activity in the last this many days. */
export const UNREAD_LIST_DAYS = 90;

/**
 * The members' home tab 'Olästa': threads with comments after the member's read point (by
 * others), and threads started since their previous visit that they never opened, newest
 * activity first. It walks `threads_last_activity_idx` from now back to the member's
 * 'Markera alla som lästa' for the whole forum, at most {@link UNREAD_LIST_DAYS} days; each
 * thread is checked against the member's read rows by primary key.
 *
 * @param db the database
 * @param memberId the member
 * @param page 1-based
 * @param pageSize rows per page
 * @param rowsOf the rows of the page's threads, in order (default {@link threadRowsWithActivity};
 *   the forum home passes it through the shared page data, as those rows are everyone's alike)
 * @returns the page's thread rows (with their 'Aktiva' activity) and whether a next page exists
 */
export async function unreadThreads(
  db: Db,
  memberId: string,
  page: number,
  pageSize: number,
  rowsOf: (ids: string[]) => Promise<TrendingThreadRow[]> = (ids) => threadRowsWithActivity(db, ids),
): Promise<{ threads: TrendingThreadRow[]; hasMore: boolean }> {
  const offset = (Math.max(1, Math.floor(page)) - 1) * pageSize;
  // A prepared statement per page (planning took 3 ms of the 3.5), with the page's LIMIT and
  // OFFSET written into its text: a generic plan that cannot see them sorts every thread of the
  // 90 days instead of walking the index (224 ms instead of 0.1 ms on bench_full). Deep pages,
  // rare, run unprepared, so a crawler cannot make a statement per page on every connection.
  const limit = sql.raw(String(pageSize + 1));
  const skip = sql.raw(String(offset));
  const query = sql`SELECT t.id FROM threads t ${memberJoins(memberId)}
         WHERE t.last_activity_at > GREATEST(p.all_read_at, now() - make_interval(days => ${UNREAD_LIST_DAYS}))
           AND CASE WHEN r.user_id IS NULL
                    THEN t.author_id IS DISTINCT FROM ${memberId} AND t.created_at > ${newAfter}
                    ELSE t.last_comment_at > ${readPoint}
                         AND EXISTS (SELECT 1 FROM comments c WHERE c.thread_id = t.id AND c.created_at > ${readPoint}
                                        AND c.author_id IS DISTINCT FROM ${memberId})
               END
         ORDER BY t.last_activity_at DESC NULLS LAST, t.id DESC NULLS LAST
         LIMIT ${limit} OFFSET ${skip}`;
  const ids = page <= PREPARED_PAGES ? await preparedRows<{ id: string }>(db, `unread-threads:${pageSize}:${offset}`, query) : await rows<{ id: string }>(db, query);
  return { threads: await rowsOf(ids.slice(0, pageSize).map((r) => r.id)), hasMore: ids.length > pageSize };
}

/**
 * Thread rows by id, in the given order, with their 'Aktiva' activity (who wrote last, the most
 * active participants: about 4 ms for a thread of 1,000 comments on bench_full).
 *
 * @param db the database
 * @param ids thread ids (unknown ones are left out)
 * @returns the rows
 */
export async function threadRowsWithActivity(db: Db, ids: string[]): Promise<TrendingThreadRow[]> {
  const list = await threadRowsByIds(db, ids);
  await withActivity(db, list);
  return list;
}
