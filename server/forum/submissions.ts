/**
 * Idempotent posting ("a double-submitted thread or comment form creates one
 * post"). A thread or comment form carries a hidden key made per render; the first submit
 * claims it in `post_submissions` before writing and points it at the new post in the same
 * transaction, so a second submit with the same key — even one arriving while the first is still
 * being written — waits for and lands on the same post. Without a shared key, identical text by
 * the same author within {@link SAME_POST_WINDOW_S} seconds at the same place is taken as the
 * same submit too — also when such submits arrive at the same moment: each claims the post's
 * content fingerprint (`same:<sha256>` in the same table), so one writes and the rest wait for it
 * and land on its post; identical text later than that but within the caller's window (the write
 * pipeline passes the abuse limits' {@link IDENTICAL_TEXT_WINDOW_S}, Discourse's `unique_posts_mins` = 5)
 * is refused. Decision record:
 * docs/decisions/014-abuse-limits.md.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { abuseLimits as al } from "../../domain/i18n/sv";
import type { Db, Tx } from "../db/client";
import { comments, postSubmissions, threads } from "../db/schema";
import { ForumError, RateLimitedError } from "../platform/errors";

/** Within this many seconds, identical text by the same author at the same place is one submit. */
export const SAME_POST_WINDOW_S = 10;
/** Identical post text by the same author is refused for this many seconds (5 minutes). */
export const IDENTICAL_TEXT_WINDOW_S = 5 * 60;
/** How long a second submit waits for the first one with the same key (ms). */
const WAIT_FOR_FIRST_MS = 10_000;
/** A claim without a post after this long is left over from a crashed request (s). */
const STALE_CLAIM_S = 60;

/** The shape of a valid idempotency key: 8–100 letters, digits, `-`, `_`, `.` or `:`. */
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;


/** Where a submit ended up: the thread, and the comment when it was one. */
export interface SubmissionRef {
  threadId: string;
  commentId: string | null;
}

/** Options of a posting command (set by the idempotency step of server/writes/pipeline.ts). */
export interface PostOptions {
  /** The form's hidden idempotency key (field `submitKey`); ignored unless it has a valid shape. */
  submitKey?: string;
  /**
   * What makes two posts "the same submit" without a shared key: the place and the text (e.g.
   * `thread|<category>|<title>|<body>`). Concurrent submits with the same value are serialised:
   * the first writes, the others land on its post (within {@link SAME_POST_WINDOW_S}).
   */
  samePost?: string;
  /**
   * Runs after the duplicate checks and before the write: the limit step of the write pipeline
   * (server/writes/pipeline.ts); a double submit answered from its first submit never reaches it.
   * @throws what the limits throw ({@link RateLimitedError})
   */
  beforeWrite?: () => Promise<void>;
  /**
   * Identical text by the same author within this many seconds is refused (429); default 0, no
   * refusal. The write pipeline passes `services.actionLimits.identicalTextWindowS` (5 minutes).
   */
  identicalTextWindowS?: number;
}

/** The author's latest post with the same text within {@link IDENTICAL_TEXT_WINDOW_S}. */
export interface RecentPost<T> {
  /** What the command returns for that post. */
  result: T;
  ref: SubmissionRef;
  /** Seconds since it was written. */
  ageS: number;
  /** Whether it is at the same place (same category and title, or same thread and parent). */
  samePlace: boolean;
}

