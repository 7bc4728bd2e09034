/**
 * 'Omröstning', a poll in a new thread (docs/decisions/054-polls.md): its limits, the form fields
 * of the new-thread form and of a vote, the form's own checks (the same functions the server's
 * zod schemas in `validation.ts` apply), the results' percentages and the name of the poll's
 * personal part. Pure and free of Zod, so the browser's forms import it cheaply.
 *
 * @module
 */
import { TZDate } from "@date-fns/tz";
import { polls as pl } from "./i18n/sv";
import { isBlankText } from "./blank-text";
import type { PollOwnState } from "./views";

/** Fewest options of a poll (the issue: "2–10 options"). */
export const POLL_OPTIONS_MIN = 2;
/** Most options of a poll; also the most option fields a form may send (`position` 0..9 in the database). */
export const POLL_OPTIONS_MAX = 10;
/** Longest option label in characters after trimming (the database's `poll_options_label_length`). */
export const POLL_LABEL_MAX = 100;
/**
 * Latest closing time, in days from now: long enough for a quarter's report season, short enough
 * that an open poll is still read by the people it asks (decision 054).
 */
export const POLL_OPEN_MAX_DAYS = 90;
/** The zone of the 'Stängs' field: the forum shows every time in Stockholm time (app/lib/dates.ts). */
export const POLL_TIME_ZONE = "Europe/Stockholm";

/** The new-thread form's checkbox 'Lägg till omröstning' (`on` when ticked). */
export const POLL_FIELD = "poll";
/** Prefix of the option fields: `pollOption.0` … `pollOption.9`, in the order shown. */
export const POLL_OPTION_FIELD = "pollOption.";
/** The checkbox 'Flera val'. */
export const POLL_MULTIPLE_FIELD = "pollMultiple";
/** The closing time 'Stängs' (`YYYY-MM-DDTHH:mm`, Stockholm time; empty: never closes). */
export const POLL_CLOSES_AT_FIELD = "pollClosesAt";
/**
 * A vote's option field: one radio group named `optionId` (single choice), or one checkbox per
 * option named `optionId.<position>` (multiple choice).
 */
export const VOTE_FIELD = "optionId";

/** The poll part of the new-thread form as typed (kept in the form when the server refuses it). */
export interface PollFormValues {
  /** Every option field in order, as typed (blank ones included). */
  options: string[];
  /** 'Flera val' ticked. */
  multiple: boolean;
  /** 'Stängs' as typed ("" when empty). */
  closesAt: string;
}

/** Digits after {@link POLL_OPTION_FIELD}: the field's place in the list. */
const OPTION_KEY = /^pollOption\.(\d{1,3})$/;

/**
 * The poll part of a new-thread form post.
 *
 * @param form the form's fields (`poll`, `pollOption.<n>`, `pollMultiple`, `pollClosesAt`)
 * @returns the values as typed, options ordered by `<n>`; null when 'Lägg till omröstning' is not
 *   ticked (then the other poll fields are ignored)
 */
export function pollFromForm(form: Readonly<Record<string, string | undefined>>): PollFormValues | null {
  if (form[POLL_FIELD] !== "on") return null;
  const options = Object.entries(form)
    .map(([key, value]) => [OPTION_KEY.exec(key), value] as const)
    .filter((entry): entry is readonly [RegExpExecArray, string] => entry[0] !== null && entry[1] !== undefined)
    .sort((a, b) => Number(a[0][1]) - Number(b[0][1]))
    .map(([, value]) => value);
  return { options, multiple: form[POLL_MULTIPLE_FIELD] === "on", closesAt: form[POLL_CLOSES_AT_FIELD] ?? "" };
}

/** `optionId` and `optionId.<n>` of a vote form. */
const VOTE_KEY = /^optionId(?:\.\d{1,2})?$/;

/**
 * The options a vote form chose: the radio `optionId` and every checkbox `optionId.<n>`.
 *
 * @param form the form's fields
 * @returns the chosen option ids as sent (not yet checked; duplicates removed), in field order
 */
export function voteFromForm(form: Readonly<Record<string, string | undefined>>): string[] {
  const chosen = Object.entries(form)
    .filter(([key, value]) => VOTE_KEY.test(key) && value !== undefined && value !== "")
    .map(([, value]) => value!);
  return [...new Set(chosen)];
}

/**
 * The labels a list of option fields stands for: trimmed, blank ones (to the eye,
 * {@link isBlankText}) left out.
 *
 * @param raw the option fields as typed
 * @returns the labels in order
 */
