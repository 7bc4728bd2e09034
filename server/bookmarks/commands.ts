/**
 * Save and unsave a thread or comment ('Spara'): a member's `bookmarks` rows. Declared
 * as writes of server/writes/pipeline.ts ({@link bookmarkWrite}, {@link unbookmarkWrite}),
 * counted against the `follow` abuse limit like the watchlist. Both are idempotent: saving a
 * saved post or unsaving one not saved changes nothing and succeeds.
 *
 * @module
 */
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { bookmarks as bm } from "../../domain/i18n/sv";
import { isUuid } from "../../domain/ids";
import { BOOKMARKS_MAX } from "../../domain/limits";
import { TARGET_TYPES, type TargetType } from "../../domain/values";
import type { Db, Tx } from "../db/client";
import { bookmarks, profiles } from "../db/schema";
import { ForumError, pgCode } from "../platform/errors";
import { findPostTarget } from "../forum/post-target";
import { defineWrite, runWrite, unwrap, type WriteScope } from "../writes/pipeline";

/** A saved post's address: its kind and uuid. */
export interface BookmarkTarget {
  targetType: TargetType;
  targetId: string;
}

/** The state after a save or unsave. */
export interface BookmarkState extends BookmarkTarget {
  /** Whether the member has the post saved now. */
  saved: boolean;
}

/**
 * Raw form fields → {@link BookmarkTarget}.
 *
 * @throws {ForumError} 400 'Ange en tråd eller kommentar att spara.' for an unknown kind or a non-uuid id
 */
function parseTarget(raw: { targetType?: string; targetId?: string }, title: string): BookmarkTarget {
  const targetType = raw.targetType as TargetType;
  const targetId = (raw.targetId ?? "").trim();
  if (!(TARGET_TYPES as readonly string[]).includes(targetType ?? "") || !isUuid(targetId)) throw new ForumError(400, bm.badTarget, title);
  return { targetType, targetId };
}

/** SQL condition: the member's row for this target. */
function rowOf(userId: string, target: BookmarkTarget) {
  return target.targetType === "thread"
    ? and(eq(bookmarks.userId, userId), eq(bookmarks.threadId, target.targetId), isNull(bookmarks.commentId))
    : and(eq(bookmarks.userId, userId), eq(bookmarks.commentId, target.targetId));
}

/**
 * Saving a thread or comment as a declared write: `{ targetType, targetId }` →
 * {@link BookmarkState}. Steps: login (401 'Du måste vara inloggad för att spara inlägg.') →
 * kind and uuid (400) → the post exists (404 'Inlägget finns inte längre.') → limit `follow`
 * (429) → transaction: the member's profile row is locked (`FOR UPDATE`); an already saved post
 * answers unchanged; at {@link BOOKMARKS_MAX} saved posts a new one is refused with 409.
 * A blocked member may save (it only concerns their own data).
 */
export const bookmarkWrite = defineWrite({
  name: "bookmark",
  login: { message: bm.loginToSave, title: bm.saveFailed },
  parse: (raw: { targetType?: string; targetId?: string }) => parseTarget(raw, bm.saveFailed),
  policy: async ({ db }: WriteScope, target: BookmarkTarget) => {
    const post = await findPostTarget(db, target.targetType, target.targetId);
    if (!post) throw new ForumError(404, bm.notFound, bm.saveFailed);
    return post.threadId;
  },
  limits: "follow",
  transaction: async (tx, { actor }, target, threadId): Promise<BookmarkState> => {
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, actor.id)).for("update");
    const existing = await tx.select({ one: sql`1` }).from(bookmarks).where(rowOf(actor.id, target)).limit(1);
    if (existing.length === 0) {
      const [row] = await tx.select({ n: count() }).from(bookmarks).where(eq(bookmarks.userId, actor.id));
      if (Number(row?.n ?? 0) >= BOOKMARKS_MAX) throw new ForumError(409, bm.limitReached(BOOKMARKS_MAX), bm.saveFailed);
      try {
        await tx
          .insert(bookmarks)
          .values({
            userId: actor.id,
            targetType: target.targetType,
            threadId,
            commentId: target.targetType === "comment" ? target.targetId : null,
          })
          .onConflictDoNothing();
      } catch (error) {
        // The post was deleted between the check and the insert.
        if (pgCode(error) === "23503") throw new ForumError(404, bm.notFound, bm.saveFailed);
        throw error;
      }
    }
    return { ...target, saved: true };
  },
});

/**
 * Unsaving a thread or comment as a declared write: `{ targetType, targetId }` →
 * {@link BookmarkState}; a no-op when not saved (or when the post is gone). Steps: login (401)
 * → kind and uuid (400) → limit `follow` (429) → delete.
 */
export const unbookmarkWrite = defineWrite({
  name: "unbookmark",
  login: { message: bm.loginToSave, title: bm.removeFailed },
  parse: (raw: { targetType?: string; targetId?: string }) => parseTarget(raw, bm.removeFailed),
  limits: "follow",
  transaction: async (tx, { actor }, target): Promise<BookmarkState> => {
    await tx.delete(bookmarks).where(rowOf(actor.id, target));
    return { ...target, saved: false };
  },
});

const asActor = (actorId: string | null) => (actorId ? { id: actorId, role: "member" as const, nickname: "" } : null);

/**
 * Saves a post ({@link bookmarkWrite} without abuse limits, throwing on failure); scripts and tests.
 *
 * @returns {@link BookmarkState}
 * @throws {ForumError} 401 visitor, 400 bad target, 404 unknown post, 409 at {@link BOOKMARKS_MAX}
 */
export async function savePost(db: Db | Tx, actorId: string | null, target: BookmarkTarget): Promise<BookmarkState> {
  return unwrap(await runWrite(bookmarkWrite, { db, actor: asActor(actorId) }, target)).value;
}

/**
 * Unsaves a post ({@link unbookmarkWrite} without abuse limits); a no-op when not saved.
 *
 * @returns {@link BookmarkState}
 * @throws {ForumError} 401 visitor, 400 bad target
 */
export async function unsavePost(db: Db | Tx, actorId: string | null, target: BookmarkTarget): Promise<BookmarkState> {
  return unwrap(await runWrite(unbookmarkWrite, { db, actor: asActor(actorId) }, target)).value;
}
