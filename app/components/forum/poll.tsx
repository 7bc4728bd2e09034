/**
 * 'Omröstning' on the thread page (docs/decisions/054-polls.md): the poll's options and a vote
 * form ('Rösta'), or after voting or once the poll has closed its results — votes, percentage bars
 * and how many members voted — with 'Ändra röst' until it closes; 'Stängd' / 'Stängs {time}'.
 * The member's own side (their options, the live counts they may see, whether they may vote) is
 * the personal part `poll:<threadId>` of the shared member render (app/lib/personal.tsx); the
 * shared part ({@link PollView}) never holds an open poll's counts. A visitor sees an open poll's
 * options and 'Logga in för att rösta', a closed one's results. While a member sees the counts,
 * other members' votes reload them live (event `poll` of the thread's stream, at most once a
 * second). The vote posts `intent=vote` to the page's own action (server/polls/form-action.ts),
 * so it works without JavaScript too.
 *
 * @module
 */
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation, useRevalidator } from "react-router";
import { polls as pl, threadState as ts } from "../../../domain/i18n/sv";
import { loginPath } from "../../../domain/paths";
import { pollPart, pollPercent, VOTE_FIELD } from "../../../domain/polls";
import { seesPollResults } from "../../../domain/policy/polls";
import type { PollOwnState, PollResults, PollView } from "../../../domain/views";
import { formatDateTime } from "../../lib/dates";
import { Personal, usePersonal } from "../../lib/personal";
import { useActionToast, type ActionAnswer } from "../../lib/use-action-toast";
import { useViewer } from "../../lib/viewer";
import { useEventStream } from "../notifications/live";
import { REFRESH_MIN_INTERVAL_MS } from "../notifications/live-thread";
import { Button } from "../ui/button";

/** Props of {@link Poll}. */
export interface PollProps {
  /** The poll as every reader sees it (shared page data). */
  poll: PollView;
  /** The viewer's own side from the loader (the generic member's in a shared render). */
  own: PollOwnState;
  /** Somebody is logged in (else the visitor's view). */
  loggedIn: boolean;
}

/**
 * Reloads the page's data when another member votes while `active` (the viewer sees the live
 * counts), at most once per {@link REFRESH_MIN_INTERVAL_MS}; the viewer's own vote reloads through
 * its action.
 */
function useLivePollCounts(threadId: string, viewerId: string | null, active: boolean): void {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const last = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  useEventStream({ thread: threadId }, {
    poll: (data) => {
      if (!active || (data as { actorId?: string }).actorId === viewerId || pending.current) return;
      const wait = Math.max(0, last.current + REFRESH_MIN_INTERVAL_MS - Date.now());
      pending.current = setTimeout(() => {
        pending.current = undefined;
        last.current = Date.now();
        void revalidate.current();
      }, wait);
    },
  });
}

