/**
 * 'Bevaka tråd' / 'Sluta bevaka' (thread subscriptions): a real `<button>` with
 * `aria-pressed` and a bell icon in a React Router fetcher form that posts `intent=subscribe|
 * unsubscribe` to the thread page's own action, so it works without JavaScript too (a plain
 * form post re-renders the page); with JavaScript the state flips at once and the answer's
 * toast is shown. Visitors get a link to the login page that brings them back.
 *
 * @module
 */
import { Bell } from "lucide-react";
import { Link, useFetcher, useLocation } from "react-router";
import { threadWatch as tw } from "../../../domain/i18n/sv";
import { loginPath } from "../../../domain/paths";
import { useActionToast, type ActionAnswer } from "../../lib/use-action-toast";
import { buttonClass } from "../ui/button";
import { SpriteIcon } from "../ui/sprite-icon";
import { Personal } from "../../lib/personal";

/** The thread page's 'Bevaka tråd' toggle as a personal part (app/lib/personal.tsx); its state is whether the member subscribes. */
export const SUBSCRIBE_PART = "subscribe";

/** Props: whether the member watches the thread now, and whether someone is logged in. */
export interface SubscribeButtonProps {
  subscribed: boolean;
  loggedIn: boolean;
}

/** The toggle (or the visitor's login link). */
export function SubscribeButton({ subscribed, loggedIn }: SubscribeButtonProps) {
  const fetcher = useFetcher<ActionAnswer & { subscribed?: boolean }>();
  const location = useLocation();
  useActionToast(fetcher.data);
  if (!loggedIn) {
    return (
      <Link to={loginPath(location.pathname)} className={buttonClass("secondary")} title={tw.loginToSubscribe}>
        <Bell aria-hidden className="size-4" />
        {tw.subscribe}
      </Link>
    );
  }
  const pending = fetcher.formData?.get("intent");
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="inline">
      <Personal name={SUBSCRIBE_PART} value={subscribed}>
        {(state) => {
          const shown = pending ? pending === "subscribe" : state;
          return (
            <>
              <input type="hidden" name="intent" value={shown ? "unsubscribe" : "subscribe"} />
              <button type="submit" aria-pressed={shown} disabled={busy} className={buttonClass("secondary")}>
                <SpriteIcon name={shown ? "bell-off" : "bell"} className="size-4" />
                {shown ? tw.unsubscribe : tw.subscribe}
              </button>
            </>
          );
        }}
      </Personal>
    </fetcher.Form>
  );
}
