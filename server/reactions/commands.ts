/**
 * Reaction toggle (SPEC §4 Reaction, §5 Reactions): per user, per target, per type on or off.
 * The server enforces every rule the UI shows: login, valid types, existing target, not one's
 * own content (also refused by a database trigger as a check violation).
 *
 * @module
 */
import { and, eq, sql } from "drizzle-orm";
import { reactions as r } from "../../domain/i18n/sv";
import { reactionSchema } from "../../domain/validation";
import type { Db } from "../db/client";
import { comments, reactions, threads } from "../db/schema";
import { ForumError, pgCode } from "../platform/errors";
import { reactionPermission, type Actor } from "../../domain/policy/forum";
import { publishEvent } from "../realtime/events";
import { defineWrite, parseWith, runWrite, unwrap, type WriteScope } from "../writes/pipeline";
import { findPostTarget } from "../forum/post-target";
import { assertOpen, threadRules } from "../thread-tools/gate";

/** Result of a toggle: whether the reaction is now on, and the new count of that type. */
export interface ToggleResult {
  active: boolean;
  /** Count of this reaction type on the target after the toggle. */
  count: number;
}

/**
 * Reaction toggle as a declared write (server/writes/pipeline.ts): `{ targetType, targetId,
 * reactionType }` → {@link ToggleResult}. Steps: login (401 'Du måste vara inloggad för att
 * reagera') → `reactionSchema` (400) → target exists (404) and `reactionPermission` (403 'Du kan
 * inte reagera på ditt eget innehåll'), and the thread not locked (403 'Tråden är låst'; staff pass)
 * → limit `reaction` (429) → transaction: the thread row
 * locked FOR NO KEY UPDATE and the target re-read FOR KEY SHARE (gone meanwhile:
 * 404), then delete or insert and the new count (the database's own-content and target
 * triggers map to 403/404) → after commit, the live thread event.
 */
export const reactionWrite = defineWrite({
  name: "reaction",
  login: { message: r.loginToReact, title: r.notLoggedIn },
  parse: (raw: unknown) => parseWith(reactionSchema, raw, { title: r.handleFailed, message: r.invalid }),
  policy: async ({ db, actor }: WriteScope, { targetType, targetId }) => {
    const target = await findPostTarget(db, targetType, targetId);
    if (!target) throw new ForumError(404, r.handleFailed, r.handleFailed);
    if (reactionPermission(actor, target) === "own") throw new ForumError(403, r.ownContent, r.handleFailed);
    // 'Lås': no reactions in a locked thread, on or off, but from staff (server/thread-tools/gate.ts).
    assertOpen(actor, await threadRules(db, target.threadId), r.handleFailed);
    return { threadId: target.threadId };
  },
  limits: "reaction",
  transaction: async (tx, { actor }, { targetType, targetId, reactionType }, { threadId }): Promise<ToggleResult> => {
    // No orphans: the thread row first, FOR NO KEY UPDATE — the lock every
    // write on the thread takes first (comments, comment deletes; a thread delete takes FOR
    // UPDATE), so a reaction and a delete queue up there before either holds a counter row
    // (profiles, thread_trending) the other needs: no deadlock. Then the target is re-read
    // FOR KEY SHARE: a delete that committed meanwhile leaves nothing (404, same answer as a
    // missing target); one that comes later waits for this commit and its cascade removes the
    // reaction. The insert trigger checks the target under the same lock (migration 0012).
    const [thread] = await tx
      .select({ id: threads.id, lockedAt: threads.lockedAt, slowModeMinutes: threads.slowModeMinutes })
      .from(threads)
      .where(eq(threads.id, threadId))
      .limit(1)
      .for("no key update");
    const target = thread ? await findPostTarget(tx, targetType, targetId, { lock: "key share" }) : null;
    if (!target) throw new ForumError(404, r.handleFailed, r.handleFailed);
    assertOpen(actor, thread ?? null, r.handleFailed);
    const match = and(
      eq(reactions.userId, actor.id),
      eq(reactions.targetType, targetType),
      eq(reactions.targetId, targetId),
      eq(reactions.reactionType, reactionType),
    );
    try {
      const removed = await tx.delete(reactions).where(match).returning({ userId: reactions.userId });
      if (removed.length === 0) {
        await tx
          .insert(reactions)
          .values({ userId: actor.id, targetType, targetId, reactionType })
          .onConflictDoNothing();
      }
      const [{ n }] = (await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(reactions)
        .where(
          and(
            eq(reactions.targetType, targetType),
            eq(reactions.targetId, targetId),
            eq(reactions.reactionType, reactionType),
          ),
        )) as [{ n: number }];
      return { active: removed.length === 0, count: n };
    } catch (error) {
      const code = pgCode(error);
      if (code === "23514") throw new ForumError(403, r.ownContent, r.handleFailed);
      if (code === "23503") throw new ForumError(404, r.handleFailed, r.handleFailed);
      throw error;
    }
  },
  // Live thread page: readers of the thread see the new counts.
  events: async ({ db, actor }, _result, _input, { threadId }) => {
    await publishEvent(db, { kind: "reactions", threadId, actorId: actor.id });
  },
});

/**
 * Turns the actor's reaction of one type on a target on when off, off when on
 * ({@link reactionWrite} without abuse limits, throwing on failure).
 *
 * @param actor the acting member, or null for a visitor
 * @param input `{ targetType, targetId, reactionType }` as submitted
 * @returns {@link ToggleResult}
 * @throws {ForumError} 401 'Du måste vara inloggad för att reagera', 400 invalid type or target,
 *   404 target missing, 403 'Du kan inte reagera på ditt eget innehåll'
 */
export async function toggleReaction(db: Db, actor: Actor, input: unknown): Promise<ToggleResult> {
  return unwrap(await runWrite(reactionWrite, { db, actor: actor && { ...actor, nickname: "" } }, input)).value;
}
