/**
 * Form limits and the nickname rule, shared by browser and server without any dependency: the
 * client bundle imports these (not the Zod schemas of `validation.ts`, which would add about
 * 23 KB gzip of Zod to every page).
 *
 * @module
 */
import { auth as a } from "./i18n/sv";
import { LIMITS } from "./values";

/** Nickname length bounds in characters (SPEC §5 Nickname; values in `domain/values.ts` LIMITS). */
export const NICKNAME_MIN = LIMITS.nicknameMin;
/** @see NICKNAME_MIN */
export const NICKNAME_MAX = LIMITS.nicknameMax;
/** Password length bounds for registration (SPEC §5 Register: at least 6). */
export const PASSWORD_MIN = 6;
/** Upper bound, so a hostile client cannot make the server hash megabytes. */
export const PASSWORD_MAX = 128;
/**
 * Grace period of an author's edit, in seconds: an author who edits their own thread
 * or comment within 5 minutes of posting leaves no revision and no 'redigerad' mark. Discourse's
 * `editing_grace_period` (default 300 s) does the same: typo fixes right after posting are not
 * history. Staff edits always leave a revision.
 */
export const EDIT_GRACE_PERIOD_S = 5 * 60;
/**
 * Most tickers one member may watch (watchlist 'Bevakning': "Limits: 200 tickers per
 * member"). Enforced inside the watch write under a lock (server/watchlist/commands.ts).
 */
export const WATCHLIST_MAX = 200;

/**
 * Most members one member may mute ('Dölj medlem'). Enforced inside the mute write under
 * a lock on the muter's profile row (server/mutes/commands.ts); docs/decisions/032-mute-and-bookmarks.md.
 */
export const MUTES_MAX = 1000;

/**
 * Most threads and comments one member may save ('Spara'). Enforced inside the bookmark
 * write under a lock on the member's profile row (server/bookmarks/commands.ts).
 */
export const BOOKMARKS_MAX = 5000;

/** Saved items per page of `/forum/sparade` ("pagination if > 50"). */
export const BOOKMARKS_PAGE_SIZE = 50;

/**
 * Web Push: devices one member may have subscribed; saving one more removes the one
 * used least recently (docs/decisions/031-web-push.md).
 */
export const PUSH_DEVICES_MAX = 20;
/** Longest push-service endpoint URL accepted (characters; real ones are under 600). */
export const PUSH_ENDPOINT_MAX = 2048;
/** Text length caps in characters, from the allowed-values module (docs/decisions/001-limits.md). */
export { LIMITS };

/** Letters a–z, å, ä, ö (either case), digits, dot, underscore, hyphen (SPEC §5 Nickname). */
const NICKNAME_CHARS = /^[A-Za-z0-9ÅÄÖåäö._-]+$/;

/**
 * Names nobody may register: they would pass for the forum's staff or system.
 * Compared after {@link nicknameKey}, so `Admin`, `ad.min` and `Bors_snack` are reserved too.
 */
export const RESERVED_NICKNAMES: readonly string[] = [
  "admin",
  "administrator",
  "moderator",
  "mod",
  "system",
  "support",
  "borssnack",
  "börssnack",
  "staff",
  "root",
  "null",
  "undefined",
  "info",
  "noreply",
];

/**
 * The form of a nickname that look-alikes share: lower case, without dots, underscores and
 * hyphens (`Ad.Min_` → `admin`).
 *
 * @param nickname any string
 * @returns the comparison key
 */
export function nicknameKey(nickname: string): string {
  return nickname.toLowerCase().replace(/[._-]/g, "");
}

const RESERVED_KEYS = new Set(RESERVED_NICKNAMES.map(nicknameKey));

/**
 * Whether a nickname is reserved: one of {@link RESERVED_NICKNAMES} up to case,
 * dots, underscores and hyphens.
 *
 * @param nickname as typed
 * @returns true for `admin`, `ADMIN`, `a.d-m_in`, `Börssnack`, …
 */
export function isReservedNickname(nickname: string): boolean {
  return RESERVED_KEYS.has(nicknameKey(nickname));
}

/**
 * Checks a nickname's form against SPEC §5 Nickname, in the spec's order (not whether it is
 * reserved: operators may give such a name with `forum create-admin`).
 *
 * @param nickname as typed (not trimmed: a space anywhere is an error)
 * @returns the Swedish error message, or `null` when the nickname's form is valid
 */
export function nicknameFormatError(nickname: string): string | null {
  if (nickname.length === 0) return a.nicknameEmpty;
  if (/\s/.test(nickname)) return a.nicknameSpaces;
  if (!NICKNAME_CHARS.test(nickname)) return a.nicknameChars;
  if (nickname.length < NICKNAME_MIN || nickname.length > NICKNAME_MAX) return a.nicknameLength;
  return null;
}

/**
 * Checks a nickname a member wants to register: SPEC §5 Nickname ({@link nicknameFormatError}),
 * then the reserved names.
 *
 * @param nickname as typed (not trimmed: a space anywhere is an error)
 * @returns the Swedish error message ('Detta nickname är reserverat' for a reserved name), or
 *   `null` when the nickname may be registered (whether it is taken is checked in the database)
 */
export function nicknameError(nickname: string): string | null {
  return nicknameFormatError(nickname) ?? (isReservedNickname(nickname) ? a.nicknameReserved : null);
}

export { isBlankText } from "./blank-text";

/** Minimum length of a new password set by reset or on the set-password page (SPEC §5 Reset). */
export const NEW_PASSWORD_MIN = 8;
