/**
 * Poll writes ('Omröstning', docs/decisions/054-polls.md): the poll a new thread is created with
 * ({@link insertPoll}, inside the thread's own transaction, server/forum/commands.ts `threadWrite`)
 * and a member's vote ({@link pollVoteWrite}, a declared write of server/writes/pipeline.ts). One
 * vote per member and poll: a single-choice vote is one row, a multiple-choice vote one row per
 * chosen option, and voting again replaces the member's rows until the poll closes.
 *
 * @module
 */
import { and, eq } from "drizzle-orm";
import { polls as pl, threadState as ts } from "../../domain/i18n/sv";
import { isUuid } from "../../domain/ids";
import { votePermission } from "../../domain/policy/polls";
import { pollVoteSchema } from "../../domain/validation";
import type { PollOwnState } from "../../domain/views";
import type { Db, Tx } from "../db/client";
import { blockedUsers, pollOptions, polls, pollVotes } from "../db/schema";
import { ForumError } from "../platform/errors";
import { publishEvent } from "../realtime/events";
import { defineWrite, parseWith, runWrite, unwrap, type WriteActor, type WriteScope } from "../writes/pipeline";
import { findPollRules, pollCounts, type PollRules } from "./queries";

/** A new thread's poll as `newThreadSchema` (domain/validation.ts) gives it. */
export interface NewPoll {
  /** 2–10 trimmed, distinct labels, in order. */
  options: string[];
  multipleChoice: boolean;
  /** When it closes, or null: never. */
  closesAt: Date | null;
}

/**
 * Stores a thread's poll and its options (positions 0.. in the given order), in the transaction
 * that creates the thread, so a thread never exists without the poll it was posted with.
 *
 * @param tx the thread write's transaction
 * @param threadId the new thread
 * @param poll the validated poll
 * @throws database errors (the whole thread write rolls back)
 */
export async function insertPoll(tx: Tx, threadId: string, poll: NewPoll): Promise<void> {
  await tx.insert(polls).values({ threadId, multipleChoice: poll.multipleChoice, closesAt: poll.closesAt });
  await tx.insert(pollOptions).values(poll.options.map((label, position) => ({ threadId, position, label })));
}

/** A vote as the write reads it: the poll's thread and the chosen option ids. */
interface VoteInput {
  threadId: string;
  optionIds: string[];
}

/** What a vote returns: the poll's thread and the voter's side of it now. */
export interface VoteResult {
  threadId: string;
  /** The voter's options and the counts after the vote (the thread page's personal part). */
  own: PollOwnState;
}

/**
 * The actor with the blocked state as the database has it now (the session's may be up to 10 s
 * old, and scripts and tests build actors without it), so a member blocked a moment ago cannot
 * vote either (SPEC §6 blocked members).
 */
async function withBlockedState(db: Db | Tx, actor: WriteActor): Promise<WriteActor> {
  if (actor.blocked === true) return actor;
  const rows = await db.select({ userId: blockedUsers.userId }).from(blockedUsers).where(eq(blockedUsers.userId, actor.id)).limit(1);
  return rows.length > 0 ? { ...actor, blocked: true } : actor;
}

/**
 * Refuses a vote the rules do not allow (domain/policy/polls.ts).
 *
 * @throws {ForumError} 403 'Ditt konto är blockerat…', 'Tråden är låst' or 'Omröstningen är stängd…'; 400 for an
 *   option of another poll or several options in a single-choice poll
 */
function checkVote(actor: WriteActor, poll: PollRules, optionIds: readonly string[]): void {
  const refusal = votePermission(actor, poll, Date.now());
  if (refusal === "blocked") throw new ForumError(403, pl.blocked, pl.voteFailed);
  if (refusal === "locked") throw new ForumError(403, ts.locked, pl.voteFailed);
  if (refusal === "closed") throw new ForumError(403, pl.closedRefusal, pl.voteFailed);
  if (optionIds.some((id) => !poll.optionIds.includes(id))) throw new ForumError(400, pl.invalidOption, pl.voteFailed);
  if (!poll.multipleChoice && optionIds.length > 1) throw new ForumError(400, pl.singleChoice, pl.voteFailed);
}

