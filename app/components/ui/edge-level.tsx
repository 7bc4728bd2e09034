/**
 * EdgeLevel display (SPEC §1, §3 EdgeLevel, §9): a coloured ring around avatars (the profile's
 * progress bar is `edge-level-bar.tsx`). The value is 0–1, shown ×100 without decimals; the colour band changes
 * at 20, 40, 60 and 80 %. How the score is computed: docs/edge-level.md.
 *
 * @module
 */
import { edgeLevel as el } from "../../../domain/i18n/sv";
import { Avatar, type AvatarSize } from "./avatar";

/** Colour band of a value: 0 (below 20 %) to 4 (80 % and above). */
export type EdgeLevelBand = 0 | 1 | 2 | 3 | 4;


/** Ring colour per band (full class names, so Tailwind finds them). */
const ringColours: Record<EdgeLevelBand, string> = {
  0: "ring-slate-300",
  1: "ring-sky-400",
  2: "ring-brand-500",
  3: "ring-amber-400",
  4: "ring-violet-500",
};

/**
 * Sizes of {@link EdgeAvatar}: `sm` and `md` as {@link Avatar} (32 px; `md` 36 px from 768 px),
 * `lg` 64 px (profile drawer), `xl` 80 px growing to 96 px from 768 px (profile page).
 */
export type EdgeAvatarSize = AvatarSize | "lg" | "xl";

/** Picture sizes, matching {@link Avatar}'s for `sm` and `md`. */
const pictureSizes: Record<EdgeAvatarSize, string> = {
  sm: "size-8",
  md: "size-8 md:size-9",
  lg: "size-16",
  xl: "size-20 md:size-24",
};

/** Initials for the large sizes, which {@link Avatar} does not have. */
const largeInitials: Record<"lg" | "xl", string> = {
  lg: "size-16 text-xl",
  xl: "size-20 text-2xl md:size-24 md:text-3xl",
};

/**
 * The value as shown: clamped to 0–1, ×100, rounded to a whole percent (SPEC §9).
 *
 * @param value the stored EdgeLevel; anything not a finite number counts as 0
 * @returns 0 to 100
 */
export function edgeLevelPercent(value: number | null | undefined): number {
  const v = typeof value === "number" && Number.isFinite(value) ? value : 0;
  return Math.round(Math.min(1, Math.max(0, v)) * 100);
}

/**
 * The colour band of a value, from the percentage as shown (so "20 %" is never drawn in the
 * colour of the band below): below 20 → 0, 20–39 → 1, 40–59 → 2, 60–79 → 3, 80 and above → 4.
 *
 * @param value the stored EdgeLevel (0–1)
 * @returns the band, 0 to 4
 */
export function edgeLevelBand(value: number | null | undefined): EdgeLevelBand {
  const percent = edgeLevelPercent(value);
  if (percent >= 80) return 4;
  if (percent >= 60) return 3;
  if (percent >= 40) return 2;
  if (percent >= 20) return 1;
  return 0;
}

/**
 * Tailwind classes drawing an avatar ring in the value's band colour: ring width, a white offset
 * and the colour, e.g. `ring-2 ring-offset-1 ring-offset-white ring-sky-400`.
 *
 * @param value the stored EdgeLevel (0–1)
 * @param weight `thin` (2 px, small avatars; default) or `thick` (4 px, profile-sized avatars)
 * @returns classes for the element around the avatar (which should be `rounded-full`)
 */
export function edgeRingClass(value: number | null | undefined, weight: "thin" | "thick" = "thin"): string {
  const width = weight === "thick" ? "ring-4 ring-offset-2" : "ring-2 ring-offset-1";
  return `${width} ring-offset-white ${ringColours[edgeLevelBand(value)]}`;
}


/**
 * A member's avatar with the EdgeLevel ring: the uploaded picture when there is one (alt text is
 * the nickname), otherwise the initials {@link Avatar}. The tooltip gives the percentage.
 *
 * @param nickname the member's nickname
 * @param avatarUrl the uploaded picture, if any
 * @param edgeLevel the stored EdgeLevel (0–1)
 * @param size see {@link EdgeAvatarSize} (default `md`)
 * @param tone initials colours, as {@link Avatar}
 */
export function EdgeAvatar({
  nickname,
  avatarUrl,
  edgeLevel,
  size = "md",
  tone = "neutral",
}: {
  nickname: string;
  avatarUrl?: string | null | undefined;
  edgeLevel: number | null | undefined;
  size?: EdgeAvatarSize;
  tone?: "brand" | "neutral";
}) {
  const large = size === "lg" || size === "xl";
  const initialsColours = tone === "brand" ? "avatar-brand" : "avatar-neutral";
  return (
    <span
      className={`inline-flex h-fit shrink-0 self-start rounded-full ${edgeRingClass(edgeLevel, large ? "thick" : "thin")}`}
      title={el.ringTitle(nickname, edgeLevelPercent(edgeLevel))}
      data-edge-band={edgeLevelBand(edgeLevel)}
    >
      {avatarUrl ? (
        <img
          src={avatarUrl}
          alt={nickname}
          loading="lazy"
          decoding="async"
          className={`shrink-0 rounded-full bg-slate-200 object-cover ${pictureSizes[size]}`}
        />
      ) : large ? (
        <span
          aria-hidden
          className={`avatar ${largeInitials[size]} ${initialsColours}`}
        >
          {nickname.slice(0, 2)}
        </span>
      ) : (
        <Avatar nickname={nickname} size={size} tone={tone} />
      )}
    </span>
  );
}
