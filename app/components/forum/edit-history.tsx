/**
 * 'redigerad' next to a post's date and the history dialog it opens: a Radix
 * Dialog, mounted only while open, that loads `/api/revisions/{targetType}/{id}` and lists each
 * kept edit newest first with its editor, time and the word diff old → new — removed words in
 * `<del>` (struck through, red), added words in `<ins>` (underlined, green), each also announced
 * by a visually hidden 'Borttaget:' / 'Tillagt:' so the change is not told by colour alone. The
 * dialog (`edit-history-dialog.tsx`) loads when it first opens.
 *
 * @module
 */
import { postMarks as pm } from "../../../domain/i18n/sv";
import type { TargetType } from "../../../domain/values";
import { formatDateTime, formatRelative } from "../../lib/dates";
import { lazyComponent } from "../../lib/lazy";
import { LazyWidget } from "../ui/lazy-widget";

const HistoryDialog = lazyComponent(() => import("./edit-history-dialog"), (m) => m.HistoryDialog);

/**
 * 'redigerad för 3 timmar sedan' as a button that opens the post's history.
 *
 * @param props.targetType `thread` or `comment`
 * @param props.id the post's id
 * @param props.editedAt ISO time of the last kept edit
 */
export function EditedMark({ targetType, id, editedAt }: { targetType: TargetType; id: string; editedAt: string }) {
  const relative = formatRelative(editedAt);
  return (
    <LazyWidget
      widget={HistoryDialog}
      haspopup="dialog"
      props={{ targetType, id }}
      trigger={{
        "aria-label": pm.editedLabel(relative),
        title: formatDateTime(editedAt),
        className: "rounded text-left text-sm text-slate-500 underline decoration-dotted underline-offset-2 hover:text-slate-800",
        children: (
          <span suppressHydrationWarning>
            {pm.edited} {relative}
          </span>
        ),
      }}
    />
  );
}
