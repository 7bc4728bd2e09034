/**
 * A thread's own rules on the writes inside it ('Lås', 'Långsamt läge';
 * docs/decisions/053-thread-tools.md): the comment, reply, reaction and edit writes ask here
 * before they write (the policy step, so a refused request costs no abuse-limit points) and again
 * inside their transaction under the thread row's lock (so a lock that commits meanwhile holds).
 * Acting staff pass both rules (domain/policy/thread-tools.ts).
 *
 * @module
 */
import { eq, sql } from "drizzle-orm";
import { threadState as ts, threadTools as tl } from "../../domain/i18n/sv";
import { exemptFromThreadRules, passesLock } from "../../domain/policy/thread-tools";
import type { Actor } from "../../domain/policy/actor";
import { stockholmClock } from "../../domain/stockholm-clock";
import { slowModeNextAt } from "../../domain/thread-tools";
import type { Db, Tx } from "../db/client";
import { comments, threads } from "../db/schema";
import { ForumError, RateLimitedError } from "../platform/errors";

/** A thread's rules as the writes read them. */
export interface ThreadRules {
  /** When it was locked; null while open. */
  lockedAt: Date | null;
  /** 'Långsamt läge' in minutes; null when off. */
  slowModeMinutes: number | null;
}

/**
 * The thread's lock and slow mode, read without a lock (the policy step's early answer).
 *
 * @param db database or transaction
 * @param threadId a thread id (a UUID)
 * @returns its {@link ThreadRules}, or null when there is no such thread
 */
export async function threadRules(db: Db | Tx, threadId: string): Promise<ThreadRules | null> {
  const [row] = await db
    .select({ lockedAt: threads.lockedAt, slowModeMinutes: threads.slowModeMinutes })
    .from(threads)
    .where(eq(threads.id, threadId))
    .limit(1);
  return row ?? null;
}

/**
 * Refuses a write into a locked thread (a reaction, an edit) for anyone but acting staff.
 *
 * @param actor the acting member
 * @param rules the thread's rules (null: no such thread, nothing to refuse here)
 * @param title the toast title of the refusal
 * @throws {ForumError} 403 'Tråden är låst'
 */
export function assertOpen(actor: Actor, rules: Pick<ThreadRules, "lockedAt"> | null, title?: string): void {
  if (rules && !passesLock(actor, { locked: rules.lockedAt !== null })) throw new ForumError(403, ts.locked, title);
}

/**
 * Refuses a comment or reply the thread's rules hold back: a locked thread (403), or a member's
 * comment within the slow mode's minutes of their previous comment or reply in the thread (429
 * with the Stockholm time they may post again, and `Retry-After`). Acting staff pass.
 *
 * @param db database or the comment's transaction (which holds the thread row's lock, so two
 *   comments of one member queue and the second sees the first)
 * @param actor the commenting member
 * @param threadId the thread
 * @param rules the thread's rules (null: no such thread, left to the caller's 404)
 * @param title the toast title of the refusal ('Kunde inte skapa kommentar' / '… svar')
 * @throws {ForumError} 403 'Tråden är låst'
 * @throws {RateLimitedError} 429 'Långsamt läge: du kan kommentera igen kl. HH:MM.'
 */
export async function assertMayComment(db: Db | Tx, actor: Actor & object, threadId: string, rules: ThreadRules | null, title?: string): Promise<void> {
  if (!rules) return;
  assertOpen(actor, rules, title);
  if (rules.slowModeMinutes === null || exemptFromThreadRules(actor)) return;
  const result = await db.execute(sql`
    SELECT max(${comments.createdAt}) AS "last", now() AS "now"
      FROM ${comments}
     WHERE ${comments.threadId} = ${threadId}::uuid AND ${comments.authorId} = ${actor.id}`);
  const row = (result as unknown as { rows: Array<{ last: string | Date | null; now: string | Date }> }).rows[0]!;
  const now = new Date(row.now);
  const next = slowModeNextAt(row.last === null ? null : new Date(row.last), rules.slowModeMinutes, now);
  if (next) throw new RateLimitedError(tl.slowModeWait(stockholmClock(next)), Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000)), title);
}
