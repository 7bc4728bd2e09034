/**
 * Trending reads (SPEC §2 Forum home tabs Senaste/Trendar/Populära, Thread row and thread page
 * badges, §3 derived fields, §7 Trending views) and the schedule that keeps the stored figures
 * exact. docs/trending.md explains the formulas, the storage and the measured timings.
 *
 * - hot_score is computed when read (`forum_hot_score(…, now())`), so it is always exact; the
 *   Populära order comes from an expression index on `threads` (`threads_hot_idx`).
 * - reactions_last_1h and pct_rank are read from `thread_trending`: a new reaction counts at once
 *   (trigger), reactions leaving the hour and percentile shifts are applied by
 *   {@link refreshTrending}, which {@link startTrendingSchedule} runs every minute.
 *
 * @module
 */
import { eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../db/client";
import { preparedRows } from "../db/prepared";
import { startSchedule } from "../jobs/schedule";
import { categories, profiles, threads, threadTrending } from "../db/schema";
import { isUuid } from "../../domain/ids";
import type { ThreadActivity, ThreadRow } from "../../domain/views";

/**
 * The orders of the forum home's tabs: the spec's Senaste, Trendar, Populära (SPEC §2), and
 * 'Aktiva' (`active`: newest comment or thread first, docs/decisions/052-unread-and-links.md).
 */
export type ThreadSort = "latest" | "trending" | "popular" | "active";

/** A thread row with its trending figures; a figure that is not known is `null`. */
export type TrendingThreadRow = ThreadRow & {
  /** hot_score now ('Hettar till' when above 1). */
  hotScore: number | null;
  /** Reactions on the thread and its comments in the last hour ('Snabb' from 3). */
  reactionsLast1h: number | null;
  /** Percentile of hot_score among all threads, 0..1 ('Top 10%' from 0.9). */
  pctRank: number | null;
};

/** The trending figures of one thread (thread page badge); a figure not known is `null`. */
export interface ThreadTrending {
  /** hot_score now ('Hettar till' when above 1). */
  hotScore: number | null;
  /** Reactions on the thread and its comments in the last hour ('Snabb' from 3). */
  reactionsLast1h: number | null;
  /** Percentile of hot_score among all threads, 0..1 ('Top 10%' from 0.9). */
  pctRank: number | null;
}

/** Options of {@link listThreads}. */
export interface ListThreadsOptions {
  /** latest: newest first; trending: reactions_last_1h desc; popular: hot_score desc (ties newest first). */
  sort: ThreadSort;
  /** Only this category's threads; a value that is not a UUID finds nothing. */
  categoryId?: string;
  /** 1-based page number; values below 1 (or not a number) mean 1; out-of-range pages are empty. */
  page: number;
  /** Rows per page (default {@link THREAD_LIST_PAGE_SIZE}, clamped to 1..{@link MAX_THREAD_LIST_PAGE_SIZE}). */
  pageSize?: number;
  /**
   * Pinned threads first ('Fäst', docs/decisions/053-thread-tools.md): `category` — the
   * category's pinned threads (needs `categoryId`); `home` — the threads an admin pinned to the
   * forum home. They lead page 1, newest pin first (at most a page of them, marked `pinned`), and
   * are left out of the tab's order on every page. Absent: no pins.
   */
  pinned?: "category" | "home";
}

/** Default page size of {@link listThreads}. */
export const THREAD_LIST_PAGE_SIZE = 20;
/** Largest page size {@link listThreads} accepts. */
export const MAX_THREAD_LIST_PAGE_SIZE = 100;

/** hot_score of the `threads` row in the query, at the statement's `now()`. */
const hotScoreNow = sql<number | null>`forum_hot_score(${threads.reactionsCount}, ${threads.commentsCount}, ${threads.createdAt}, now())`;
/** The ordering key of hot_score; the same expression as the index `threads_hot_idx`. */
const hotKey = sql`forum_hot_key(${threads.reactionsCount}, ${threads.commentsCount}, ${threads.createdAt})`;

/** `expr DESC NULLS LAST`, the order every trending index is built in. */
const descNullsLast = (expr: SQLWrapper): SQL => sql`${expr} desc nulls last`;

const toNumber = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * The columns of one thread-list row (threads joined with categories, profiles and
 * thread_trending), shared by {@link listThreads} and {@link threadRowsByIds}.
 */
const threadRowColumns = {
  id: threads.id,
  categoryId: threads.categoryId,
  categoryName: categories.name,
  title: threads.title,
  createdAt: threads.createdAt,
  commentsCount: threads.commentsCount,
  reactionsCount: threads.reactionsCount,
  authorId: profiles.id,
  authorNickname: profiles.nickname,
  hotScore: hotScoreNow,
  reactionsLast1h: threadTrending.reactionsLast1h,
  pctRank: threadTrending.pctRank,
};

/** One selected {@link threadRowColumns} row as the list shows it. */
function toThreadRow(r: {
  id: string;
  categoryId: string;
  categoryName: string;
  title: string;
  createdAt: Date;
  commentsCount: number;
  reactionsCount: number;
  authorId: string | null;
  authorNickname: string | null;
  hotScore: unknown;
  reactionsLast1h: unknown;
  pctRank: unknown;
}): TrendingThreadRow {
  return {
    id: r.id,
    categoryId: r.categoryId,
    categoryName: r.categoryName,
    title: r.title,
    createdAt: r.createdAt.toISOString(),
    commentsCount: r.commentsCount,
    reactionsCount: r.reactionsCount,
    author: r.authorId && r.authorNickname ? { id: r.authorId, nickname: r.authorNickname } : null,
    hotScore: toNumber(r.hotScore),
    reactionsLast1h: toNumber(r.reactionsLast1h),
    pctRank: toNumber(r.pctRank),
  };
}

/**
 * The id query of one thread-list page: the ids in the tab's order from one index alone
 * (`threads_created_at_idx` / `threads_category_created_idx` for `latest`, `threads_hot_idx` /
 * `threads_category_hot_idx` for `popular`, the `thread_trending` indexes for `trending`).
 * Exported for the plan test (server/trending/plans.test.ts).
 *
 * @param db the database
 * @param sort the tab
 * @param categoryId one category (a UUID), or `undefined` for all
 * @param limit rows to read (page size + 1 to know whether a next page exists)
 * @param offset rows skipped
 * @returns the query (not run) and the ORDER BY terms that the joined page must repeat
 */
export function threadListIdsQuery(db: Db, sort: ThreadSort, categoryId: string | undefined, limit: number, offset: number) {
  let orderBy: SQL[];
  let query;
  if (sort === "trending") {
    orderBy = [
      descNullsLast(threadTrending.reactionsLast1h),
      descNullsLast(threadTrending.createdAt),
      descNullsLast(threadTrending.threadId),
    ];
    query = db
      .select({ id: threadTrending.threadId })
      .from(threadTrending)
      .where(categoryId === undefined ? undefined : eq(threadTrending.categoryId, categoryId))
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset);
  } else {
    orderBy =
      sort === "popular"
        ? [descNullsLast(hotKey), descNullsLast(threads.createdAt), descNullsLast(threads.id)]
        : sort === "active"
          ? // The order of `threads_last_activity_idx` / `threads_category_last_activity_idx` (0026).
            [descNullsLast(threads.lastActivityAt), descNullsLast(threads.id)]
          : // Plain DESC (NULLS FIRST; the columns are NOT NULL): the order of `threads_created_at_idx`
          // and `threads_category_created_idx` (migration 0011), so page 1 is an index walk
          // (0.9 ms), not a sort of every thread (35 ms on 100 000 threads).
          [sql`${threads.createdAt} desc`, sql`${threads.id} desc`];
    query = db
      .select({ id: threads.id })
      .from(threads)
      .where(categoryId === undefined ? undefined : eq(threads.categoryId, categoryId))
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset);
  }
  return { query, orderBy };
}

