/**
 * Comment and reply form (SPEC §5 Comment: non-empty trimmed text; button disabled while empty
 * or sending, 'Skickar...'). Keeps the typed text when the server refuses it. Markdown with a
 * 'Skriv' / 'Förhandsgranska' toggle ({@link MarkdownPreview}). Sends the thread page's
 * idempotency key (loader `submitKey`, new after each accepted comment) so a double submit
 * creates one comment (issue "Hardening"). Images can be pasted, dropped or picked (issue 16,
 * `ImageUpload`).
 *
 * @module
 */
import { useEffect, useRef, useState } from "react";
import { useFetcher, useLoaderData } from "react-router";
import { forum as f } from "../../../domain/i18n/sv";
import { LIMITS, isBlankText } from "../../../domain/limits";
import { useActionToast, type ActionAnswer } from "../../lib/use-action-toast";
import { Button } from "../ui/button";
import { MarkdownPreview } from "./markdown-preview";
import { MentionTextarea } from "./mention-textarea";
import { ImageUpload } from "./image-upload";

/** Props: reply target (absent for a top-level comment), prefill, and what happens after success. */
export interface CommentFormProps {
  parentId?: string;
  /** Initial text, e.g. '@author ' for a reply (SPEC §2 Thread page). */
  initialText?: string;
  /** Called after the server accepted the comment (closes a reply form); gets the answer. */
  onDone?: (answer: { commentId?: string }) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/** The form; posts `intent=comment` to the thread route's action. */
export function CommentForm({ parentId, initialText = "", onDone, onCancel, autoFocus }: CommentFormProps) {
  const fetcher = useFetcher<ActionAnswer & { intent?: string }>();
  const { submitKey } = useLoaderData<{ submitKey?: string }>() ?? {};
  const [text, setText] = useState(initialText);
  const ref = useRef<HTMLTextAreaElement>(null);
  useActionToast(fetcher.data);
  const sending = fetcher.state !== "idle";

  // Close and clear as soon as the server accepted the comment, before the page reloads its
  // data, so the new comment never shows twice (in the list and still in the form).
  const handled = useRef<unknown>(undefined);
  useEffect(() => {
    if (fetcher.data?.ok && handled.current !== fetcher.data) {
      handled.current = fetcher.data;
      setText("");
      onDone?.(fetcher.data as { commentId?: string });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);

  useEffect(() => {
    if (autoFocus && ref.current) {
      ref.current.focus();
      const end = ref.current.value.length;
      ref.current.setSelectionRange(end, end);
    }
  }, [autoFocus]);

  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined;
  const id = parentId ? `reply-${parentId}` : "comment-body";
  return (
    <fetcher.Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value="comment" />
      {submitKey ? <input type="hidden" name="submitKey" value={`${submitKey}.${parentId ?? "top"}`} /> : null}
      {parentId ? <input type="hidden" name="parentId" value={parentId} /> : null}
      <MarkdownPreview value={text} compact={Boolean(parentId)}>
        <label htmlFor={id} className="sr-only">
          {parentId ? f.replyPlaceholder : f.commentPlaceholder}
        </label>
        <MentionTextarea
          ref={ref}
          id={id}
          name="body"
          rows={parentId ? 2 : 3}
          maxLength={LIMITS.comment}
          value={text}
          onValueChange={setText}
          placeholder={parentId ? f.replyPlaceholder : f.commentPlaceholder}
          aria-invalid={error ? true : undefined}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
        <ImageUpload textareaRef={ref} value={text} onValueChange={setText} compact={Boolean(parentId)} />
      </MarkdownPreview>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={sending || isBlankText(text)}>
          {sending ? f.sending : parentId ? f.reply : f.send}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {f.cancel}
          </Button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
