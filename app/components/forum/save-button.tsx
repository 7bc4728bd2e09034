/**
 * 'Spara' / 'Sparad' (bookmarks) on the thread post and each comment: a real `<button>`
 * with `aria-pressed` in a React Router fetcher form that posts `intent=save|unsave`,
 * `targetType` and `targetId` to the page's own action (works without JavaScript too); the state
 * flips at once and the answer's toast is shown. Members only: the caller renders nothing for
 * visitors.
 *
 * @module
 */
import { useFetcher } from "react-router";
import { bookmarks as bm } from "../../../domain/i18n/sv";
import type { TargetType } from "../../../domain/values";
import { useActionToast, type ActionAnswer } from "../../lib/use-action-toast";
import { SpriteIcon } from "../ui/sprite-icon";

/** Props: which post, and whether the member has it saved now. */
export interface SaveButtonProps {
  targetType: TargetType;
  targetId: string;
  saved: boolean;
}

/** The toggle. */
export function SaveButton({ targetType, targetId, saved }: SaveButtonProps) {
  const fetcher = useFetcher<ActionAnswer & { saved?: boolean }>();
  useActionToast(fetcher.data);
  const pending = fetcher.formData?.get("intent");
  const shown = pending ? pending === "save" : saved;
  return (
    // data-save: where the shared member render sets 'Sparad'.
    <fetcher.Form method="post" className="inline" data-save={`${targetType}:${targetId}`}>
      <input type="hidden" name="intent" value={shown ? "unsave" : "save"} />
      <input type="hidden" name="targetType" value={targetType} />
      <input type="hidden" name="targetId" value={targetId} />
      <button
        type="submit"
        aria-pressed={shown}
        title={targetType === "thread" ? bm.saveThreadLabel : bm.saveCommentLabel}
        className="save-toggle"
      >
        <SpriteIcon name={shown ? "bookmark-check" : "bookmark"} className="size-4" />
        {shown ? bm.saved : bm.save}
      </button>
    </fetcher.Form>
  );
}