/**
 * One page of threads in the order of a forum-home tab, with their trending figures (SPEC §2).
 *
 * - `latest`: `created_at` desc.
 * - `trending`: `reactions_last_1h` desc, then `created_at` desc.
 * - `popular`: `hot_score` desc, then `created_at` desc.
 * - `active`: `last_activity_at` desc (newest comment, or the thread itself), each row with its
 *   `activity` (who wrote last, the most active participants).
 *
 * Ties are broken by id, so pages never overlap. A page's ids come from one index scan, then only
 * those rows are read (docs/trending.md). With `pinned`, the pinned threads lead page 1 and are
 * left out of the order (a page then holds fewer rows of it; `hasMore` is the order's own).
 * A thread without a `thread_trending` row (only possible until the next refresh) shows `null`
 * figures in `latest` and `popular`, and is left out of `trending` until then.
 *
 * @param db the database
 * @param options see {@link ListThreadsOptions}
 * @returns the page's rows and whether a next page exists
 */
export async function listThreads(
  db: Db,
  options: ListThreadsOptions,
): Promise<{ threads: TrendingThreadRow[]; hasMore: boolean }> {
  const { sort, categoryId } = options;
  if (categoryId !== undefined && !isUuid(categoryId)) return { threads: [], hasMore: false };
  const size = clampInt(options.pageSize ?? THREAD_LIST_PAGE_SIZE, 1, MAX_THREAD_LIST_PAGE_SIZE, THREAD_LIST_PAGE_SIZE);
  const page = clampInt(options.page, 1, Number.MAX_SAFE_INTEGER, 1);
  const offset = (page - 1) * size;

  // First the page's ids, from one index alone (deep pages skip index entries, not joined rows),
  // then the rows for just those ids, in the same order.
  const { query, orderBy } = threadListIdsQuery(db, sort, categoryId, size + 1, offset);
  const pageIds = query.as("page");

  const rows = await db
    .select(threadRowColumns)
    .from(pageIds)
    .innerJoin(threads, eq(threads.id, pageIds.id))
    .innerJoin(categories, eq(categories.id, threads.categoryId))
    .leftJoin(profiles, eq(profiles.id, threads.authorId))
    .leftJoin(threadTrending, eq(threadTrending.threadId, threads.id))
    .orderBy(...orderBy);

  const listed = rows.slice(0, size).map(toThreadRow);
  if (sort === "active") await withActivity(db, listed);
  if (!options.pinned) return { threads: listed, hasMore: rows.length > size };
  const pinned = await pinnedThreadRows(db, options.pinned, categoryId, size);
  const pinnedIds = new Set(pinned.map((t) => t.id));
  return {
    threads: [...(page === 1 ? pinned : []), ...listed.filter((t) => !pinnedIds.has(t.id))],
    hasMore: rows.length > size,
  };
}

