/**
 * The body field of a thread and the writing tips under it, shared by the new thread page and the
 * thread edit page (SPEC §5 New thread: Innehåll with 'Skriv' / 'Förhandsgranska', tips about
 * $TICKER and @username; images pasted, dropped or picked, the same rules when editing).
 *
 * @module
 */
import { useRef } from "react";
import { forum as f } from "../../../domain/i18n/sv";
import { LIMITS } from "../../../domain/values";
import { ImageUpload } from "./image-upload";
import { MarkdownPreview } from "./markdown-preview";
import { MentionTextarea } from "./mention-textarea";

/** Props of {@link ThreadBodyField}: the controlled body text. */
export interface ThreadBodyFieldProps {
  /** The Markdown source as typed. */
  value: string;
  /** Sets it (typing, a picked @mention or $TICKER, an inserted image). */
  onValueChange: (value: string) => void;
}

/**
 * 'Innehåll': a required textarea named `body` with id `body` (at most `LIMITS.body` characters),
 * the Markdown preview toggle, the @mention/$TICKER picker and the image upload.
 *
 * @param props {@link ThreadBodyFieldProps}
 */
export function ThreadBodyField({ value, onValueChange }: ThreadBodyFieldProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  return (
    <MarkdownPreview value={value}>
      <div className="space-y-1">
        <label htmlFor="body" className="block text-sm font-medium text-slate-700">
          {f.bodyLabel}
        </label>
        <MentionTextarea
          ref={ref}
          id="body"
          name="body"
          required
          rows={10}
          maxLength={LIMITS.body}
          value={value}
          onValueChange={onValueChange}
          placeholder={f.bodyPlaceholder}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
        <ImageUpload textareaRef={ref} value={value} onValueChange={onValueChange} />
      </div>
    </MarkdownPreview>
  );
}

/** The 'Tips' box under a thread's body: how to link a $TICKER and tag an @username (SPEC §5). */
export function ThreadTips() {
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
      <p className="font-semibold text-slate-700">{f.tipsTitle}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        <li>{f.tipTicker}</li>
        <li>{f.tipMention}</li>
      </ul>
    </div>
  );
}
