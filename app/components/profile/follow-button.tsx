/**
 * 'Följ' / 'Sluta följa' (SPEC §4 Follow): disabled while the call runs, the §8 toasts, and the
 * new follower count handed to the parent. Not rendered on one's own profile.
 *
 * @module
 */
import { useState } from "react";
import { useLocation } from "react-router";
import { toast } from "../../lib/toast";
import { nav, profile as p } from "../../../domain/i18n/sv";
import { loginPath } from "../../../domain/paths";
import { Button } from "../ui/button";
import { Personal, usePersonal } from "../../lib/personal";

/** The profile's 'Följ' toggle as a personal part (app/lib/personal.tsx); its state is whether the member follows. */
export const FOLLOW_PART = "follow";

/** Props: whose profile, the current state, who is looking, and a callback with the new count. */
export interface FollowButtonProps {
  userId: string;
  nickname: string;
  following: boolean;
  loggedIn: boolean;
  /** Called with the followed member's new follower count and state. */
  onChange?: (state: { following: boolean; followersCount: number }) => void;
  className?: string;
}

/** The toggle. */
export function FollowButton({ userId, nickname, following, loggedIn, onChange, className }: FollowButtonProps) {
  const [state, setState] = useState(usePersonal(FOLLOW_PART, following));
  const [busy, setBusy] = useState(false);
  const location = useLocation();

  async function toggle() {
    if (!loggedIn) {
      toast.info(p.loginToFollow, {
        action: { label: nav.login, onClick: () => window.location.assign(loginPath(location.pathname)) },
      });
      return;
    }
    const intent = state ? "unfollow" : "follow";
    setBusy(true);
    try {
      const res = await fetch("/api/follow", { method: "POST", body: new URLSearchParams({ userId, intent }) });
      const body = (await res.json()) as { ok: boolean; following?: boolean; followersCount?: number; error?: string; title?: string };
      if (!body.ok) {
        toast.error(body.title ?? (intent === "follow" ? p.followFailed : p.unfollowFailed), { description: body.error });
        // 'Redan följer': the server says we follow already.
        if (res.status === 409) setState(true);
        return;
      }
      setState(body.following!);
      onChange?.({ following: body.following!, followersCount: body.followersCount! });
      if (body.following) toast.success(p.followed, { description: p.followedDescription(nickname) });
      else toast.success(p.unfollowed, { description: p.unfollowedDescription(nickname) });
    } catch {
      toast.error(intent === "follow" ? p.followFailed : p.unfollowFailed, { description: p.unexpected });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Personal name={FOLLOW_PART} value={state} settled>
      {(on) => (
        <Button variant={on ? "secondary" : "primary"} onClick={toggle} disabled={busy} aria-pressed={on} className={className}>
          {on ? p.unfollow : p.follow}
        </Button>
      )}
    </Personal>
  );
}
