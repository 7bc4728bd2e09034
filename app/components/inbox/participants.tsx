/**
 * The participants of a private conversation as the inbox and the conversation page show them:
 * up to three avatars stacked, and their nicknames in one line.
 *
 * @module
 */
import type { ParticipantView } from "../../../domain/messages";
import { inbox as ib } from "../../../domain/i18n/sv";
import { EdgeAvatar } from "../ui/edge-level";

/**
 * The nicknames of a conversation's other participants, in one line.
 *
 * @param others the participants but the viewer (empty: every other account is deleted)
 * @returns e.g. `anna`, `anna, kalle, lisa` ('Okänd' when nobody is left)
 */
export function participantNames(others: readonly ParticipantView[]): string {
  return others.length === 0 ? ib.unknownAuthor : others.map((p) => p.nickname).join(", ");
}

/** Up to three avatars, stacked (decorative: the names are beside them). */
export function ParticipantAvatars({ participants }: { participants: readonly ParticipantView[] }) {
  const shown = participants.slice(0, 3);
  return (
    <span aria-hidden className="flex shrink-0 -space-x-3">
      {shown.length === 0 ? (
        <EdgeAvatar nickname={ib.unknownAuthor} avatarUrl={null} edgeLevel={0} size="sm" />
      ) : (
        shown.map((p) => <EdgeAvatar key={p.id} nickname={p.nickname} avatarUrl={p.avatarUrl} edgeLevel={p.edgeLevel} size="sm" />)
      )}
    </span>
  );
}
