/**
 * A member's avatar: initials in a circle (SPEC §2 Profile: "avatar with initials fallback").
 * Uploaded avatars arrive with the profiles issue.
 *
 * @module
 */

/** Sizes: `sm` 32 px (header, phones), `md` 32 px growing to 36 px from 768 px. */
export type AvatarSize = "sm" | "md";

const sizes: Record<AvatarSize, string> = {
  sm: "size-8 text-sm",
  md: "size-8 text-xs md:size-9 md:text-sm",
};

/**
 * @param nickname the member's nickname; its first two characters are shown
 * @param tone `brand` (the viewer) or `neutral` (others)
 */
export function Avatar({
  nickname,
  size = "md",
  tone = "neutral",
}: {
  nickname: string;
  size?: AvatarSize;
  tone?: "brand" | "neutral";
}) {
  const colours = tone === "brand" ? "bg-brand-100 text-brand-800" : "bg-slate-200 text-slate-700";
  return (
    <span aria-hidden className={`flex shrink-0 items-center justify-center rounded-full font-bold uppercase ${sizes[size]} ${colours}`}>
      {nickname.slice(0, 2)}
    </span>
  );
}
