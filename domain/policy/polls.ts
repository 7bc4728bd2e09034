/**
 * Who may vote in a poll ('Omröstning') and who sees its results (docs/decisions/054-polls.md):
 * pure functions the vote write (server/polls/commands.ts) enforces and the thread page reads.
 *
 * - Voting: a logged-in member who is not blocked ("a blocked member cannot vote"), while the poll
 *   is open (until `closes_at`) and its thread is not locked ('Lås' stops votes as it stops
 *   comments and reactions; acting staff are exempt); the author votes in their own poll like
 *   anyone. A vote can be changed until the poll closes.
 * - Results: to a member after they voted, and to everyone once the poll has closed; a visitor
 *   sees an open poll's options and 'Logga in för att rösta', never its counts.
 *
 * @module
 */
import { actsAsStaff, type Actor } from "./actor";

/** Why a vote is refused: a visitor (401), a blocked member (403), a locked thread (403), a closed poll (403). */
export type VoteRefusal = "login" | "blocked" | "locked" | "closed";

/** What the rules need of a poll: when it closes, and whether its thread is locked. */
export interface PollTiming {
  /** When it closes (ISO text or a date), or null: never. */
  closesAt: string | Date | null;
  /** The thread is locked ('Lås'); absent: open. */
  locked?: boolean;
}

/**
 * Whether a poll has closed: its closing time is at or before `now`.
 *
 * @param poll the poll's closing time
 * @param now the current time (ms since the epoch)
 * @returns true once `closes_at` has passed; false for a poll without one
 */
export function isPollClosed(poll: PollTiming, now: number): boolean {
  return poll.closesAt !== null && new Date(poll.closesAt).getTime() <= now;
}

/**
 * May `actor` vote (or change their vote) in `poll` now?
 *
 * @param actor the member, or null for a visitor
 * @param poll the poll's closing time and its thread's lock
 * @param now the current time (ms since the epoch)
 * @returns `ok`, or the first reason it is refused, in the order login → blocked → locked → closed
 */
export function votePermission(actor: Actor, poll: PollTiming, now: number): "ok" | VoteRefusal {
  if (actor === null) return "login";
  if (actor.blocked === true) return "blocked";
  if (poll.locked === true && !actsAsStaff(actor)) return "locked";
  if (isPollClosed(poll, now)) return "closed";
  return "ok";
}

/**
 * Whether a viewer sees a poll's counts: after voting, or once it has closed.
 *
 * @param poll whether it was closed when read
 * @param own the options the viewer voted for (none for a visitor)
 * @returns true when the results are shown instead of the form
 */
export function seesPollResults(poll: { closed: boolean }, own: { mine: readonly string[] }): boolean {
  return poll.closed || own.mine.length > 0;
}