/**
 * The pinned threads of a category or of the forum home, newest pin first (the partial index
 * `threads_pinned_idx` finds the few pinned rows), in the shape of {@link listThreads}.
 *
 * @param db the database
 * @param scope `category`: pinned in `categoryId`; `home`: pinned to the forum home
 * @param categoryId the category (a UUID) for `category`
 * @param limit at most this many
 * @returns the rows, each with `pinned: true`
 */
export async function pinnedThreadRows(db: Db, scope: "category" | "home", categoryId: string | undefined, limit: number): Promise<TrendingThreadRow[]> {
  if (scope === "category" && !isUuid(categoryId)) return [];
  const rows = await db
    .select(threadRowColumns)
    .from(threads)
    .innerJoin(categories, eq(categories.id, threads.categoryId))
    .leftJoin(profiles, eq(profiles.id, threads.authorId))
    .leftJoin(threadTrending, eq(threadTrending.threadId, threads.id))
    .where(
      scope === "home"
        ? sql`${threads.pinnedAt} IS NOT NULL AND ${threads.pinnedHome}`
        : sql`${threads.pinnedAt} IS NOT NULL AND ${threads.categoryId} = ${categoryId}::uuid`,
    )
    .orderBy(sql`${threads.pinnedAt} desc`, sql`${threads.id} desc`)
    .limit(limit);
  return rows.map((r) => ({ ...toThreadRow(r), pinned: true as const }));
}

/**
 * Thread rows for the given ids, in the given order, in the shape of {@link listThreads}
 * (the forum home tab 'Bevakat' looks like the other tabs). Ids not found are left out.
 *
 * @param db the database
 * @param ids thread ids (UUIDs), at most one page
 * @returns the rows in the order of `ids`
 */
export async function threadRowsByIds(db: Db, ids: string[]): Promise<TrendingThreadRow[]> {
  const wanted = ids.filter(isUuid);
  if (wanted.length === 0) return [];
  const rows = await db
    .select(threadRowColumns)
    .from(threads)
    .innerJoin(categories, eq(categories.id, threads.categoryId))
    .leftJoin(profiles, eq(profiles.id, threads.authorId))
    .leftJoin(threadTrending, eq(threadTrending.threadId, threads.id))
    .where(inArray(threads.id, wanted));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [toThreadRow(r)];
  });
}

/**
 * The trending figures of one thread, for the thread page badge (SPEC §2 Thread page).
 *
 * @param db the database
 * @param threadId the thread id; a value that is not a UUID finds nothing
 * @returns the figures (each `null` when not known), or `null` when the thread does not exist
 */
export async function getThreadTrending(db: Db, threadId: string): Promise<ThreadTrending | null> {
  if (!isUuid(threadId)) return null;
  const [row] = await db
    .select({
      hotScore: hotScoreNow,
      reactionsLast1h: threadTrending.reactionsLast1h,
      pctRank: threadTrending.pctRank,
    })
    .from(threads)
    .leftJoin(threadTrending, eq(threadTrending.threadId, threads.id))
    .where(eq(threads.id, threadId))
    .limit(1);
  if (!row) return null;
  return {
    hotScore: toNumber(row.hotScore),
    reactionsLast1h: toNumber(row.reactionsLast1h),
    pctRank: toNumber(row.pctRank),
  };
}

