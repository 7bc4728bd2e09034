/**
 * E-mail for members who are away (docs/decisions/030-email-digest.md).
 *
 * **Digest** ({@link sendDueDigests}, the `email-digest` job): a member is mailed when they have
 * unread notifications not mailed before (`seq` above their cursor in `notification_digests`)
 * whose kind is at level `email` or `push` (both mean "mail me", domain/values.ts), their e-mail
 * master switch is on, their address is verified, they are not blocked, they have been away at
 * least `awayMinutes` (`profiles.last_activity_at` older; never active: registered that long ago) and no digest went to them
 * within `intervalMinutes`. Each member is claimed in one transaction: the cursor row is created if
 * missing, locked with `FOR UPDATE SKIP LOCKED` only while due, the items are read (still unread at
 * send time: read ones are skipped; none left → no mail, the window stays open), the mail is
 * handed to SMTP and the cursor moves (`last_sent_at = now()`, `last_seq` = the highest seq mailed)
 * before commit. A second instance either skips the locked row or, after the commit, finds it no
 * longer due: one digest per member per window. If the SMTP hand-over fails the transaction rolls
 * back and the job's retry sends it later.
 *
 * **Weekly summary** ({@link sendWeeklySummaries}, the `weekly-digest` job): 'Veckans hetaste
 * trådar' for members with `weekly_digest` on (off by default), e-mail on, verified, not blocked,
 * not seen for 7 days, at most once per 7 days per member (`weekly_sent_at`, claimed the same way).
 * The due members are listed first; the week's top threads are computed only when someone is due.
 *
 * Both jobs' list queries run under a statement time-out ({@link DIGEST_QUERY_TIMEOUT_MS}): a
 * time-out is logged, the run sends nothing and ends normally, the next scheduled run tries again.
 *
 * @module
 */
import { sql, type SQL } from "drizzle-orm";
import { threadPath } from "../../domain/paths";
import { NOTIFICATION_CHANNELS } from "../../domain/values";
import type { Db, Tx } from "../db/client";
import { pgCode } from "../platform/errors";
import { blockedUsers, comments, notificationDigests, notificationSettings, notifications, profiles, reactions, threads, user } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { channelOfType, channelOfTypeJoined } from "../notifications/settings";
import { digestMail, weeklyMail, type DigestItem, type WeeklyThread } from "./mail";
import { digestUnsubscribeUrl } from "./unsubscribe";

/** What the senders need. */
export interface DigestDeps {
  db: Db;
  mailer: Mailer;
  /** The forum's origin for links (config `publicUrl`). */
  publicUrl: string;
  /** Signs the opt-out links (config `authSecret`). */
  secret: string;
  /** At most one digest per member per this many minutes (config `digestIntervalMinutes`, default 30). */
  intervalMinutes: number;
  /** Minutes without activity before a member counts as away (config `digestAwayMinutes`, default 10). */
  awayMinutes: number;
  /**
   * Milliseconds PostgreSQL lets each of the senders' list queries run before cancelling it
   * (default {@link DIGEST_QUERY_TIMEOUT_MS}; tests set it lower).
   */
  queryTimeoutMs?: number;
}

/** Members looked at per run of the digest job; the rest wait for the next run. */
export const DIGEST_BATCH = 500;
/** Most notifications in one digest; later ones go in the next window. */
export const DIGEST_MAX_ITEMS = 100;
/** Threads in the weekly summary. */
export const WEEKLY_THREADS = 5;
/** Days of the weekly summary: its period, the absence it needs and its minimum spacing. */
export const WEEKLY_DAYS = 7;
/**
 * Longest run, in milliseconds, of one of the senders' list queries (due members, the week's top
 * threads) before PostgreSQL cancels it (`SET LOCAL statement_timeout`, SQLSTATE 57014): a bad
 * plan on a large forum holds a database core for at most this long, the run is logged and the
 * next scheduled run tries again. On bench_full (1 M comments) the slowest, the week's top
 * threads, takes about 1–1.6 s.
 */
export const DIGEST_QUERY_TIMEOUT_MS = 30_000;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const minutes = (n: number) => sql`(${n} * interval '1 minute')`;

/**
 * Runs `work` in a transaction whose statements PostgreSQL cancels after `timeoutMs` (the setting
 * ends with the transaction, so the pooled connection goes back unchanged).
 *
 * @param db the database (or a transaction: the setting then lasts until it ends)
 * @param timeoutMs the statement time-out in milliseconds (a positive integer)
 * @param work the queries, run on the transaction
 * @returns what `work` returns
 * @throws what `work` throws; a time-out is a driver error with code `57014` ({@link isTimeout})
 */
