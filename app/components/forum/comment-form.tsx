/**
 * Comment and reply form (SPEC §5 Comment: non-empty trimmed text; button disabled while empty
 * or sending, 'Skickar...'). Keeps the typed text when the server refuses it. Markdown with a
 * 'Skriv' / 'Förhandsgranska' toggle ({@link MarkdownPreview}). Sends the thread page's
 * idempotency key (loader `submitKey`, new after each accepted comment) so a double submit
 * creates one comment. Images can be pasted, dropped or picked
 * (`ImageUpload`). The text is kept as a local draft per thread and reply target
 * (app/lib/drafts.ts, 'Utkast återställt'), and 'Citera' adds quotes to it
 * (./quote-selection.tsx). With `edit` it is the in-place editor of an existing
 * comment or reply: prefilled, `intent=edit-comment`, 'Spara' / 'Avbryt', and for staff
 * editing someone else's comment the reason field 'Anledning (syns i moderationsloggen)'; an edit
 * keeps no draft and takes no quotes. Per ticker the text names, 'Din syn' and
 * 'Innehav' ({@link StancePicker}); an edit shows and sends the comment's current ones.
 *
 * @module
 */
import { Suspense, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useFetcher, useLoaderData, useParams } from "react-router";
import { editing as ed, forum as f } from "../../../domain/i18n/sv";
import { isBlankText } from "../../../domain/blank-text";
import { LIMITS } from "../../../domain/values";
import { appendQuote } from "../../../domain/quote";
import { draftKeys, useDraft } from "../../lib/drafts";
import { settledAnswer, showActionToast, type ActionAnswer } from "../../lib/use-action-toast";
import { Button } from "../ui/button";
import { MarkdownPreview } from "./markdown-preview";
import { MentionTextarea } from "./mention-textarea";
import { ImageUpload } from "./image-upload";
import { DraftNotice } from "./draft-notice";
import { TOP_TARGET, useQuoteReceiver } from "./quote-selection";
import { cashtagCandidates, type PostStance } from "../../../domain/stances";
import { lazyComponent } from "../../lib/lazy";

/** Rows appear only for a text naming a ticker, so the picker loads with the first cashtag. */
const StancePicker = lazyComponent(() => import("./stance-picker"), (m) => m.StancePicker);

/** Props: reply target (absent for a top-level comment), prefill, and what happens after success. */
export interface CommentFormProps {
  parentId?: string;
  /** Initial text, e.g. '@author ' for a reply (SPEC §2 Thread page). */
  initialText?: string;
  /** A quote the form opens with instead of `initialText` ('Citera' on a comment). */
  quote?: string;
  /** Called after the server accepted the comment (closes a reply form); gets the answer. */
  onDone?: (answer: { commentId?: string }) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
  /**
   * Edit mode: the comment edited and whether the viewer edits it as staff (shows the
   * reason field). `initialText` is then the comment's current Markdown.
   */
  edit?: { commentId: string; asStaff: boolean };
  /** The edited comment's stated 'Din syn' / 'Innehav', shown and sent again. */
  initialStances?: readonly PostStance[];
}

