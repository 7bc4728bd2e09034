/**
 * 'Utkast återställt' above a composer whose unsent text came back from this browser, with
 * 'Släng utkast' to throw it away (the draft itself: app/lib/drafts.ts).
 *
 * @module
 */
import { quoteDrafts as qd } from "../../../domain/i18n/sv";
import type { DraftState } from "../../lib/drafts";

/**
 * The notice, a `role="status"` line; renders nothing unless a draft was restored.
 *
 * @param props.draft what `useDraft` returned for the composer
 */
export function DraftNotice({ draft }: { draft: DraftState }) {
  if (!draft.restored) return null;
  return (
    <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-amber-50 px-3 py-1.5 text-sm text-amber-900">
      <span>{qd.draftRestored}</span>
      <button
        type="button"
        onClick={draft.discard}
        className="rounded-md px-2 py-0.5 font-semibold text-amber-900 underline underline-offset-2 hover:bg-amber-100"
      >
        {qd.discardDraft}
      </button>
    </div>
  );
}