async function bounded<T>(db: Db, timeoutMs: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`));
    return work(tx);
  });
}

/** True when `error` is PostgreSQL cancelling a statement (`57014`: statement time-out). */
const isTimeout = (error: unknown) => pgCode(error) === "57014";

/**
 * Logs a list query cancelled by its time-out; the job ends normally and its next scheduled run
 * tries again (retrying at once would repeat the same slow plan).
 */
function logTimeout(job: string, timeoutMs: number, error: unknown): void {
  console.error(`[digest] ${job}: frågan avbröts efter ${timeoutMs} ms, nytt försök vid nästa körning:`, (error as Error).message);
}

/**
 * SQL condition on the member `uid`: verified address, not blocked, e-mail master switch on.
 * `settings`: the member's `notification_settings` row when the query LEFT JOINs it (its alias),
 * read instead of a subquery.
 */
function mailableMember(uid: SQL, settings?: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM ${user} u WHERE u.id = ${uid} AND u.email_verified)
    AND NOT EXISTS (SELECT 1 FROM ${blockedUsers} b WHERE b.user_id = ${uid})
    AND ${settings ? sql`COALESCE(${settings}.email_enabled, true)` : sql`COALESCE((SELECT ns.email_enabled FROM ${notificationSettings} ns WHERE ns.user_id = ${uid}), true)`}`;
}

/** The channel levels that mail (the ladder from `email` up: `email`, `push`; domain/values.ts). */
export const MAIL_CHANNELS = NOTIFICATION_CHANNELS.slice(NOTIFICATION_CHANNELS.indexOf("email"));

/** SQL condition: the channel level `channel` mails. */
const mails = (channel: SQL) => sql`${channel} IN (${sql.join(
  MAIL_CHANNELS.map((c) => sql`${c}`),
  sql`, `,
)})`;

/** SQL condition on the notification row alias `n`: unread and of a kind the member has mailed. */
const mailableNotification = sql`n.read = false AND ${mails(channelOfType(sql`n.user_id`, sql`n.type`))}`;

/**
 * Sends every due digest, one member at a time.
 *
 * @param deps see {@link DigestDeps}
 * @returns how many digests were sent (0 when the list of due members hit its time-out,
 *   {@link DIGEST_QUERY_TIMEOUT_MS}: logged, the next run tries again)
 * @throws when the database fails or the mailer refuses a message (that member's cursor does not
 *   move; the job is retried)
 */
export async function sendDueDigests(deps: DigestDeps): Promise<number> {
  const timeoutMs = deps.queryTimeoutMs ?? DIGEST_QUERY_TIMEOUT_MS;
  let due: Array<{ user_id: string }>;
  try {
    due = await bounded(deps.db, timeoutMs, async (tx) => dueDigestMembers(tx, deps));
  } catch (error) {
    if (!isTimeout(error)) throw error;
    logTimeout("email-digest", timeoutMs, error);
    return 0;
  }
  let sent = 0;
  for (const { user_id } of due) if (await sendDigestTo(deps, user_id)) sent++;
  return sent;
}

/**
 * Up to {@link DIGEST_BATCH} members due a digest now (see the module comment). Runs every minute
 * over every unread notification (`notifications_user_unread_idx`), so each member's settings row
 * is joined once rather than looked up by two subqueries per notification (a copy of bench_full's
 * members and notifications, 11 k unread, with 5 k settings rows added: 102–230 ms before,
 * 20–37 ms after).
 */
async function dueDigestMembers(db: Db, deps: Pick<DigestDeps, "intervalMinutes" | "awayMinutes">): Promise<Array<{ user_id: string }>> {
  return rowsOf<{ user_id: string }>(
    await db.execute(sql`
      SELECT DISTINCT n.user_id
      FROM ${notifications} n
      JOIN ${profiles} p ON p.id = n.user_id
      LEFT JOIN ${notificationDigests} d ON d.user_id = n.user_id
      LEFT JOIN ${notificationSettings} ns ON ns.user_id = n.user_id
      WHERE n.read = false AND ${mails(channelOfTypeJoined(sql`ns`, sql`n.type`))}
        AND n.seq > COALESCE(d.last_seq, 0)
        AND (d.last_sent_at IS NULL OR d.last_sent_at <= now() - ${minutes(deps.intervalMinutes)})
        AND COALESCE(p.last_activity_at, p.created_at) <= now() - ${minutes(deps.awayMinutes)}
        AND ${mailableMember(sql`n.user_id`, sql`ns`)}
      LIMIT ${DIGEST_BATCH}`),
  );
}

/**
 * Claims one member and sends their digest if it is still due (see the module comment).
 *
 * @param userId the member id
 * @returns true when a digest was sent; false when another sender holds or just served the
 *   member, the member no longer qualifies, or nothing unread is left to mail
 */
