/**
 * A member's activity log (SPEC §7 log_user_activity, §9 throttle of 5 minutes): what the header
 * runs while a member is signed in. Member-only code, loaded through
 * `layout/member-header-controls.tsx`.
 *
 * @module
 */
import { useEffect } from "react";
import { ACTIVITY_EVENT } from "./presence";

/** SPEC §9 activity logging throttle, in milliseconds. */
export const ACTIVITY_THROTTLE_MS = 5 * 60_000;
/** Local-storage key of the last logged activity (milliseconds since the epoch). */
export const ACTIVITY_STORAGE_KEY = "borssnack:last-activity";

function readLast(): number {
  try {
    return Number(window.localStorage.getItem(ACTIVITY_STORAGE_KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}

/**
 * Logs the member's activity now if the last log is at least 5 minutes old (SPEC §7
 * log_user_activity with the local date and hour).
 *
 * @param now the current moment (default `new Date()`)
 * @returns whether a request was sent
 */
export async function logActivityIfDue(now: Date = new Date()): Promise<boolean> {
  if (now.getTime() - readLast() < ACTIVITY_THROTTLE_MS) return false;
  try {
    window.localStorage.setItem(ACTIVITY_STORAGE_KEY, String(now.getTime()));
  } catch {
    // private mode: the server's own throttle still holds
  }
  const pad = (x: number) => String(x).padStart(2, "0");
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  try {
    const res = await fetch("/api/presence", {
      method: "POST",
      body: new URLSearchParams({ date, hour: String(now.getHours()) }),
    });
    // Read to the end: an answer that may not be kept (`no-store`) stays open until it is read.
    const answer = (await res.json().catch(() => null)) as { updated?: boolean } | null;
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    // The member has just come online (first page after signing in): the header counts again.
    if (answer?.updated) window.dispatchEvent(new Event(ACTIVITY_EVENT));
  } catch (error) {
    console.error("[närvaro] aktiviteten kunde inte loggas:", error);
  }
  return true;
}

/** Logs activity on mount, on focus and each minute while the tab is visible (throttled). */
export function ActivityTracker() {
  useEffect(() => {
    const tick = () => {
      if (document.visibilityState === "visible") void logActivityIfDue();
    };
    tick();
    const timer = setInterval(tick, 60_000);
    document.addEventListener("visibilitychange", tick);
    window.addEventListener("focus", tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
      window.removeEventListener("focus", tick);
    };
  }, []);
  return null;
}

