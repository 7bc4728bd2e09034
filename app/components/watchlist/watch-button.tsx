/**
 * 'Bevaka' / 'Sluta bevaka' (watchlist): a real `<button>` in a React Router fetcher
 * form that posts `intent` and `ticker` to the page's own action, so it works without
 * JavaScript too; the state flips at once while the request runs and the answer's toast is shown.
 * Visitors get a link to the login page that brings them back.
 *
 * @module
 */
import { Link, useFetcher, useLocation } from "react-router";
import { watchlist as wl } from "../../../domain/i18n/sv";
import { loginPath } from "../../../domain/paths";
import { useActionToast, type ActionAnswer } from "../../lib/use-action-toast";
import { buttonClass } from "../ui/button";

/** Props: the ticker, whether it is watched now, and whether someone is logged in. */
export interface WatchButtonProps {
  ticker: string;
  watching: boolean;
  loggedIn: boolean;
}

/** The toggle (or the visitor's login link). */
export function WatchButton({ ticker, watching, loggedIn }: WatchButtonProps) {
  const fetcher = useFetcher<ActionAnswer & { watching?: boolean }>();
  const location = useLocation();
  useActionToast(fetcher.data);
  if (!loggedIn) {
    return (
      <Link to={loginPath(location.pathname)} className={buttonClass("primary")} title={wl.loginToWatch}>
        {wl.watch}
      </Link>
    );
  }
  const pending = fetcher.formData?.get("intent");
  const shown = pending ? pending === "watch" : watching;
  return (
    <fetcher.Form method="post" className="inline">
      <input type="hidden" name="ticker" value={ticker} />
      <input type="hidden" name="intent" value={shown ? "unwatch" : "watch"} />
      <button
        type="submit"
        aria-pressed={shown}
        disabled={fetcher.state !== "idle"}
        className={buttonClass(shown ? "secondary" : "primary")}
      >
        {shown ? wl.unwatch : wl.watch}
      </button>
    </fetcher.Form>
  );
}
