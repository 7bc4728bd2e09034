/**
 * Reading polls ('Omröstning', docs/decisions/054-polls.md): a thread's poll as every reader sees
 * it (shared page data), a member's own votes with the live counts they may see (the thread page's
 * personal part), the counts themselves, and a member's votes for the data export.
 *
 * Counts are counted from `poll_votes` (index `poll_votes_thread_user_idx`), never kept in a
 * counter column: a poll has at most a few thousand votes, and a counter would be one more thing
 * a vote, a changed vote and an account deletion must keep right.
 *
 * @module
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { isPollClosed, votePermission } from "../../domain/policy/polls";
import type { Role } from "../../domain/roles";
import type { PollOwnState, PollResults, PollView } from "../../domain/views";
import type { DbOrTx } from "../content/storage";
import { pollOptions, polls, pollVotes, threads } from "../db/schema";

/** A poll as the vote write checks it: when it closes, single or multiple choice, its option ids. */
export interface PollRules {
  threadId: string;
  multipleChoice: boolean;
  closesAt: Date | null;
  /** Its thread is locked ('Lås'). */
  locked: boolean;
  /** Option ids in their order. */
  optionIds: string[];
}

/** Whether a thread is locked ('Lås'; false for a missing thread). */
async function threadLocked(db: DbOrTx, threadId: string): Promise<boolean> {
  const [row] = await db.select({ lockedAt: threads.lockedAt }).from(threads).where(eq(threads.id, threadId)).limit(1);
  return row?.lockedAt != null;
}

/**
 * The poll of a thread as the vote write checks it.
 *
 * @param db database or transaction handle
 * @param threadId the thread (a UUID)
 * @param options `lock`: lock the poll row `FOR NO KEY UPDATE` (inside the vote's transaction:
 *   votes on one poll then count one after another, and the counts each returns are whole)
 * @returns the {@link PollRules}, or null when the thread has no poll
 */
export async function findPollRules(db: DbOrTx, threadId: string, options: { lock?: boolean } = {}): Promise<PollRules | null> {
  const query = db
    .select({ multipleChoice: polls.multipleChoice, closesAt: polls.closesAt })
    .from(polls)
    .where(eq(polls.threadId, threadId))
    .limit(1);
  const [poll] = options.lock ? await query.for("no key update") : await query;
  if (!poll) return null;
  const rows = await db
    .select({ id: pollOptions.id })
    .from(pollOptions)
    .where(eq(pollOptions.threadId, threadId))
    .orderBy(asc(pollOptions.position));
  return { threadId, multipleChoice: poll.multipleChoice, closesAt: poll.closesAt, locked: await threadLocked(db, threadId), optionIds: rows.map((r) => r.id) };
}

/**
 * The counts of a poll.
 *
 * @param db database or transaction handle
 * @param threadId the poll's thread
 * @param optionIds every option of the poll (each gets a count, 0 included)
 * @returns {@link PollResults}: votes per option id and the number of members who voted
 */
export async function pollCounts(db: DbOrTx, threadId: string, optionIds: readonly string[]): Promise<PollResults> {
  // One after the other: inside the vote's transaction both run on its one connection anyway.
  const perOption = await db
    .select({ optionId: pollVotes.optionId, n: sql<number>`count(*)::int` })
    .from(pollVotes)
    .where(eq(pollVotes.threadId, threadId))
    .groupBy(pollVotes.optionId);
  const [total] = await db
    .select({ voters: sql<number>`count(DISTINCT ${pollVotes.userId})::int` })
    .from(pollVotes)
    .where(eq(pollVotes.threadId, threadId));
  const counts: Record<string, number> = Object.fromEntries(optionIds.map((id) => [id, 0]));
  for (const row of perOption) counts[row.optionId] = Number(row.n);
  return { counts, voters: Number(total?.voters ?? 0) };
}