/** The results: one row per option with its votes, share and bar; the viewer's own marked. */
function PollResultsList({ poll, results, mine }: { poll: PollView; results: PollResults; mine: readonly string[] }) {
  return (
    <div className="space-y-3">
      <ul className="space-y-3">
        {poll.options.map((option) => {
          const count = results.counts[option.id] ?? 0;
          const percent = pollPercent(count, results.voters);
          const chosen = mine.includes(option.id);
          return (
            <li key={option.id} className="space-y-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                  {option.label}
                  {chosen ? <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">{pl.yourChoice}</span> : null}
                </span>
                <span className="tabular-nums text-slate-600">
                  {`${pl.votes(count)} · ${pl.percent(percent)}`}
                </span>
              </div>
              <div aria-hidden className="h-2.5 overflow-hidden rounded-full bg-slate-200">
                <div className={`h-full rounded-full ${chosen ? "bg-brand-600" : "bg-slate-500"}`} style={{ width: `${percent}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-slate-600" data-poll-voters>
        {pl.voters(results.voters)}
      </p>
    </div>
  );
}

/** The options as radio buttons (single choice) or checkboxes ('Flera val'), the member's own ticked. */
function PollChoices({ poll, mine, disabled }: { poll: PollView; mine: readonly string[]; disabled: boolean }) {
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="sr-only">{pl.heading}</legend>
      {poll.options.map((option, i) => (
        <label
          key={option.id}
          className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2 text-slate-900 has-[:checked]:border-brand-600 has-[:disabled]:cursor-not-allowed"
        >
          <input
            type={poll.multipleChoice ? "checkbox" : "radio"}
            name={poll.multipleChoice ? `${VOTE_FIELD}.${i}` : VOTE_FIELD}
            value={option.id}
            defaultChecked={mine.includes(option.id)}
            className="size-5 shrink-0 accent-brand-700"
          />
          <span className="[overflow-wrap:anywhere]">{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** 'Stängd', or 'Stängs {time}' (Stockholm time, as every time of the forum); nothing for a poll that never closes. */
function PollStatus({ poll }: { poll: PollView }) {
  if (poll.closed) return <span className="font-semibold text-slate-800">{pl.closed}</span>;
  if (!poll.closesAt) return null;
  return <time dateTime={poll.closesAt}>{pl.closes(formatDateTime(poll.closesAt))}</time>;
}

/** The poll of a thread. */
export function Poll({ poll, own, loggedIn }: PollProps) {
  const fetcher = useFetcher<ActionAnswer & { poll?: PollOwnState }>();
  useActionToast(fetcher.data);
  const location = useLocation();
  const viewer = useViewer();
  const [changing, setChanging] = useState(false);
  const busy = fetcher.state !== "idle";
  // A vote that went through leaves 'Ändra röst' (the page's new data shows the results).
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setChanging(false);
  }, [fetcher.state, fetcher.data]);
  const part = pollPart(poll.threadId);
  const state = usePersonal(part, own);
  useLivePollCounts(poll.threadId, viewer?.id ?? null, loggedIn && !poll.closed && state.results !== null);
  const headingId = `poll-heading-${poll.threadId}`;
  return (
    <section data-poll aria-labelledby={headingId} className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-3 md:p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-lg font-bold text-slate-900">
          {pl.heading}
        </h2>
        <p className="text-sm text-slate-600">
          {poll.multipleChoice ? <span>{`${pl.multiple} · `}</span> : null}
          <PollStatus poll={poll} />
        </p>
      </div>
      {loggedIn ? (
        <fetcher.Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="vote" />
          <Personal name={part} value={own}>
            {(mine) => {
              const results = poll.results ?? mine.results;
              const open = !poll.closed && mine.canVote;
              if (results && seesPollResults(poll, mine) && !(changing && open)) {
                return (
                  <>
                    <PollResultsList poll={poll} results={results} mine={mine.mine} />
                    {open ? (
                      <Button variant="secondary" className="min-h-11" onClick={() => setChanging(true)}>
                        {pl.changeVote}
                      </Button>
                    ) : null}
                  </>
                );
              }
              return (
                <>
                  <PollChoices poll={poll} mine={mine.mine} disabled={!open || busy} />
                  {mine.canVote ? null : <p className="text-sm text-slate-700">{mine.refusal === "locked" ? ts.locked : pl.blocked}</p>}
                  <div className="flex flex-wrap gap-2">
                    <Button type="submit" className="min-h-11" disabled={!open || busy}>
                      {busy ? pl.voting : pl.vote}
                    </Button>
                    {changing ? (
                      <Button variant="ghost" className="min-h-11" onClick={() => setChanging(false)}>
                        {pl.cancelChange}
                      </Button>
                    ) : null}
                  </div>
                </>
              );
            }}
          </Personal>
        </fetcher.Form>
      ) : poll.results ? (
        <PollResultsList poll={poll} results={poll.results} mine={[]} />
      ) : (
        <>
          <ul className="space-y-2">
            {poll.options.map((option) => (
              <li key={option.id} className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-slate-900 [overflow-wrap:anywhere]">
                {option.label}
              </li>
            ))}
          </ul>
          <p className="text-sm text-slate-600">
            <Link to={loginPath(location.pathname)} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
              {pl.loginLink}
            </Link>{" "}
            · {pl.resultsAfterClose}
          </p>
        </>
      )}
    </section>
  );
}
