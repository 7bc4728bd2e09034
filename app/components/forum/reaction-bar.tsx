/**
 * Reaction buttons bull/bear/like/fire with counts (SPEC §4 Reaction, §5 Reactions, §9 labels).
 * One toggle at a time; disabled on one's own content, the spec's hint 'Du kan inte reagera på
 * ditt eget innehåll' then the chips' tooltip and accessible description (not a sentence under
 * every own post); visitors are asked to log in. The server enforces the same rules.
 *
 * @module
 */
import { Link, useFetcher, useLocation } from "react-router";
import { toast } from "../../lib/toast";
import type { ReactionSummary } from "../../../domain/views";
import { REACTION_TYPES, type ReactionType, type TargetType } from "../../../domain/values";
import { nav, reactions as r, threadState as ts } from "../../../domain/i18n/sv";
import { loginPath } from "../../../domain/paths";
import { useActionToast, type ActionAnswer } from "../../lib/use-action-toast";
import { Personal } from "../../lib/personal";

/** A post's reaction chips as a personal part (app/lib/personal.tsx): the member's own reactions, and whether they may react. */
export interface ReactionsState {
  /** Own reactions, in `REACTION_TYPES` order. */
  mine: ReactionType[];
  /** False on the member's own post (SPEC §5). */
  canReact: boolean;
}

/**
 * The name of a post's reaction chips as a personal part.
 *
 * @param targetType thread or comment
 * @param targetId its id
 * @returns `reactions:<type>:<id>`
 */
export function reactionsPart(targetType: TargetType, targetId: string): string {
  return `reactions:${targetType}:${targetId}`;
}

/** Props: the target, its reaction state, and who is looking. */
export interface ReactionBarProps {
  targetType: TargetType;
  targetId: string;
  summary: ReactionSummary;
  /** `can.react` of the target (server-computed, `domain/policy/forum.ts`): false for its author and for visitors. */
  canReact: boolean;
  /** True when somebody is logged in. */
  loggedIn: boolean;
  /** The thread is locked for the viewer ('Lås'; staff are not): the chips are off, their hint 'Tråden är låst'. */
  locked?: boolean;
}

/** The bar of four reaction toggles. */
export function ReactionBar({ targetType, targetId, summary, canReact, loggedIn, locked = false }: ReactionBarProps) {
  const fetcher = useFetcher<ActionAnswer>();
  const location = useLocation();
  useActionToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const pendingType = busy ? (fetcher.formData?.get("reactionType") as ReactionType | null) : null;

  const promptLogin = () =>
    toast.info(r.notLoggedIn, {
      description: r.loginToReact,
      action: { label: nav.login, onClick: () => window.location.assign(loginPath(location.pathname)) },
    });

  return (
    <div className="flex flex-wrap items-center gap-2">
      <fetcher.Form method="post" className="flex flex-wrap gap-1.5 sm:gap-2" aria-label={r.barLabel}>
        <input type="hidden" name="intent" value="react" />
        <input type="hidden" name="targetType" value={targetType} />
        <input type="hidden" name="targetId" value={targetId} />
        <Personal name={reactionsPart(targetType, targetId)} value={{ mine: summary.mine, canReact }}>
          {(state) => {
            // A logged-in viewer who may not react is the author (SPEC §5: never on one's own
            // content), or anyone but staff in a locked thread; a visitor in a locked thread too.
            const own = loggedIn && !state.canReact;
            const off = own || locked;
            const hint = locked ? ts.locked : r.ownContent;
            return (
              <>
                {REACTION_TYPES.map((type) => {
                  const mineNow = state.mine.includes(type);
                  // Optimistic: the pending toggle shows its outcome at once.
                  const active = pendingType === type ? !mineNow : mineNow;
                  const count = summary.counts[type] + (pendingType === type ? (mineNow ? -1 : 1) : 0);
                  return (
                    <button
                      key={type}
                      type={loggedIn ? "submit" : "button"}
                      name="reactionType"
                      value={type}
                      disabled={off || busy}
                      onClick={loggedIn ? undefined : promptLogin}
                      aria-pressed={active}
                      // On one's own post the hint is the tooltip (and, from `title`, the
                      // accessible description) of each disabled chip, said once where it applies.
                      title={off ? hint : r.labels[type]}
                      // Styles in app/app.css (.reaction-chip; pressed via aria-pressed): one short class
                      // instead of 230 characters on each of the four chips of every post.
                      className={off ? "reaction-chip opacity-60" : "reaction-chip"}
                    >
                      {/* The name comes from the text: 'Bullish 0' (axe label-content-name-mismatch). */}
                      <span aria-hidden>{r.emoji[type]}</span>{" "}
                      <span className="chip-label">{r.labels[type]}</span>{" "}
                      <span className="chip-count">{Math.max(0, count)}</span>
                    </button>
                  );
                })}
              </>
            );
          }}
        </Personal>
      </fetcher.Form>
      {!loggedIn ? (
        <noscript>
          <Link to={loginPath(location.pathname)} className="text-xs text-brand-700 underline">
            {r.loginToReact}
          </Link>
        </noscript>
      ) : null}
    </div>
  );
}
