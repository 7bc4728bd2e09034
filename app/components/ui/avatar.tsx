/**
 * A member's avatar: initials in a circle (SPEC §2 Profile: "avatar with initials fallback").
 * Uploaded avatars are drawn by `edge-level.tsx`.
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
  const colours = tone === "brand" ? "avatar-brand" : "avatar-neutral";
  return (
    <span aria-hidden className={`avatar ${sizes[size]} ${colours}`}>
      {nickname.slice(0, 2)}
    </span>
  );
}
