/**
 * The optional poll of the new-thread form ('Lägg till omröstning', docs/decisions/054-polls.md):
 * a checkbox that opens the section (plain CSS, so it also opens before the page hydrates or
 * without JavaScript), the option fields with 'Lägg till alternativ' and 'Ta bort' (2–10),
 * 'Flera val' and 'Stängs' (Stockholm time, optional). The form is `noValidate`: its own check
 * before sending ({@link pollFieldErrors}) and the server's answer show their Swedish messages
 * beside the fields; the server checks every rule again (`newThreadSchema`, domain/validation.ts).
 *
 * @module
 */
import { useRef, useState } from "react";
import { polls as pl } from "../../../domain/i18n/sv";
import {
  POLL_CLOSES_AT_FIELD,
  POLL_FIELD,
  POLL_LABEL_MAX,
  POLL_MULTIPLE_FIELD,
  POLL_OPEN_MAX_DAYS,
  POLL_OPTION_FIELD,
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  pollClosingError,
  pollOptionsError,
  type PollFormValues,
} from "../../../domain/polls";
import { Button } from "../ui/button";

/** The poll fields that carry a message, in the order they appear (the server's `fieldErrors` keys). */
export const POLL_ERROR_FIELDS = ["pollOptions", "pollClosesAt"] as const;

/** A poll field's Swedish message, by the field's name. */
export type PollFieldErrors = Partial<Record<(typeof POLL_ERROR_FIELDS)[number], string>>;

/**
 * The messages of the poll part as typed, worded as the server's: the options
 * (`pollOptionsError`) and the closing time (`pollClosingError`, against the browser's clock).
 *
 * @param values the poll part of the form (`pollFromForm`), or null when no poll is added
 * @param now the current time (ms since the epoch)
 * @returns a message per field with a problem; none when the poll may be sent (or there is none)
 */
export function pollFieldErrors(values: PollFormValues | null, now: number): PollFieldErrors {
  if (!values) return {};
  const errors: PollFieldErrors = {};
  const options = pollOptionsError(values.options);
  if (options) errors.pollOptions = options;
  const closesAt = pollClosingError(values.closesAt, now);
  if (closesAt) errors.pollClosesAt = closesAt;
  return errors;
}

/**
 * The poll messages of a form answer (the server's `fieldErrors`).
 *
 * @param fieldErrors the answer's field errors, if any
 * @returns those of {@link POLL_ERROR_FIELDS}
 */
export function shownPollErrors(fieldErrors: Record<string, string> | undefined): PollFieldErrors {
  const out: PollFieldErrors = {};
  for (const field of POLL_ERROR_FIELDS) if (fieldErrors?.[field]) out[field] = fieldErrors[field];
  return out;
}

/**
 * Moves the focus to the first poll field with a message: the first option field, or 'Stängs'.
 *
 * @param form the new-thread form
 * @param errors the poll messages
 * @returns whether a field was focused
 */
export function focusFirstPollError(form: HTMLFormElement, errors: PollFieldErrors): boolean {
  const name = errors.pollOptions ? `${POLL_OPTION_FIELD}0` : errors.pollClosesAt ? POLL_CLOSES_AT_FIELD : null;
  const field = name ? form.elements.namedItem(name) : null;
  if (!(field instanceof HTMLElement)) return false;
  requestAnimationFrame(() => field.focus());
  return true;
}

/** Props of {@link PollFields}. */
export interface PollFieldsProps {
  /** What was typed before the server refused the form; null: the section starts closed and empty. */
  initial: PollFormValues | null;
  /** The messages beside the fields. */
  errors: PollFieldErrors;
  /** Called when a field with a message is edited (the message goes). */
  onEdited: (field: keyof PollFieldErrors) => void;
}

const fieldClass =
  "block w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-500";