/**
 * A thread's poll as every reader sees it alike: options, 'Flera val', closing time, and — only
 * once it has closed — its final counts (an open poll's counts are the voters' personal part).
 *
 * @param db database handle
 * @param threadId the thread
 * @param now the current time (ms since the epoch; decides `closed`)
 * @returns the {@link PollView}, or null when the thread has no poll
 */
export async function getPollView(db: DbOrTx, threadId: string, now: number = Date.now()): Promise<PollView | null> {
  const [poll] = await db
    .select({ multipleChoice: polls.multipleChoice, closesAt: polls.closesAt })
    .from(polls)
    .where(eq(polls.threadId, threadId))
    .limit(1);
  if (!poll) return null;
  const options = await db
    .select({ id: pollOptions.id, label: pollOptions.label })
    .from(pollOptions)
    .where(eq(pollOptions.threadId, threadId))
    .orderBy(asc(pollOptions.position));
  const closed = isPollClosed(poll, now);
  return {
    threadId,
    multipleChoice: poll.multipleChoice,
    closesAt: poll.closesAt ? poll.closesAt.toISOString() : null,
    closed,
    locked: await threadLocked(db, threadId),
    options,
    results: closed ? await pollCounts(db, threadId, options.map((o) => o.id)) : null,
  };
}

/**
 * A member's own side of a poll, the thread page's personal part `poll:<threadId>`: the options
 * they voted for, the live counts when they voted on the open poll, and whether they may vote.
 * Read for every answer (never from a shared cache), so a voter's counts are never older than
 * their page.
 *
 * @param db database handle
 * @param member the member (`id`; `blocked` members may not vote, nor members other than acting
 *   staff in a locked thread)
 * @param poll the thread's poll as the page shows it
 * @returns the {@link PollOwnState}
 */
export async function ownPollState(db: DbOrTx, member: { id: string; role?: Role; blocked?: boolean }, poll: PollView): Promise<PollOwnState> {
  const rows = await db
    .select({ optionId: pollVotes.optionId })
    .from(pollVotes)
    .where(and(eq(pollVotes.threadId, poll.threadId), eq(pollVotes.userId, member.id)));
  const order = new Map(poll.options.map((o, i) => [o.id, i]));
  const mine = rows.map((r) => r.optionId).sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  const results = mine.length > 0 && !poll.closed ? await pollCounts(db, poll.threadId, poll.options.map((o) => o.id)) : null;
  // Whether the poll is open is the page's (PollView.closed); here only who may vote.
  const refusal = votePermission({ id: member.id, role: member.role ?? "member", blocked: member.blocked }, { closesAt: null, locked: poll.locked }, 0);
  return { mine, results, canVote: refusal === "ok", ...(refusal === "locked" ? { refusal } : {}) };
}

/** One vote of a member's, as the data export lists it. */
export interface PollVoteExport {
  threadId: string;
  /** The poll's thread title. */
  threadTitle: string;
  /** The option voted for. */
  option: string;
  /** When the vote was cast or last changed (ISO 8601). */
  votedAt: string;
}

/**
 * Every poll vote of a member, for the data export (GDPR art. 15 and 20;
 * server/privacy/export.ts).
 *
 * @param db database handle
 * @param userId the member
 * @returns their votes, oldest first: thread, title, option label, time
 */
export async function pollVotesForExport(db: DbOrTx, userId: string): Promise<PollVoteExport[]> {
  const rows = await db
    .select({ threadId: pollVotes.threadId, threadTitle: threads.title, option: pollOptions.label, votedAt: pollVotes.createdAt })
    .from(pollVotes)
    .innerJoin(pollOptions, eq(pollOptions.id, pollVotes.optionId))
    .innerJoin(threads, eq(threads.id, pollVotes.threadId))
    .where(eq(pollVotes.userId, userId))
    .orderBy(asc(pollVotes.createdAt), asc(pollOptions.position));
  return rows.map((r) => ({ ...r, votedAt: r.votedAt.toISOString() }));
}
