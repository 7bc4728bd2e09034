/**
 * 'Bevakad aktie nämns' ('Notiser', kind `watched_ticker`): when a new thread or comment
 * (not an edit) names a `$TICKER`, every member who has that ticker on their watchlist
 * (`watchlist_tickers`) gets a batched `ticker_mention` row per (member, ticker) while
 * it is unread — 'anna nämnde $VOLV-B i: "titel"' for one post, 'N nya inlägg om $VOLV-B' for
 * several — like `thread_activity` per thread (server/subscriptions/commands.ts `upsertBatch`).
 * Rules in docs/decisions/029-notification-settings.md ("Watched ticker").
 *
 * - Never to the author; not to a member who set `watched_ticker` to `off`.
 * - One notification per member per post: not to a member who already has a notification about
 *   the post (new_thread, new_comment, mention, quote, a thread_activity batch pointed at it, or
 *   the row of another ticker the same post names), nor to whoever is still to get one from a
 *   deferred fan-out (the author's followers who want `followed_thread`, for a thread; the
 *   thread's subscribers who want `watched_thread`, for a comment).
 * - Bounded: at most {@link TICKER_MENTION_MAX_TICKERS} tickers per post (the first named) and
 *   {@link TICKER_MENTION_MAX_WATCHERS} watchers per ticker (those who watch it longest), so one
 *   post writes at most 5 × 1,000 rows in its own transaction, in one statement.
 *
 * @module
 */
import { sql, type SQL } from "drizzle-orm";
import type { TargetType } from "../../domain/values";
import type { Tx } from "../db/client";
import { notifications, threadSubscriptions, userFollows, watchlistTickers } from "../db/schema";
import { publishEvent } from "../realtime/events";
import type { NotificationActor } from "./commands";
import { wantsKind } from "./settings";

/** Tickers of one post that notify their watchers: the first five named (decision 029). */
export const TICKER_MENTION_MAX_TICKERS = 5;
/** Watchers per ticker notified for one post: the 1,000 who watch it longest (decision 029). */
export const TICKER_MENTION_MAX_WATCHERS = 1000;

/** What {@link notifyTickerWatchers} needs about the new post. */
export interface TickerMentionEvent {
  actor: NotificationActor;
  /** `thread` for a new thread, `comment` for a new comment or reply. */
  postType: TargetType;
  threadId: string;
  categoryId: string;
  /** The thread's title (in the text). */
  title: string;
  /** The post: the thread's id for a thread, the comment's id for a comment (what a single row opens). */
  referenceId: string;
  /** Known tickers the post names, upper case, in order of appearance (`Cooked.tickers`). */
  tickers: readonly string[];
}

/**
 * Writes the batched `ticker_mention` rows of a new post (see the module comment for who gets
 * one) by one `INSERT … SELECT … ON CONFLICT` on the partial unique index
 * `notifications_ticker_mention_unread_idx` (user_id, ticker) WHERE unread: a new row (count 1)
 * or the member's unread row for the ticker bumped (count + 1, pointed at the newest post, new
 * time and `seq`), and announces the `seq` range on the live channel. A member watching two of
 * the post's tickers gets one row, for the first one named.
 *
 * @param tx the post's transaction, after its other notifications
 * @param event {@link TickerMentionEvent}
 * @returns how many rows were created or bumped
 */
export async function notifyTickerWatchers(tx: Tx, event: TickerMentionEvent): Promise<number> {
  const tickers = [...new Set(event.tickers.map((t) => t.toUpperCase()))].slice(0, TICKER_MENTION_MAX_TICKERS);
  if (tickers.length === 0) return 0;
  const named = sql.join(
    tickers.map((t, i) => sql`(${t}::text, ${i}::int)`),
    sql`, `,
  );
  const pending: SQL =
    event.postType === "thread"
      ? sql`EXISTS (SELECT 1 FROM ${userFollows} f WHERE f.follower_id = w.user_id AND f.following_id = ${event.actor.id}
               AND ${wantsKind(sql`w.user_id`, "followed_thread", sql`${event.actor.id}::text`)})`
      : sql`EXISTS (SELECT 1 FROM ${threadSubscriptions} s WHERE s.user_id = w.user_id AND s.thread_id = ${event.threadId}::uuid
               AND s.subscribed AND ${wantsKind(sql`w.user_id`, "watched_thread", sql`${event.actor.id}::text`)})`;
  const result = await tx.execute(sql`
    WITH named(ticker, pos) AS (VALUES ${named}),
    w AS (
      SELECT DISTINCT ON (w.user_id) w.user_id, w.ticker
        FROM named t
        CROSS JOIN LATERAL (
          SELECT wt.user_id, wt.ticker FROM ${watchlistTickers} wt
           WHERE wt.ticker = t.ticker
           ORDER BY wt.created_at, wt.user_id
           LIMIT ${TICKER_MENTION_MAX_WATCHERS}
        ) w
       WHERE w.user_id <> ${event.actor.id}
         AND ${wantsKind(sql`w.user_id`, "watched_ticker", sql`${event.actor.id}::text`)}
         AND NOT EXISTS (SELECT 1 FROM ${notifications} told
                          WHERE told.user_id = w.user_id AND told.reference_id = ${event.referenceId}::uuid)
         AND NOT ${pending}
       ORDER BY w.user_id, t.pos
    ),
    up AS (
      INSERT INTO ${notifications} AS n (user_id, actor_id, type, reference_id, title, actor_nickname, category_id, thread_id, count, ticker)
      SELECT w.user_id, ${event.actor.id}, 'ticker_mention', ${event.referenceId}::uuid, ${event.title},
             ${event.actor.nickname}, ${event.categoryId}::uuid, ${event.threadId}::uuid, 1, w.ticker
        FROM w
      ON CONFLICT (user_id, ticker) WHERE type = 'ticker_mention' AND read = false
      DO UPDATE SET count = n.count + 1, reference_id = EXCLUDED.reference_id, title = EXCLUDED.title,
                    actor_id = EXCLUDED.actor_id, actor_nickname = EXCLUDED.actor_nickname,
                    category_id = EXCLUDED.category_id, thread_id = EXCLUDED.thread_id,
                    created_at = now(), seq = DEFAULT
      RETURNING n.seq
    )
    SELECT count(*)::int AS notified, min(seq)::bigint AS "from", max(seq)::bigint AS "to" FROM up`);
  const r = (result as unknown as { rows: Array<{ notified: number; from: string | number | null; to: string | number | null }> }).rows[0]!;
  const notified = Number(r.notified);
  if (notified > 0) await publishEvent(tx, { kind: "notifications", from: Number(r.from), to: Number(r.to) });
  return notified;
}