/** The 'Lägg till omröstning' section of the new-thread form. */
export function PollFields({ initial, errors, onEdited }: PollFieldsProps) {
  const next = useRef(0);
  const row = (value: string) => ({ key: next.current++, value });
  const [rows, setRows] = useState(() => {
    const typed = (initial?.options ?? []).slice(0, POLL_OPTIONS_MAX);
    while (typed.length < POLL_OPTIONS_MIN) typed.push("");
    return typed.map(row);
  });
  const optionsError = errors.pollOptions;
  const closesError = errors.pollClosesAt;
  return (
    <div className="flex flex-wrap items-center gap-x-3 rounded-xl border border-slate-200 px-3 py-1">
      <input
        type="checkbox"
        id={POLL_FIELD}
        name={POLL_FIELD}
        value="on"
        defaultChecked={initial !== null}
        className="peer size-5 accent-brand-700"
      />
      <label htmlFor={POLL_FIELD} className="inline-flex min-h-11 grow cursor-pointer items-center font-medium text-slate-800">
        {pl.add}
      </label>
      <fieldset className="hidden basis-full space-y-4 pb-3 peer-checked:block">
        <legend className="sr-only">{pl.heading}</legend>
        <p className="text-sm text-slate-600">{pl.addHint}</p>
        <div className="space-y-2">
          <p className="text-sm font-medium text-slate-700">{pl.optionsLegend}</p>
          {rows.map((r, i) => (
            <div key={r.key} className="flex items-center gap-2">
              <input
                id={`pollOption-${i}`}
                name={`${POLL_OPTION_FIELD}${i}`}
                value={r.value}
                maxLength={POLL_LABEL_MAX}
                autoComplete="off"
                aria-label={pl.optionLabel(i + 1)}
                placeholder={pl.optionLabel(i + 1)}
                aria-invalid={optionsError ? true : undefined}
                aria-describedby={optionsError ? "pollOptions-error" : undefined}
                onChange={(event) => {
                  const value = event.target.value;
                  setRows((current) => current.map((c) => (c.key === r.key ? { ...c, value } : c)));
                  onEdited("pollOptions");
                }}
                className={fieldClass}
              />
              <Button
                variant="ghost"
                className="min-h-11 shrink-0"
                aria-label={pl.removeOption(i + 1)}
                disabled={rows.length <= POLL_OPTIONS_MIN}
                onClick={() => {
                  setRows((current) => current.filter((c) => c.key !== r.key));
                  onEdited("pollOptions");
                }}
              >
                {pl.remove}
              </Button>
            </div>
          ))}
          {optionsError ? (
            <p id="pollOptions-error" role="alert" className="text-sm text-red-600">
              {optionsError}
            </p>
          ) : null}
          <Button variant="secondary" className="min-h-11" disabled={rows.length >= POLL_OPTIONS_MAX} onClick={() => setRows((current) => [...current, row("")])}>
            {pl.addOption}
          </Button>
        </div>
        <div className="flex items-start gap-3">
          <input
            type="checkbox"
            id={POLL_MULTIPLE_FIELD}
            name={POLL_MULTIPLE_FIELD}
            value="on"
            defaultChecked={initial?.multiple ?? false}
            aria-describedby="pollMultiple-hint"
            className="mt-3 size-5 shrink-0 accent-brand-700"
          />
          <div>
            <label htmlFor={POLL_MULTIPLE_FIELD} className="inline-flex min-h-11 cursor-pointer items-center font-medium text-slate-800">
              {pl.multiple}
            </label>
            <p id="pollMultiple-hint" className="text-sm text-slate-600">
              {pl.multipleHint}
            </p>
          </div>
        </div>
        <div className="space-y-1">
          <label htmlFor={POLL_CLOSES_AT_FIELD} className="block text-sm font-medium text-slate-700">
            {pl.closesAtLabel}
          </label>
          <input
            type="datetime-local"
            id={POLL_CLOSES_AT_FIELD}
            name={POLL_CLOSES_AT_FIELD}
            defaultValue={initial?.closesAt ?? ""}
            aria-invalid={closesError ? true : undefined}
            aria-describedby={closesError ? "pollClosesAt-error pollClosesAt-hint" : "pollClosesAt-hint"}
            onChange={() => onEdited("pollClosesAt")}
            className={`${fieldClass} sm:max-w-xs`}
          />
          <p id="pollClosesAt-hint" className="text-sm text-slate-600">
            {pl.closesAtHint(POLL_OPEN_MAX_DAYS)}
          </p>
          {closesError ? (
            <p id="pollClosesAt-error" role="alert" className="text-sm text-red-600">
              {closesError}
            </p>
          ) : null}
        </div>
      </fieldset>
    </div>
  );
}
