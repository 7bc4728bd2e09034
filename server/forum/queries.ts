/**
 * Forum reads, each shaped for one screen (ARCHITECTURE.md "a query returns exactly what the
 * screen shows"): category grid, thread lists, thread page (SPEC §2, §7 Reads).
 *
 * Timestamps are returned as ISO 8601 strings so they serialise unchanged to the browser.
 *
 * @module
 */
import { and, asc, desc, eq, isNull, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { categories, comments, profiles, reactions, threads } from "../db/schema";
import { REACTION_TYPES, type ReactionType } from "../../domain/values";
import { isUuid } from "../../domain/ids";
import type { AuthorView, CategoryCard, CommentView, ReactionSummary, ThreadPage } from "../../domain/views";
import { postStances } from "../tickers/queries";







/** Top-level comments per thread page (a thread with 1 000 comments paginates). */
export const COMMENTS_PER_PAGE = 50;

const authorColumns = {
  id: profiles.id,
  nickname: profiles.nickname,
  avatarUrl: profiles.avatarUrl,
  edgeLevel: profiles.edgeLevel,
  roleId: profiles.roleId,
};

/**
 * The stored role id of an item's author, as a select column (a correlated subquery, so it works
 * under `FOR UPDATE`): the policies need it to tell whose content staff may remove.
 *
 * @param authorId the item's `author_id` column
 * @returns a `role_id` column, null when the author is deleted
 */
export function authorRoleOf(authorId: AnyColumn): SQL<string | null> {
  return sql<string | null>`(SELECT ${profiles.roleId} FROM ${profiles} WHERE ${profiles.id} = ${authorId})`;
}

const categoryCardColumns = {
  id: categories.id,
  name: categories.name,
  description: categories.description,
  threadsCount: categories.threadsCount,
};

/**
 * All categories, newest first (SPEC §7 Reads categories).
 *
 * @returns category cards
 */
export async function listCategories(db: Db): Promise<CategoryCard[]> {
  return db
    .select(categoryCardColumns)
    .from(categories)
    .orderBy(desc(categories.createdAt), asc(categories.name));
}

/**
 * One category by id.
 *
 * @param id category id; a value that is not a UUID simply finds nothing
 * @returns the card, or `null` when missing
 */
export async function getCategory(db: Db, id: string): Promise<CategoryCard | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(categoryCardColumns)
    .from(categories)
    .where(eq(categories.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Where a thread lives, for `/forum/post/{id}` (SPEC §2 route table).
 *
 * @returns `{ categoryId, title }`, or `null` when the thread does not exist
 */
export async function findThreadLocation(db: Db, threadId: string): Promise<{ categoryId: string; title: string } | null> {
  if (!isUuid(threadId)) return null;
  const [row] = await db
    .select({ categoryId: threads.categoryId, title: threads.title })
    .from(threads)
    .where(eq(threads.id, threadId))
    .limit(1);
  return row ?? null;
}

const emptyCounts = (): Record<ReactionType, number> =>
  Object.fromEntries(REACTION_TYPES.map((type) => [type, 0])) as Record<ReactionType, number>;

/**
 * The thread page: thread with author and category, comments oldest first with their replies,
 * and reaction counts per type with the viewer's own (SPEC §2 Thread page, §7 Reads).
 *
 * @param categoryId the category in the URL; the thread must belong to it
 * @param threadId the thread id
 * @param viewerId the logged-in member's id, or null
 * @param page 1-based page of top-level comments ({@link COMMENTS_PER_PAGE} each, with all their
 *   replies); past the last page gives the last page
 * @returns the page, or `null` when the thread or category is missing (SPEC: 'Tråden eller
 *   kategorin hittades inte')
 */
export async function getThreadPage(
  db: Db,
  categoryId: string,
  threadId: string,
  viewerId: string | null,
  page = 1,
): Promise<ThreadPage | null> {
  if (!isUuid(categoryId) || !isUuid(threadId)) return null;
  const [row] = await db
    .select({
      id: threads.id,
      title: threads.title,
      body: threads.body,
      bodyHtml: threads.bodyHtml,
      createdAt: threads.createdAt,
      editedAt: threads.editedAt,
      commentsCount: threads.commentsCount,
      reactionsCount: threads.reactionsCount,
      pinnedAt: threads.pinnedAt,
      pinnedHome: threads.pinnedHome,
      lockedAt: threads.lockedAt,
      slowModeMinutes: threads.slowModeMinutes,
      categoryId: categories.id,
      categoryName: categories.name,
      author: authorColumns,
    })
    .from(threads)
    .innerJoin(categories, eq(categories.id, threads.categoryId))
    .leftJoin(profiles, eq(profiles.id, threads.authorId))
    .where(and(eq(threads.id, threadId), eq(threads.categoryId, categoryId)))
    .limit(1);
  if (!row) return null;

  const [{ topLevel }] = (await db
    .select({ topLevel: sql<number>`count(*)::int` })
    .from(comments)
    .where(and(eq(comments.threadId, threadId), isNull(comments.parentId)))) as [{ topLevel: number }];
  const pages = Math.max(1, Math.ceil(topLevel / COMMENTS_PER_PAGE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const offset = (current - 1) * COMMENTS_PER_PAGE;
  // This page's top-level comments, then all their replies (index on parent_id, created_at).
  const pageTop = db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.threadId, threadId), isNull(comments.parentId)))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(COMMENTS_PER_PAGE)
    .offset(offset);
  const commentRows = await db
    .select({
      id: comments.id,
      parentId: comments.parentId,
      body: comments.body,
      bodyHtml: comments.bodyHtml,
      createdAt: comments.createdAt,
      editedAt: comments.editedAt,
      repliesCount: comments.repliesCount,
      reactionsCount: comments.reactionsCount,
      author: authorColumns,
    })
    .from(comments)
    .leftJoin(profiles, eq(profiles.id, comments.authorId))
    .where(
      and(
        eq(comments.threadId, threadId),
        sql`(${comments.id} IN (${pageTop}) OR ${comments.parentId} IN (${pageTop}))`,
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id));
  const pageIds = commentRows.map((c) => c.id);
  // The stances of the thread and this page's comments, in one query.
  const stances = await postStances(db, threadId, pageIds);

  // The thread's own reactions plus a join from its comments: each part uses
  // reactions_target_idx. (One WHERE with "… OR target_id IN (subquery)" made PostgreSQL scan
  // every reaction: 808 ms instead of 6.6 ms with 2 000 000 reactions, docs/performance.md.)
  const mine = viewerId ? sql`bool_or(x.user_id = ${viewerId})` : sql`false`;
  const reactionResult = await db.execute(sql`
    SELECT x.target_type AS "targetType", x.target_id AS "targetId", x.reaction_type AS "reactionType",
           count(*)::int AS count, ${mine} AS mine
      FROM (SELECT r.target_type, r.target_id, r.reaction_type, r.user_id
              FROM ${reactions} r
             WHERE r.target_type = 'thread' AND r.target_id = ${threadId}::uuid
            UNION ALL
            SELECT r.target_type, r.target_id, r.reaction_type, r.user_id
              FROM ${reactions} r
             WHERE r.target_type = 'comment'
               AND r.target_id IN (${pageIds.length ? sql.join(pageIds.map((id) => sql`${id}::uuid`), sql`, `) : sql`NULL`})) x
     GROUP BY 1, 2, 3`);
  const reactionRows = (reactionResult as unknown as {
    rows: Array<{ targetType: string; targetId: string; reactionType: string; count: number; mine: boolean }>;
  }).rows;

  const summaries = new Map<string, ReactionSummary>();
  const summaryOf = (key: string) => {
    let s = summaries.get(key);
    if (!s) summaries.set(key, (s = { counts: emptyCounts(), mine: [] }));
    return s;
  };
  for (const r of reactionRows) {
    const s = summaryOf(`${r.targetType}:${r.targetId}`);
    const type = r.reactionType as ReactionType;
    s.counts[type] = r.count;
    if (r.mine) s.mine.push(type);
  }
  const nullAuthor = (a: AuthorView | { id: null } | null): AuthorView | null =>
    a && a.id ? (a as AuthorView) : null;

  const byId = new Map<string, CommentView>();
  const top: CommentView[] = [];
  for (const c of commentRows) {
    const view: CommentView = {
      id: c.id,
      parentId: c.parentId,
      body: c.body,
      bodyHtml: c.bodyHtml,
      createdAt: c.createdAt.toISOString(),
      editedAt: c.editedAt?.toISOString() ?? null,
      repliesCount: c.repliesCount,
      reactionsCount: c.reactionsCount,
      author: nullAuthor(c.author as AuthorView | null),
      reactions: summaryOf(`comment:${c.id}`),
      stances: stances.get(`comment:${c.id}`) ?? [],
      replies: [],
    };
    byId.set(c.id, view);
  }
  for (const view of byId.values()) {
    const parent = view.parentId ? byId.get(view.parentId) : undefined;
    if (parent) parent.replies.push(view);
    else if (!view.parentId) top.push(view);
  }

  return {
    thread: {
      id: row.id,
      title: row.title,
      body: row.body,
      bodyHtml: row.bodyHtml,
      createdAt: row.createdAt.toISOString(),
      editedAt: row.editedAt?.toISOString() ?? null,
      commentsCount: row.commentsCount,
      reactionsCount: row.reactionsCount,
      author: nullAuthor(row.author as AuthorView | null),
      reactions: summaryOf(`thread:${row.id}`),
      stances: stances.get(`thread:${row.id}`) ?? [],
      pinned: row.pinnedAt !== null,
      pinnedHome: row.pinnedAt !== null && row.pinnedHome,
      locked: row.lockedAt !== null,
      slowModeMinutes: row.slowModeMinutes,
    },
    category: { id: row.categoryId, name: row.categoryName },
    comments: top,
    commentPage: { page: current, pages },
  };
}

/**
 * The viewer's own reactions on a thread page's posts (the rest of the page is the same
 * for every member and comes from `server/cache/thread-data-cache.ts`). One query on the
 * reactions' primary key (user_id, target_type, target_id, reaction_type).
 *
 * @param viewerId the member
 * @param page the page as {@link getThreadPage} gives it (for `viewerId` null)
 * @returns reaction types by `thread:<id>` / `comment:<id>`; empty when the member has none
 */
export function ownReactions(db: Db, viewerId: string, page: ThreadPage): Promise<Map<string, ReactionType[]>> {
  const commentIds = page.comments.flatMap((c) => [c.id, ...c.replies.map((r) => r.id)]);
  return ownReactionsOn(db, viewerId, page.thread.id, commentIds);
}

/**
 * The viewer's own reactions on a thread and the given comments (the shared member
 * render reads them for the posts its page manifest lists).
 *
 * @param db database
 * @param viewerId the member
 * @param threadId the thread
 * @param commentIds comments and replies shown
 * @returns reaction types per `targetType:targetId` key, in `REACTION_TYPES` order
 */
export async function ownReactionsOn(db: Db, viewerId: string, threadId: string, commentIds: readonly string[]): Promise<Map<string, ReactionType[]>> {
  const result = await db.execute(sql`
    SELECT r.target_type AS "targetType", r.target_id AS "targetId", r.reaction_type AS "reactionType"
      FROM ${reactions} r
     WHERE r.user_id = ${viewerId}
       AND ((r.target_type = 'thread' AND r.target_id = ${threadId}::uuid)
         OR (r.target_type = 'comment' AND r.target_id IN (${commentIds.length ? sql.join(commentIds.map((id) => sql`${id}::uuid`), sql`, `) : sql`NULL`})))`);
  const own = new Map<string, ReactionType[]>();
  for (const r of (result as unknown as { rows: Array<{ targetType: string; targetId: string; reactionType: string }> }).rows) {
    const key = `${r.targetType}:${r.targetId}`;
    own.set(key, [...(own.get(key) ?? []), r.reactionType as ReactionType]);
  }
  for (const [key, types] of own) own.set(key, REACTION_TYPES.filter((t) => types.includes(t)));
  return own;
}

/**
 * A thread page with the viewer's own reactions (`reactions.mine`) filled in. Pure: `page` (a
 * shared, cached value) is never changed; only the posts the viewer reacted to are new objects.
 *
 * @param page a page read for nobody (every `mine` empty)
 * @param own the viewer's reactions from {@link ownReactions}
 * @returns the page as {@link getThreadPage} would give it for that viewer
 */
export function withOwnReactions(page: ThreadPage, own: ReadonlyMap<string, readonly ReactionType[]>): ThreadPage {
  if (own.size === 0) return page;
  const mark = <T extends { id: string; reactions: ReactionSummary }>(kind: string, item: T): T => {
    const mine = own.get(`${kind}:${item.id}`);
    return mine ? { ...item, reactions: { ...item.reactions, mine: REACTION_TYPES.filter((t) => mine.includes(t)) } } : item;
  };
  const markComment = (c: CommentView): CommentView => {
    const replies = c.replies.map((r) => markComment(r));
    const marked = mark("comment", c);
    return replies.some((r, i) => r !== c.replies[i]) ? { ...marked, replies } : marked;
  };
  return { ...page, thread: mark("thread", page.thread), comments: page.comments.map(markComment) };
}

/**
 * Where a comment is shown: its thread, category and the page of its top-level comment
 * (for links to `#comment-{id}` from notifications, search and profiles).
 *
 * @param commentId the comment's id (anything; non-UUIDs give null)
 * @returns `{ categoryId, threadId, page }`, or null when there is no such comment
 */
export async function locateComment(
  db: Db,
  commentId: string,
): Promise<{ categoryId: string; threadId: string; title: string; page: number } | null> {
  if (!isUuid(commentId)) return null;
  const result = await db.execute(sql`
    SELECT t.category_id AS "categoryId", t.id AS "threadId", t.title,
           (SELECT count(*)::int FROM ${comments} o
             WHERE o.thread_id = top.thread_id AND o.parent_id IS NULL
               AND (o.created_at, o.id) < (top.created_at, top.id)) AS before
      FROM ${comments} c
      JOIN ${comments} top ON top.id = coalesce(c.parent_id, c.id)
      JOIN ${threads} t ON t.id = c.thread_id
     WHERE c.id = ${commentId}::uuid`);
  const row = (result as unknown as { rows: Array<{ categoryId: string; threadId: string; title: string; before: number }> }).rows[0];
  if (!row) return null;
  return { categoryId: row.categoryId, threadId: row.threadId, title: row.title, page: Math.floor(Number(row.before) / COMMENTS_PER_PAGE) + 1 };
}

/**
 * Whether a nickname is taken, case-insensitively (SPEC §5 Nickname availability).
 *
 * @param nickname the nickname as typed
 * @returns true when a member already has it in any letter case
 */
export async function isNicknameTaken(db: Db, nickname: string): Promise<boolean> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.nickname}) = lower(${nickname})`)
    .limit(1);
  return rows.length > 0;
}