/**
 * Makes the stored figures exact (`forum_refresh_trending`): creates missing rows, recounts
 * reactions_last_1h for the hour before `asOf`, recomputes every pct_rank. Only changed rows are
 * written.
 *
 * @param db the database
 * @param asOf the moment to compute for (default: the database's `now()`)
 * @returns how many rows were written
 */
export async function refreshTrending(db: Db, asOf?: Date): Promise<number> {
  const result = await db.execute(
    asOf
      ? sql`SELECT forum_refresh_trending(${asOf.toISOString()}::timestamptz) AS changed`
      : sql`SELECT forum_refresh_trending() AS changed`,
  );
  const rows = (result as unknown as { rows: Array<{ changed: number | string }> }).rows;
  return Number(rows[0]?.changed ?? 0);
}

/** Options of {@link startTrendingSchedule}. */
export interface TrendingScheduleOptions {
  /** Also refresh right away instead of waiting one interval (default true). */
  immediately?: boolean;
  /** Called after each refresh with the number of rows written. */
  onRefresh?: (changed: number) => void;
  /** Called when a refresh fails (default: logged with `console.error`). */
  onError?: (error: unknown) => void;
}

/**
 * Runs {@link refreshTrending} every `intervalMs`, and once at the start (a run is skipped while
 * the previous one is still going). The timer is `unref`'d, so it never keeps the process alive.
 *
 * @param db the database
 * @param intervalMs time between refreshes (default one minute: a reaction leaves the one-hour
 *   window at most a minute late, and percentiles are at most a minute old)
 * @param options see {@link TrendingScheduleOptions}
 * @returns a function that stops the schedule
 */
export function startTrendingSchedule(
  db: Db,
  intervalMs = 60_000,
  options: TrendingScheduleOptions = {},
): () => void {
  const { onRefresh, ...rest } = options;
  return startSchedule("trending", () => refreshTrending(db), intervalMs, { ...rest, ...(onRefresh ? { onRun: onRefresh } : {}) });
}

/** An integer in `[min, max]`; `fallback` for anything that is not a finite number. */
function clampInt(value: number, min: number, max: number, fallback: number): number {
  if (!Number.isFinite(value)) return fallback;
  return Math.min(Math.max(Math.floor(value), min), max);
}

/**
 * Adds each row's {@link ThreadActivity} ('Aktiva'): the newest comment's time and author (or the
 * thread's own when it has none) and up to five members with the most posts in it, the opening
 * post counted, ties broken by the newest post. One query for the whole page.
 *
 * @param db the database
 * @param list the page's rows (changed in place)
 */
export async function withActivity(db: Db, list: ThreadRow[]): Promise<void> {
  if (list.length === 0) return;
  // One statement text for any list (an array parameter): prepared once per connection.
  const found = await preparedRows<{ id: string; at: Date | string; by_id: string | null; by_nickname: string | null; participants: ThreadActivity["participants"] | string }>(
    db,
    "thread-activity",
    sql`
    SELECT t.id, t.last_activity_at AS at,
           COALESCE(lc.author_id, CASE WHEN lc.id IS NULL THEN t.author_id END) AS by_id,
           bp.nickname AS by_nickname,
           (SELECT COALESCE(json_agg(json_build_object('id', x.id, 'nickname', x.nickname, 'avatarUrl', x.avatar_url)), '[]'::json)
              FROM (SELECT pp.id, pp.nickname, pp.avatar_url
                      FROM (SELECT c.author_id AS id, c.created_at FROM comments c WHERE c.thread_id = t.id AND c.author_id IS NOT NULL
                            UNION ALL SELECT t.author_id, t.created_at WHERE t.author_id IS NOT NULL) posts
                      JOIN profiles pp ON pp.id = posts.id
                     GROUP BY pp.id, pp.nickname, pp.avatar_url
                     ORDER BY count(*) DESC, max(posts.created_at) DESC
                     LIMIT 5) x) AS participants
      FROM threads t
      LEFT JOIN LATERAL (SELECT c.id, c.author_id FROM comments c WHERE c.thread_id = t.id ORDER BY c.created_at DESC, c.id DESC LIMIT 1) lc ON true
      LEFT JOIN profiles bp ON bp.id = COALESCE(lc.author_id, CASE WHEN lc.id IS NULL THEN t.author_id END)
     WHERE t.id = ANY(${sql.param(list.map((t) => t.id))}::uuid[])`);
  const byId = new Map(found.map((r) => [r.id, r]));
  for (const row of list) {
    const r = byId.get(row.id);
    if (!r) continue;
    row.activity = {
      at: new Date(r.at).toISOString(),
      by: r.by_id && r.by_nickname ? { id: r.by_id, nickname: r.by_nickname } : null,
      participants: typeof r.participants === "string" ? JSON.parse(r.participants) : r.participants,
    };
  }
}