export function cleanPollOptions(raw: readonly string[]): string[] {
  return raw.map((label) => label.trim()).filter((label) => !isBlankText(label));
}

/**
 * Checks the option fields of a poll: 2–10 filled in ({@link POLL_OPTIONS_MIN},
 * {@link POLL_OPTIONS_MAX}), each at most {@link POLL_LABEL_MAX} characters after trimming, no two
 * alike ignoring case (Swedish case rules: 'Ja' and 'JA' are the same answer). Blank fields are
 * left out, so an empty last row is no error.
 *
 * @param raw the option fields as typed, in order
 * @returns the Swedish message of the first problem (a too long option named by its row, 1-based),
 *   or null when the options may be saved
 */
export function pollOptionsError(raw: readonly string[]): string | null {
  if (raw.length > POLL_OPTIONS_MAX) return pl.tooManyOptions(POLL_OPTIONS_MAX);
  const seen = new Set<string>();
  let filled = 0;
  for (const [i, typed] of raw.entries()) {
    const label = typed.trim();
    if (isBlankText(label)) continue;
    filled += 1;
    if (label.length > POLL_LABEL_MAX) return pl.optionTooLong(i + 1, POLL_LABEL_MAX);
    const key = label.toLocaleLowerCase("sv");
    if (seen.has(key)) return pl.duplicateOptions;
    seen.add(key);
  }
  return filled < POLL_OPTIONS_MIN ? pl.tooFewOptions(POLL_OPTIONS_MIN) : null;
}

/** `datetime-local` as browsers send it: `YYYY-MM-DDTHH:mm`, seconds optional. */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
/** An ISO 8601 instant with its offset (a hand-made or scripted request). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * Reads a closing time: a `datetime-local` value on Stockholm's wall clock ({@link POLL_TIME_ZONE},
 * daylight saving included), or an ISO 8601 instant with an offset.
 *
 * @param text the 'Stängs' field, trimmed
 * @returns the instant, or null when the text is no such time (e.g. `2026-02-30T10:00`)
 */
export function parsePollClosing(text: string): Date | null {
  const trimmed = text.trim();
  const wall = stockholmInstant(trimmed);
  if (wall) return wall;
  if (!INSTANT.test(trimmed)) return null;
  const instant = new Date(trimmed);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The instant of a Stockholm wall-clock text, or null when it is not one or names no real day. */
function stockholmInstant(text: string): Date | null {
  const m = WALL_CLOCK.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  // The calendar check on UTC (no zone involved): month 13 or 30 February roll over there.
  const check = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || check.getUTCHours() !== hour || check.getUTCMinutes() !== minute) {
    return null;
  }
  return new Date(new TZDate(year, month - 1, day, hour, minute, second, POLL_TIME_ZONE).getTime());
}

/**
 * Checks a closing time: empty (never closes) or a time ({@link parsePollClosing}) after `now` and
 * at most {@link POLL_OPEN_MAX_DAYS} days after it.
 *
 * @param text the 'Stängs' field as typed
 * @param now the current time (ms since the epoch)
 * @returns the Swedish message, or null when the time may be saved
 */
export function pollClosingError(text: string, now: number): string | null {
  if (text.trim() === "") return null;
  const at = parsePollClosing(text);
  if (!at) return pl.invalidClosesAt;
  if (at.getTime() <= now) return pl.closesAtPast;
  if (at.getTime() > now + POLL_OPEN_MAX_DAYS * 24 * 3600 * 1000) return pl.closesAtTooFar(POLL_OPEN_MAX_DAYS);
  return null;
}

/**
 * An option's share of the voters, for the results' bars: of the members who voted, how many
 * chose it (in a multiple-choice poll the shares add up to more than 100).
 *
 * @param count the option's votes
 * @param voters the members who voted
 * @returns a whole percentage 0..100 (0 when nobody voted)
 */
export function pollPercent(count: number, voters: number): number {
  return voters > 0 ? Math.round((count / voters) * 100) : 0;
}

/**
 * The name of a thread's poll as a personal part (app/lib/personal.tsx); its state is the member's
 * {@link PollOwnState}.
 *
 * @param threadId the thread
 * @returns `poll:<threadId>`
 */
export function pollPart(threadId: string): string {
  return `poll:${threadId}`;
}

/** The poll's personal part of a member who has not voted and may vote: the generic member's state. */
export const NOT_VOTED: PollOwnState = { mine: [], results: null, canVote: true };

/** A visitor's side of a poll: nothing chosen, no live counts, no vote. */
export const VISITOR_POLL: PollOwnState = { mine: [], results: null, canVote: false };