/** The steps of one posting command that {@link postOnce} runs in order. */
export interface PostSteps<T> {
  /** The command's result for an earlier submit's post, or null when that post is gone. */
  fromRef(ref: SubmissionRef): Promise<T | null>;
  /** The author's latest post with identical text, if any within `windowS` seconds. */
  recent(windowS: number): Promise<RecentPost<T> | null>;
  /** Writes the post; must call `record(tx, ref)` inside its transaction. */
  write(record: (tx: Tx, ref: SubmissionRef) => Promise<void>): Promise<T>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Claims a key for a member, or finds where an earlier submit with it ended up.
 *
 * @returns `claimed`, or `done` with the post of the earlier submit
 * @throws {ForumError} 409 'Inlägget skickas redan…' when the earlier submit is still being
 *   written after 10 s
 */
async function claim(
  db: Db,
  userId: string,
  key: string,
  reuseWithinS = Infinity,
): Promise<{ kind: "claimed" } | { kind: "done"; ref: SubmissionRef }> {
  const until = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const inserted = await db
      .insert(postSubmissions)
      .values({ userId, key })
      .onConflictDoNothing()
      .returning({ key: postSubmissions.key });
    if (inserted.length > 0) {
      // Keys are kept for a day; older ones of this member are dropped here.
      await db
        .delete(postSubmissions)
        .where(and(eq(postSubmissions.userId, userId), lt(postSubmissions.createdAt, sql`now() - interval '1 day'`)));
      return { kind: "claimed" };
    }
    const [row] = await db
      .select({
        threadId: postSubmissions.threadId,
        commentId: postSubmissions.commentId,
        ageS: sql<number>`extract(epoch from now() - ${postSubmissions.createdAt})::float8`,
      })
      .from(postSubmissions)
      .where(and(eq(postSubmissions.userId, userId), eq(postSubmissions.key, key)))
      .limit(1);
    if (row?.threadId && Number(row.ageS) > reuseWithinS) {
      // A fingerprint of an older post: that post no longer makes this one a double submit.
      await db
        .delete(postSubmissions)
        .where(and(eq(postSubmissions.userId, userId), eq(postSubmissions.key, key), lt(postSubmissions.createdAt, sql`now() - make_interval(secs => ${reuseWithinS})`)));
      continue;
    }
    if (row?.threadId) return { kind: "done", ref: { threadId: row.threadId, commentId: row.commentId } };
    if (row && Number(row.ageS) > STALE_CLAIM_S) await release(db, userId, key);
    else if (row) {
      if (Date.now() > until) throw new ForumError(409, al.inFlight, al.title);
      await sleep(100);
    }
  }
}

/** Drops a claim whose submit failed, so the same form can be sent again. */
async function release(db: Db, userId: string, key: string): Promise<void> {
  await db
    .delete(postSubmissions)
    .where(and(eq(postSubmissions.userId, userId), eq(postSubmissions.key, key), isNull(postSubmissions.threadId)));
}

/** The claim key of a post's content fingerprint (fits `post_submissions.key`). */
const samePostKey = (samePost: string) => `same:${createHash("sha256").update(samePost).digest("hex")}`;

/**
 * Runs a posting command at most once per submit (see the module comment).
 *
 * @param userId the author's id
 * @param options the form's key, the content fingerprint and the pre-write hook (abuse limits)
 * @param steps the command's lookups and write
 * @returns the command's result, with `duplicate: true` when it is an earlier submit's post
 * @throws {RateLimitedError} 429 when the author posted identical text within
 *   `options.identicalTextWindowS` (not at the same place within 10 s), with the seconds left; whatever `beforeWrite` or `write` throws
 *   (the claim is then released)
 */
export async function postOnce<T extends object>(
  db: Db,
  userId: string,
  options: PostOptions,
  steps: PostSteps<T>,
): Promise<T & { duplicate: boolean }> {
  const key = options.submitKey && KEY_PATTERN.test(options.submitKey) ? options.submitKey : null;
  if (key) {
    const claimed = await claim(db, userId, key);
    if (claimed.kind === "done") {
      const earlier = await steps.fromRef(claimed.ref);
      if (earlier) return { ...earlier, duplicate: true };
    }
  }
  const keys = key ? [key] : [];
  const record = async (tx: Tx, ref: SubmissionRef) => {
    for (const k of keys) {
      await tx
        .update(postSubmissions)
        .set({ threadId: ref.threadId, commentId: ref.commentId })
        .where(and(eq(postSubmissions.userId, userId), eq(postSubmissions.key, k)));
    }
  };
  try {
    if (options.samePost) {
      // Identical submits at the same moment (different keys, or none): one claims the
      // fingerprint and writes; the others wait for it here and land on its post.
      const same = samePostKey(options.samePost);
      const claimed = await claim(db, userId, same, SAME_POST_WINDOW_S);
      if (claimed.kind === "done") {
        const earlier = await steps.fromRef(claimed.ref);
        if (earlier) {
          await db.transaction((tx) => record(tx, claimed.ref));
          return { ...earlier, duplicate: true };
        }
        // Its post is gone: write anew (the fingerprint row keeps pointing at the old one).
      } else keys.push(same);
    }
    const windowS = options.identicalTextWindowS ?? 0;
    const recent = await steps.recent(Math.max(windowS, SAME_POST_WINDOW_S));
    if (recent && recent.samePlace && recent.ageS <= SAME_POST_WINDOW_S) {
      await db.transaction((tx) => record(tx, recent.ref));
      return { ...recent.result, duplicate: true };
    }
    if (recent && recent.ageS < windowS) {
      const wait = Math.max(1, Math.ceil(windowS - recent.ageS));
      throw new RateLimitedError(al.identicalText(wait), wait, al.title);
    }
    await options.beforeWrite?.();
    return { ...(await steps.write(record)), duplicate: false };
  } catch (error) {
    for (const k of keys) await release(db, userId, k).catch(() => undefined);
    throw error;
  }
}