export async function sendDigestTo(deps: DigestDeps, userId: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO ${notificationDigests} (user_id) VALUES (${userId}) ON CONFLICT (user_id) DO NOTHING`);
    const [claim] = rowsOf<{ last_seq: string | number }>(
      await tx.execute(sql`
        SELECT d.last_seq FROM ${notificationDigests} d
        WHERE d.user_id = ${userId} AND d.last_sent_at <= now() - ${minutes(deps.intervalMinutes)}
        FOR UPDATE SKIP LOCKED`),
    );
    if (!claim) return false;
    const [member] = rowsOf<{ email: string; nickname: string }>(
      await tx.execute(sql`
        SELECT u.email, p.nickname FROM ${profiles} p JOIN ${user} u ON u.id = p.id
        WHERE p.id = ${userId}
          AND COALESCE(p.last_activity_at, p.created_at) <= now() - ${minutes(deps.awayMinutes)}
          AND ${mailableMember(sql`p.id`)}`),
    );
    if (!member) return false;
    const items = await unmailedItems(tx, userId, Number(claim.last_seq));
    if (items.length === 0) return false;
    await deps.mailer.send(
      digestMail({
        to: member.email,
        nickname: member.nickname,
        items,
        publicUrl: deps.publicUrl,
        unsubscribeUrl: digestUnsubscribeUrl(deps.publicUrl, deps.secret, userId),
      }),
    );
    await tx.execute(sql`
      UPDATE ${notificationDigests} SET last_sent_at = now(), last_seq = ${items[items.length - 1]!.seq}
      WHERE user_id = ${userId}`);
    return true;
  });
}

/** The member's unread, mailable notifications above `afterSeq`, oldest first. */
async function unmailedItems(tx: Tx, userId: string, afterSeq: number): Promise<DigestItem[]> {
  const rows = rowsOf<{
    seq: string | number;
    type: string;
    title: string | null;
    actor_nickname: string | null;
    count: number;
    ticker: string | null;
    category_id: string | null;
    thread_id: string | null;
    reference_id: string | null;
    thread_title: string | null;
  }>(
    await tx.execute(sql`
      SELECT n.seq, n.type, n.title, n.actor_nickname, n.count, n.ticker, n.category_id, n.thread_id, n.reference_id,
             t.title AS thread_title
      FROM ${notifications} n
      LEFT JOIN ${threads} t ON t.id = COALESCE(n.thread_id, CASE WHEN n.type = 'new_thread' THEN n.reference_id END)
      WHERE n.user_id = ${userId} AND n.seq > ${afterSeq} AND ${mailableNotification}
      ORDER BY n.seq
      LIMIT ${DIGEST_MAX_ITEMS}`),
  );
  return rows.map((r) => ({
    seq: Number(r.seq),
    type: r.type,
    title: r.title,
    actorNickname: r.actor_nickname,
    count: Number(r.count),
    ticker: r.ticker,
    categoryId: r.category_id,
    threadId: r.thread_id,
    referenceId: r.reference_id,
    threadTitle: r.thread_title,
  }));
}

/**
 * The week's top threads ('Veckans hetaste trådar'): threads with comments or
 * reactions in the last {@link WEEKLY_DAYS} days, ranked by the hot formula's points
 * (`forum_hot_points`: reactions + 2 · comments, docs/trending.md) counted over that week only;
 * ties go to the newer thread. Reactions on the thread and on any of its comments count (the
 * comment may be older than the week; the reaction may not).
 *
 * The week's comments and reactions are counted per thread first (comments from an index-only
 * scan of `comments_thread_created_idx`, reactions from `reactions_created_at_idx`; a reaction on
 * a comment reaches its thread through the comment), and only the threads that had any are joined
 * and ranked: about 1–1.6 s on bench_full (1 M comments, 333 k reactions in the week), where the
 * former correlated subqueries per thread ran for over an hour.
 *
 * @param db the database
 * @param timeoutMs statement time-out in milliseconds (default {@link DIGEST_QUERY_TIMEOUT_MS})
 * @returns at most {@link WEEKLY_THREADS} threads with the week's comment and reaction counts,
 *   best first; empty in a week without activity
 * @throws a driver error with code `57014` when the query runs longer than `timeoutMs`; any other
 *   database failure
 */
export async function weeklyTopThreads(db: Db, timeoutMs = DIGEST_QUERY_TIMEOUT_MS): Promise<WeeklyThread[]> {
  const since = sql`now() - ${WEEKLY_DAYS} * interval '1 day'`;
  const rows = await bounded(db, timeoutMs, async (tx) =>
    rowsOf<{ id: string; category_id: string; title: string; c: number; r: number }>(
      await tx.execute(sql`
        WITH activity AS (
          SELECT c.thread_id, count(*) AS c, 0 AS r
          FROM ${comments} c WHERE c.created_at > ${since}
          GROUP BY c.thread_id
          UNION ALL
          SELECT r.target_id, 0, count(*)
          FROM ${reactions} r WHERE r.target_type = 'thread' AND r.created_at > ${since}
          GROUP BY r.target_id
          UNION ALL
          SELECT c.thread_id, 0, count(*)
          FROM ${reactions} r JOIN ${comments} c ON c.id = r.target_id
          WHERE r.target_type = 'comment' AND r.created_at > ${since}
          GROUP BY c.thread_id
        ), week AS (
          SELECT thread_id, sum(c)::int AS c, sum(r)::int AS r FROM activity GROUP BY thread_id
        )
        SELECT t.id, t.category_id, t.title, w.c, w.r
        FROM week w JOIN ${threads} t ON t.id = w.thread_id
        ORDER BY forum_hot_points(w.r, w.c) DESC, t.created_at DESC, t.id
        LIMIT ${WEEKLY_THREADS}`),
    ),
  );
  return rows.map((r) => ({ title: r.title, path: threadPath(r.category_id, r.id, r.title), commentsCount: Number(r.c), reactionsCount: Number(r.r) }));
}

/**
 * Sends the weekly summary to every member due (see the module comment). The due members are
 * listed first (a cheap query on the members who turned the summary on); the week's top threads
 * are computed only when at least one is due, and nothing is sent in a week without active
 * threads.
 *
 * @param deps see {@link DigestDeps} (interval and away threshold are not used)
 * @returns how many summaries were sent (0 when a list query hit its time-out,
 *   {@link DIGEST_QUERY_TIMEOUT_MS}: logged, the next hourly run tries again)
 * @throws when the database fails or the mailer refuses a message (that member stays due)
 */
export async function sendWeeklySummaries(deps: Pick<DigestDeps, "db" | "mailer" | "publicUrl" | "secret" | "queryTimeoutMs">): Promise<number> {
  const timeoutMs = deps.queryTimeoutMs ?? DIGEST_QUERY_TIMEOUT_MS;
  const week = sql`(now() - ${WEEKLY_DAYS} * interval '1 day')`;
  // Not seen for 7 days: the last activity, or the registration when there is none.
  const dueMember = sql`COALESCE(p.last_activity_at, p.created_at) <= ${week} AND ${mailableMember(sql`p.id`)}
    AND EXISTS (SELECT 1 FROM ${notificationSettings} ns WHERE ns.user_id = p.id AND ns.weekly_digest)`;
  let due: Array<{ id: string }>;
  let top: WeeklyThread[];
  try {
    due = await bounded(deps.db, timeoutMs, async (tx) =>
      rowsOf<{ id: string }>(
        await tx.execute(sql`
          SELECT p.id FROM ${notificationSettings} ns
          JOIN ${profiles} p ON p.id = ns.user_id
          LEFT JOIN ${notificationDigests} d ON d.user_id = p.id
          WHERE ns.weekly_digest AND (d.weekly_sent_at IS NULL OR d.weekly_sent_at <= ${week}) AND ${dueMember}
          LIMIT ${DIGEST_BATCH}`),
      ),
    );
    if (due.length === 0) return 0;
    top = await weeklyTopThreads(deps.db, timeoutMs);
  } catch (error) {
    if (!isTimeout(error)) throw error;
    logTimeout("weekly-digest", timeoutMs, error);
    return 0;
  }
  if (top.length === 0) return 0;
  let sent = 0;
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO ${notificationDigests} (user_id) VALUES (${id}) ON CONFLICT (user_id) DO NOTHING`);
      const [claim] = rowsOf<{ user_id: string }>(
        await tx.execute(sql`
          SELECT d.user_id FROM ${notificationDigests} d
          WHERE d.user_id = ${id} AND d.weekly_sent_at <= ${week}
          FOR UPDATE SKIP LOCKED`),
      );
      if (!claim) return false;
      const [member] = rowsOf<{ email: string; nickname: string }>(
        await tx.execute(sql`
          SELECT u.email, p.nickname FROM ${profiles} p JOIN ${user} u ON u.id = p.id WHERE p.id = ${id} AND ${dueMember}`),
      );
      if (!member) return false;
      await deps.mailer.send(
        weeklyMail({
          to: member.email,
          nickname: member.nickname,
          threads: top,
          publicUrl: deps.publicUrl,
          unsubscribeUrl: digestUnsubscribeUrl(deps.publicUrl, deps.secret, id),
        }),
      );
      await tx.execute(sql`UPDATE ${notificationDigests} SET weekly_sent_at = now() WHERE user_id = ${id}`);
      return true;
    });
    if (done) sent++;
  }
  return sent;
}
