/**
 * The route action behind the vote form of a thread's poll ('Rösta', 'Ändra röst'): the thread
 * page posts `intent=vote` with its chosen options (`optionId`, or `optionId.<n>` per ticked box;
 * domain/polls.ts `voteFromForm`) to its own action, which calls {@link pollVoteFormAction}.
 * Works with and without JavaScript.
 *
 * @module
 */
import { polls as pl } from "../../domain/i18n/sv";
import { voteFromForm } from "../../domain/polls";
import type { Viewer } from "../accounts/session";
import type { Services } from "../platform/services";
import { runWrite, writeContext, writeFailure } from "../writes/pipeline";
import { pollVoteWrite } from "./commands";

/**
 * Runs the vote write from an already read form.
 *
 * @param services the request's services
 * @param viewer the logged-in member, or null (answered 401 'Du måste vara inloggad för att rösta.')
 * @param request the form post (for the client address of the abuse limits)
 * @param threadId the thread whose poll is voted in (the page's route parameter)
 * @param form the form fields
 * @returns `{ ok: true, intent: "vote", poll: PollOwnState, toast }` (the voter's options and the
 *   counts after the vote), or a 4xx `data()` answer `{ ok: false, intent, error, title,
 *   fieldErrors? }`: 401, 403 blocked or closed, 404 no poll, 400 bad options, 429 limit
 */
export async function pollVoteFormAction(services: Services, viewer: Viewer | null, request: Request, threadId: string, form: Record<string, string | undefined>) {
  const result = await runWrite(pollVoteWrite, writeContext(services, viewer, request), { threadId, optionIds: voteFromForm(form) });
  if (!result.ok) return writeFailure(result, { intent: "vote" as const });
  return { ok: true as const, intent: "vote" as const, poll: result.value.own, toast: { title: pl.voted, description: pl.votedDescription } };
}
