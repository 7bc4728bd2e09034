/**
 * 'Dölj medlem' / 'Visa medlem igen': a real `<button>` with `aria-pressed` that
 * posts `intent=mute|unmute` and `userId` to `POST /api/mute`, disabled while the call runs,
 * with a toast for the outcome. Rendered only for a logged-in member on someone else's profile
 * (`MemberCan.mute`); the server refuses oneself (400) and visitors (401) again.
 *
 * @module
 */
import { useState } from "react";
import { mutes as mu, profile as p } from "../../../domain/i18n/sv";
import { toast } from "../../lib/toast";
import { Button } from "../ui/button";

/** Props: whose profile, whether the viewer mutes them now, and a callback with the new state. */
export interface MuteButtonProps {
  userId: string;
  nickname: string;
  muted: boolean;
  onChange?: (muted: boolean) => void;
  className?: string;
}

/** The toggle. */
export function MuteButton({ userId, nickname, muted, onChange, className }: MuteButtonProps) {
  const [state, setState] = useState(muted);
  const [busy, setBusy] = useState(false);

  async function toggle() {
    const intent = state ? "unmute" : "mute";
    const failed = intent === "mute" ? mu.muteFailed : mu.unmuteFailed;
    setBusy(true);
    try {
      const res = await fetch("/api/mute", { method: "POST", body: new URLSearchParams({ userId, intent }) });
      const body = (await res.json()) as { ok: boolean; muted?: boolean; error?: string; title?: string };
      if (!body.ok) {
        toast.error(body.title ?? failed, { description: body.error });
        return;
      }
      setState(body.muted!);
      onChange?.(body.muted!);
      if (body.muted) toast.success(mu.muted, { description: mu.mutedDescription(nickname) });
      else toast.success(mu.unmuted, { description: mu.unmutedDescription(nickname) });
    } catch {
      toast.error(failed, { description: p.unexpected });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="secondary" onClick={toggle} disabled={busy} aria-pressed={state} className={className}>
      {state ? mu.unmute : mu.mute}
    </Button>
  );
}
