/**
 * The body field of a thread and the writing tips under it, shared by the new thread page and the
 * thread edit page (SPEC §5 New thread: Innehåll with 'Skriv' / 'Förhandsgranska', tips about
 * $TICKER and @nickname; images pasted, dropped or picked, the same rules when editing). Also the
 * forms' own check before sending: both forms are `noValidate`, so instead of the browser's bubble
 * ('Please select an item in the list.') each empty field gets the server's Swedish message beside
 * it; the server checks every rule again (`threadSchema`, domain/validation.ts).
 *
 * @module
 */
import { useRef } from "react";
import { forum as f } from "../../../domain/i18n/sv";
import { isBlankText } from "../../../domain/blank-text";
import { LIMITS } from "../../../domain/values";
import { ImageUpload } from "./image-upload";
import { MarkdownPreview } from "./markdown-preview";
import { MentionTextarea } from "./mention-textarea";

/** Props of {@link ThreadBodyField}: the controlled body text and its error. */
export interface ThreadBodyFieldProps {
  /** The Markdown source as typed. */
  value: string;
  /** Sets it (typing, a picked @mention or $TICKER, an inserted image). */
  onValueChange: (value: string) => void;
  /** The Swedish message for the body ('Innehållet får inte vara tomt.'), shown under the field. */
  error?: string | undefined;
}

/**
 * 'Innehåll': a required textarea named `body` with id `body` (at most `LIMITS.body` characters),
 * the Markdown preview toggle, the @mention/$TICKER picker and the image upload; the error under
 * it stays visible in the preview too.
 *
 * @param props {@link ThreadBodyFieldProps}
 */
export function ThreadBodyField({ value, onValueChange, error }: ThreadBodyFieldProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  return (
    <div className="space-y-1">
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
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "body-error" : undefined}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-500"
          />
          <ImageUpload textareaRef={ref} value={value} onValueChange={onValueChange} />
        </div>
      </MarkdownPreview>
      {/* Outside the composer, so it stays in view while the preview is shown. */}
      {error ? (
        <p id="body-error" role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The checked fields of a thread form, in the order they appear. */
export const THREAD_FIELDS = ["categoryId", "title", "body"] as const;

/** A thread form field's Swedish message, by the field's name. */
export type ThreadFieldErrors = Partial<Record<(typeof THREAD_FIELDS)[number], string>>;

/**
 * The messages of a thread form's empty fields, worded as the server's (`threadSchema`):
 * 'Välj en kategori.', 'Rubriken får inte vara tom.', 'Innehållet får inte vara tomt.' (blank
 * to the eye counts as empty, SPEC §5 "non-empty trimmed").
 *
 * @param values what was typed; `categoryId` only where the form has the category picker
 * @returns a message per empty field; none when the form may be sent
 */
export function threadFieldErrors(values: { title: string; body: string; categoryId?: string | undefined }): ThreadFieldErrors {
  const errors: ThreadFieldErrors = {};
  if (values.categoryId !== undefined && values.categoryId.trim() === "") errors.categoryId = f.categoryRequired;
  if (isBlankText(values.title)) errors.title = f.titleRequired;
  if (isBlankText(values.body)) errors.body = f.bodyRequired;
  return errors;
}

/**
 * The field errors of a thread form's answer that a field shows (the server's `fieldErrors`).
 *
 * @param fieldErrors the answer's field errors, if any
 * @returns those of {@link THREAD_FIELDS}
 */
export function shownFieldErrors(fieldErrors: Record<string, string> | undefined): ThreadFieldErrors {
  const out: ThreadFieldErrors = {};
  for (const field of THREAD_FIELDS) if (fieldErrors?.[field]) out[field] = fieldErrors[field];
  return out;
}

/**
 * Moves the focus to the first field with an error; a body hidden behind 'Förhandsgranska' is
 * brought back first (`MarkdownPreview` goes back to writing on the field's `invalid` event).
 *
 * @param form the thread form
 * @param errors the messages by field
 */
export function focusFirstError(form: HTMLFormElement, errors: ThreadFieldErrors): void {
  const first = THREAD_FIELDS.find((field) => errors[field]);
  const field = first ? form.elements.namedItem(first) : null;
  if (!(field instanceof HTMLElement)) return;
  if (field.closest("[hidden]")) field.dispatchEvent(new Event("invalid"));
  requestAnimationFrame(() => field.focus());
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