const ageOf = (column: typeof threads.createdAt | typeof comments.createdAt) =>
  sql<number>`extract(epoch from now() - ${column})::float8`;
const within = (column: typeof threads.createdAt | typeof comments.createdAt, windowS: number) =>
  gt(column, sql`now() - make_interval(secs => ${windowS})`);

/**
 * The author's latest thread with this body within `windowS` seconds ({@link PostSteps.recent} of
 * `createThread`); the same place means the same category and title.
 *
 * @returns the thread as `createThread` returns it, or null
 */
export async function recentThread(
  db: Db,
  authorId: string,
  post: { categoryId: string; title: string; body: string },
  windowS: number,
): Promise<RecentPost<{ id: string; categoryId: string }> | null> {
  const [row] = await db
    .select({ id: threads.id, categoryId: threads.categoryId, title: threads.title, ageS: ageOf(threads.createdAt) })
    .from(threads)
    .where(and(eq(threads.authorId, authorId), eq(threads.body, post.body), within(threads.createdAt, windowS)))
    .orderBy(desc(threads.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    result: { id: row.id, categoryId: row.categoryId },
    ref: { threadId: row.id, commentId: null },
    ageS: Number(row.ageS),
    samePlace: row.categoryId === post.categoryId && row.title === post.title,
  };
}

/**
 * The author's latest comment or reply with this body within `windowS` seconds, in any thread
 * ({@link PostSteps.recent} of `createComment`); the same place means the same thread and parent.
 *
 * @returns the comment as `createComment` returns it, or null
 */
export async function recentComment(
  db: Db,
  authorId: string,
  post: { threadId: string; parentId: string | null; body: string },
  windowS: number,
): Promise<RecentPost<{ id: string; isReply: boolean }> | null> {
  const [row] = await db
    .select({ id: comments.id, threadId: comments.threadId, parentId: comments.parentId, ageS: ageOf(comments.createdAt) })
    .from(comments)
    .where(and(eq(comments.authorId, authorId), eq(comments.body, post.body), within(comments.createdAt, windowS)))
    .orderBy(desc(comments.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    result: { id: row.id, isReply: row.parentId !== null },
    ref: { threadId: row.threadId, commentId: row.id },
    ageS: Number(row.ageS),
    samePlace: row.threadId === post.threadId && (row.parentId ?? null) === (post.parentId ?? null),
  };
}

/** `createThread`'s result for an existing thread, or null when it is gone. */
export async function threadResult(db: Db, threadId: string): Promise<{ id: string; categoryId: string } | null> {
  const [row] = await db.select({ id: threads.id, categoryId: threads.categoryId }).from(threads).where(eq(threads.id, threadId)).limit(1);
  return row ?? null;
}

/** `createComment`'s result for an existing comment, or null when it is gone. */
export async function commentResult(db: Db, commentId: string | null): Promise<{ id: string; isReply: boolean } | null> {
  if (!commentId) return null;
  const [row] = await db.select({ id: comments.id, parentId: comments.parentId }).from(comments).where(eq(comments.id, commentId)).limit(1);
  return row ? { id: row.id, isReply: row.parentId !== null } : null;
}
