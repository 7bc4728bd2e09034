/**
 * 'Spara' / 'Sparad' (bookmarks) on the thread post and each comment: a real `<button>`
 * with `aria-pressed` in a React Router fetcher form that posts `intent=save|unsave`,
 * `targetType` and `targetId` to the page's own action (works without JavaScript too); the state
 * flips at once and the answer's toast is shown. Members only: the caller renders nothing for
 * visitors.
 *
 * @module
 */
import { Personal } from "../../lib/personal";
import { useFetcher } from "react-router";
import { bookmarks as bm } from "../../../domain/i18n/sv";
import type { TargetType } from "../../../domain/values";
import { useActionToast, type ActionAnswer } from "../../lib/use-action-toast";
import { SpriteIcon } from "../ui/sprite-icon";

/**
 * The name of a post's 'Spara' toggle as a personal part (app/lib/personal.tsx); its state is
 * whether the member saved the post.
 *
 * @param targetType thread or comment
 * @param targetId its id
 * @returns `save:<type>:<id>`
 */
export function savePart(targetType: TargetType, targetId: string): string {
  return `save:${targetType}:${targetId}`;
}

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
  return (
    <fetcher.Form method="post" className="inline">
      <Personal name={savePart(targetType, targetId)} value={saved}>
        {(state) => {
          const shown = pending ? pending === "save" : state;
          return (
            <>
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
            </>
          );
        }}
      </Personal>
    </fetcher.Form>
  );
}
