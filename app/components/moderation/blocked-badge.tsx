/**
 * 'Blockerad' beside the author of a blocked member's post. Loaders set the post's
 * `authorBlocked` for acting staff only (`blockedAmong`, server/moderation/blocks.ts), so members
 * and visitors never see it.
 *
 * @module
 */
import { reporting as rp } from "../../../domain/i18n/sv";

/** The small badge; its tooltip says what blocking means and who sees it. */
export function BlockedBadge() {
  return (
    <span
      title={rp.blockedBadgeTitle}
      data-testid="blocked-badge"
      className="inline-block rounded border border-red-300 bg-red-50 px-1 align-baseline text-xs font-semibold leading-4 text-red-800"
    >
      {rp.blockedBadge}
    </span>
  );
}