/**
 * A vote, or a changed vote, as a declared write: `{ threadId, optionIds }` → {@link VoteResult}.
 * Steps: login (401 'Du måste vara inloggad för att rösta.') → the session's blocked state (403
 * 'Ditt konto är blockerat…') → thread id shape (404 'Omröstningen finns inte.') and
 * `pollVoteSchema` (400 'Välj ett alternativ.' / 'Alternativet finns inte…') → the poll exists
 * (404), the database's blocked state (403), its thread not locked (403 'Tråden är låst'; acting
 * staff exempt), open (403 'Omröstningen är stängd…'), options of this
 * poll (400) and one option in a single-choice poll (400) → limit `vote` (429) → transaction: the
 * poll row locked `FOR NO KEY UPDATE` (votes on one poll queue there, so each sees the one before;
 * a thread delete waits for it), the rules checked again under the lock, the member's earlier rows
 * replaced, the counts read → after commit, the live `poll` event (no counts in it). Declares
 * `pages` (the default): the shared render holds no counts of an open poll, but the voter's next
 * pages then skip the shared caches for 5 s.
 */
export const pollVoteWrite = defineWrite({
  name: "poll-vote",
  login: { message: pl.loginToVote, title: pl.voteFailed },
  access: (actor) => {
    if (actor.blocked === true) throw new ForumError(403, pl.blocked, pl.voteFailed);
  },
  parse: (raw: { threadId: string; optionIds: unknown }): VoteInput => {
    if (!isUuid(raw.threadId)) throw new ForumError(404, pl.notFound, pl.voteFailed);
    const { optionIds } = parseWith(pollVoteSchema, { optionIds: raw.optionIds }, { title: pl.voteFailed });
    return { threadId: raw.threadId, optionIds };
  },
  policy: async ({ db, actor }: WriteScope, { threadId, optionIds }: VoteInput) => {
    const poll = await findPollRules(db, threadId);
    if (!poll) throw new ForumError(404, pl.notFound, pl.voteFailed);
    checkVote(await withBlockedState(db, actor), poll, optionIds);
  },
  limits: "vote",
  transaction: async (tx, { actor }, { threadId, optionIds }): Promise<VoteResult> => {
    const poll = await findPollRules(tx, threadId, { lock: true });
    if (!poll) throw new ForumError(404, pl.notFound, pl.voteFailed);
    checkVote(actor, poll, optionIds);
    await tx.delete(pollVotes).where(and(eq(pollVotes.threadId, threadId), eq(pollVotes.userId, actor.id)));
    await tx.insert(pollVotes).values(optionIds.map((optionId) => ({ optionId, threadId, userId: actor.id })));
    const mine = poll.optionIds.filter((id) => optionIds.includes(id));
    return { threadId, own: { mine, results: await pollCounts(tx, threadId, poll.optionIds), canVote: true } };
  },
  // Pages showing the poll's counts to their reader reload them (app/components/forum/poll.tsx).
  events: async ({ db, actor }, { threadId }) => {
    await publishEvent(db, { kind: "poll", threadId, actorId: actor.id });
  },
});

/**
 * Votes, or changes the vote, in a thread's poll ({@link pollVoteWrite} without abuse limits,
 * throwing on failure: scripts, seeding and tests).
 *
 * @param actor the voting member
 * @param threadId the poll's thread
 * @param optionIds the chosen options (one for a single-choice poll)
 * @returns {@link VoteResult}
 * @throws {ForumError} 401, 403 blocked or closed, 404 no poll, 400 bad options
 */
export async function vote(db: Db, actor: WriteActor | null, threadId: string, optionIds: unknown): Promise<VoteResult> {
  return unwrap(await runWrite(pollVoteWrite, { db, actor }, { threadId, optionIds })).value;
}
