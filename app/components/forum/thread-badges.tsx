/**
 * Trend badges (SPEC §2 Thread row): 'Hettar till' when hot_score > 1, 'Snabb' when
 * reactions_last_1h ≥ 3, 'Top 10%' when pct_rank ≥ 0.9 (SPEC §9). A missing figure shows no badge.
 *
 * @module
 */
import { Flame, TrendingUp, Zap } from "lucide-react";
import { forum as f } from "../../../domain/i18n/sv";
import { BADGE_THRESHOLDS } from "../../../domain/values";

/** The derived figures of a thread; null when not computed. */
export interface TrendFigures {
  hotScore?: number | null;
  reactionsLast1h?: number | null;
  pctRank?: number | null;
}


/**
 * Which badges a thread earns.
 *
 * @returns the earned badge names, in display order
 */
export function earnedBadges(t: TrendFigures): Array<"hot" | "fast" | "top"> {
  const out: Array<"hot" | "fast" | "top"> = [];
  if (t.hotScore != null && t.hotScore > BADGE_THRESHOLDS.hotAbove) out.push("hot");
  if (t.reactionsLast1h != null && t.reactionsLast1h >= BADGE_THRESHOLDS.fastFrom) out.push("fast");
  if (t.pctRank != null && t.pctRank >= BADGE_THRESHOLDS.topFrom) out.push("top");
  return out;
}

const look = {
  hot: { label: f.badgeHot, title: f.badgeHotTitle, Icon: Flame, cls: "bg-orange-100 text-orange-800" },
  fast: { label: f.badgeFast, title: f.badgeFastTitle, Icon: Zap, cls: "bg-amber-100 text-amber-800" },
  top: { label: f.badgeTop, title: f.badgeTopTitle, Icon: TrendingUp, cls: "bg-brand-100 text-brand-800" },
} as const;

/** The badges as small pills (plain elements). */
export function ThreadBadges(props: TrendFigures) {
  const badges = earnedBadges(props);
  if (badges.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {badges.map((b) => {
        const { label, title, Icon, cls } = look[b];
        return (
          <span key={b} title={title} className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${cls}`}>
            <Icon className="size-3" aria-hidden />
            {label}
          </span>
        );
      })}
    </span>
  );
}