/** The form; posts `intent=comment` to the thread route's action. */
export function CommentForm({ parentId, initialText = "", quote, onDone, onCancel, autoFocus, edit, initialStances }: CommentFormProps) {
  const fetcher = useFetcher<ActionAnswer & { intent?: string }>();
  const { submitKey } = useLoaderData<{ submitKey?: string }>() ?? {};
  const { threadId } = useParams();
  const [text, setText] = useState(quote ?? initialText);
  const [round, setRound] = useState(0);
  const ref = useRef<HTMLTextAreaElement>(null);
  // A local draft (the untouched '@author ' prefill is none; a restored draft keeps a
  // quote the form was opened with), and quotes from 'Citera' added at the end.
  const draft = useDraft(threadId && !edit ? draftKeys.comment(threadId, parentId) : null, text, setText, {
    isEmpty: (value) => isBlankText(value) || value === initialText,
    onRestore: (saved) => setText((current) => (current === initialText || isBlankText(current) ? saved : appendQuote(saved, current).text)),
  });
  useQuoteReceiver(edit ? null : (parentId ?? TOP_TARGET), (markdown) => {
    const next = appendQuote(text === initialText ? "" : text, markdown);
    setText(next.text);
    requestAnimationFrame(() => {
      ref.current?.scrollIntoView({ block: "center" });
      ref.current?.focus();
      ref.current?.setSelectionRange(next.caret, next.caret);
    });
  });
  // Busy until the page has reloaded its data: the text stays in the form meanwhile.
  const sending = fetcher.state !== "idle";

  // The answer is acted on once the page has its new data (`settledAnswer`): in the commit
  // that renders the new or edited comment, before the browser paints, the toast ('Svar
  // tillagt', 'Kommentar tillagd', 'Ändringen är sparad') is shown and the form cleared or
  // closed. So the toast never comes before the comment, and the text shows neither twice (in
  // the list and still in the form) nor not at all. A refusal's toast likewise, the text kept.
  const handled = useRef<unknown>(undefined);
  useLayoutEffect(() => {
    const answer = settledAnswer(fetcher);
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    showActionToast(answer);
    if (!answer.ok) return;
    if (!edit) {
      setText("");
      // The next comment starts without the last one's 'Din syn' / 'Innehav'.
      setRound((n) => n + 1);
    }
    draft.clear();
    onDone?.(answer as { commentId?: string });
    // The member's new comment or reply, now in the list, is brought into view.
    const added = !edit && (answer as { commentId?: string }).commentId;
    if (added) requestAnimationFrame(() => document.getElementById(`comment-${added}`)?.scrollIntoView({ block: "center", behavior: "smooth" }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data, fetcher.state]);

  useEffect(() => {
    if (autoFocus && ref.current) {
      ref.current.focus();
      const end = ref.current.value.length;
      ref.current.setSelectionRange(end, end);
    }
  }, [autoFocus]);

  // Mounted from the first cashtag on (and for an edit that states some), then kept: its choices stay.
  const [stancesUsed, setStancesUsed] = useState(Boolean(initialStances?.length));
  if (!stancesUsed && cashtagCandidates(text).length > 0) setStancesUsed(true);

  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined;
  const id = edit ? `edit-${edit.commentId}` : parentId ? `reply-${parentId}` : "comment-body";
  const label = edit ? ed.editCommentLabel : parentId ? f.replyPlaceholder : f.commentPlaceholder;
  const submitLabel = edit ? (sending ? ed.saving : ed.save) : sending ? f.sending : parentId ? f.reply : f.send;
  return (
    <fetcher.Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value={edit ? "edit-comment" : "comment"} />
      {submitKey ? <input type="hidden" name="submitKey" value={edit ? `${submitKey}.edit.${edit.commentId}` : `${submitKey}.${parentId ?? "top"}`} /> : null}
      {parentId && !edit ? <input type="hidden" name="parentId" value={parentId} /> : null}
      {edit ? <input type="hidden" name="id" value={edit.commentId} /> : null}
      <DraftNotice draft={draft} />
      <MarkdownPreview value={text} compact={Boolean(parentId || edit)}>
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <MentionTextarea
          ref={ref}
          id={id}
          name="body"
          rows={edit ? 4 : parentId ? 2 : 3}
          maxLength={LIMITS.comment}
          value={text}
          onValueChange={setText}
          placeholder={edit ? undefined : parentId ? f.replyPlaceholder : f.commentPlaceholder}
          aria-invalid={error ? true : undefined}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
        <ImageUpload textareaRef={ref} value={text} onValueChange={setText} compact={Boolean(parentId)} />
      </MarkdownPreview>
      {edit?.asStaff ? (
        <div className="space-y-1">
          <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-700">
            {ed.reasonLabel}
          </label>
          <input
            id={`${id}-reason`}
            name="reason"
            maxLength={LIMITS.editReason}
            autoComplete="off"
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
        </div>
      ) : null}
      {/* The author's own statement; staff editing someone else's comment leave it. */}
      {edit?.asStaff || !stancesUsed ? null : (
        <Suspense fallback={null}>
          <StancePicker key={round} text={text} initial={initialStances} compact={Boolean(parentId || edit)} />
        </Suspense>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={sending || isBlankText(text)}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button
            variant="ghost"
            onClick={() => {
              draft.clear();
              onCancel();
            }}
          >
            {edit ? ed.cancel : f.cancel}
          </Button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
