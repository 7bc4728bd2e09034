/**
 * Form limits and the nickname rule, shared by browser and server without any dependency: the
 * client bundle imports these (not the Zod schemas of `validation.ts`, which would add about
 * 23 KB gzip of Zod to every page, issue 8 "JS for the thread page").
 *
 * @module
 */
import { auth as t } from "./i18n/sv";
import { LIMITS } from "./values";

/** Nickname length bounds in characters (SPEC §5 Nickname; values in `domain/values.ts` LIMITS). */
export const NICKNAME_MIN = LIMITS.nicknameMin;
/** @see NICKNAME_MIN */
export const NICKNAME_MAX = LIMITS.nicknameMax;
/** Password length bounds for registration (SPEC §5 Register: at least 6). */
export const PASSWORD_MIN = 6;
/** Upper bound, so a hostile client cannot make the server hash megabytes. */
export const PASSWORD_MAX = 128;
/** Text length caps in characters, from the allowed-values module (docs/decisions/001-limits.md). */
export { LIMITS };

/** Letters a–z, å, ä, ö (either case), digits, dot, underscore, hyphen (SPEC §5 Nickname). */
const NICKNAME_CHARS = /^[A-Za-z0-9ÅÄÖåäö._-]+$/;

/**
 * Checks a nickname against SPEC §5 Nickname, in the spec's order.
 *
 * @param nickname as typed (not trimmed: a space anywhere is an error)
 * @returns the Swedish error message, or `null` when the nickname is valid
 */
export function nicknameError(nickname: string): string | null {
  if (nickname.length === 0) return t.nicknameEmpty;
  if (/\s/.test(nickname)) return t.nicknameSpaces;
  if (!NICKNAME_CHARS.test(nickname)) return t.nicknameChars;
  if (nickname.length < NICKNAME_MIN || nickname.length > NICKNAME_MAX) return t.nicknameLength;
  return null;
}

/** Minimum length of a new password set by reset or on the set-password page (SPEC §5 Reset). */
export const NEW_PASSWORD_MIN = 8;
