/**
 * Presence in the browser (SPEC §4 Presence, §7 Activity and count_active_users, §9): the
 * activity logger of a logged-in member (at most once per 5 minutes, timestamp in local
 * storage) and the online-users indicator (refreshes every 60 s). Failures are only logged; the
 * UI carries on (SPEC §8).
 *
 * @module
 */
import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { presence as pr } from "../../../domain/i18n/sv";

/** SPEC §9 activity logging throttle, in milliseconds. */
export const ACTIVITY_THROTTLE_MS = 5 * 60_000;
/** SPEC §9 online stats refresh, in milliseconds. */
export const STATS_REFRESH_MS = 60_000;
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
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
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

/** Online counts as the indicator shows them (`GET /api/presence`, the root loader's `online`). */
interface OnlineStats {
  totalOnline: number;
  lastHourActive: number;
}

/**
 * The header's online-users indicator: '{n} online', refreshed every 60 s. The first paint shows
 * the counts the root loader read (issue 21: nothing in the header moves when the page hydrates);
 * without them (the server could not read them) it appears once the browser's request answers.
 */
export function OnlineIndicator({ className = "" }: { className?: string }) {
  const initial = (useRouteLoaderData("root") as { online?: OnlineStats | null } | undefined)?.online ?? null;
  const [stats, setStats] = useState<OnlineStats | null>(initial);
  useEffect(() => {
    let alive = true;
    const load = async () => {
      try {
        const res = await fetch("/api/presence", { headers: { Accept: "application/json" } });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body = (await res.json()) as OnlineStats;
        if (alive) setStats(body);
      } catch (error) {
        console.error("[närvaro] statistiken kunde inte hämtas:", error);
      }
    };
    if (!initial) void load();
    const timer = setInterval(load, STATS_REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
    // Once: later counts come from the refresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!stats) return null;
  const label = pr.onlineLabel(stats.totalOnline, stats.lastHourActive);
  return (
    <span
      data-testid="online-users"
      role="status"
      title={label}
      aria-label={label}
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800 ${className}`}
    >
      <span aria-hidden className="size-2 rounded-full bg-emerald-500" />
      {/* Phones narrower than 420 px show the number only, so the header's buttons keep one line;
          the status's name says it in full. */}
      <span aria-hidden className="min-[420px]:hidden">{stats.totalOnline}</span>
      <span className="max-[419px]:hidden">{pr.online(stats.totalOnline)}</span>
    </span>
  );
}
