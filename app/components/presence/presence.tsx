/**
 * Presence in the browser (SPEC §4 Presence, §7 count_active_users, §9): the online-users
 * indicator (refreshes every 60 s). A member's activity logger is `activity-tracker.tsx`.
 * Failures are only logged; the UI carries on (SPEC §8).
 *
 * @module
 */
import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { presence as pr } from "../../../domain/i18n/sv";

/** Window event the member's activity tracker (`activity-tracker.tsx`) sends when their last activity moved. */
export const ACTIVITY_EVENT = "borssnack:activity";

/** SPEC §9 online stats refresh, in milliseconds. */
export const STATS_REFRESH_MS = 60_000;

/** Online counts as the indicator shows them (`GET /api/presence`, the root loader's `online`). */
interface OnlineStats {
  totalOnline: number;
  lastHourActive: number;
}

/**
 * The header's online-users indicator: '{n} online', refreshed every 60 s. The first paint shows
 * the counts the root loader read (nothing in the header moves when the page hydrates);
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
    // A member's activity was just logged (their first page): they count from now on.
    const counted = () => void load();
    window.addEventListener(ACTIVITY_EVENT, counted);
    return () => {
      alive = false;
      clearInterval(timer);
      window.removeEventListener(ACTIVITY_EVENT, counted);
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
