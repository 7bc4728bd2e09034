/**
 * Password policy beyond length: a password found in a list of common passwords is refused.
 * The list is the 49 233 most common passwords shipped
 * by `@zxcvbn-ts/language-common` (MIT), plus a few Swedish ones it lacks.
 *
 * The list (≈ 3 MiB of a server process's heap with its package) is loaded at the first password
 * check (sign-up, reset, change), not at start-up (memory budget), and kept.
 *
 * @module
 */
import { auth as a } from "../../domain/i18n/sv";

/** Common Swedish passwords missing from the English-centred list. */
const SWEDISH_COMMON = [
  "lösenord",
  "losenord",
  "lösenord1",
  "lösenord123",
  "hejhej",
  "hejsan",
  "hejsan123",
  "sverige",
  "sverige123",
  "stockholm",
  "göteborg",
  "sommar",
  "sommar123",
  "vinter",
  "börssnack",
  "borssnack",
  "aktier",
  "aktier123",
];

let commonSet: Promise<Set<string>> | undefined;

function commonPasswords(): Promise<Set<string>> {
  commonSet ??= import("@zxcvbn-ts/language-common").then(
    ({ default: common }) => new Set([...(common.dictionary["passwords-common"] as string[]), ...SWEDISH_COMMON]),
    (error: unknown) => {
      // A failed load is tried again at the next check, not cached.
      commonSet = undefined;
      throw error;
    },
  );
  return commonSet;
}

/**
 * Whether a password is on the common-password list (case-insensitive).
 *
 * @param password as typed
 * @returns true when it is a common password
 * @throws when the list's package cannot be loaded (a broken installation)
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/**
 * The Swedish refusal for a common password, or null when the password is not common.
 *
 * @param password as typed
 * @returns the message, or null
 * @throws when the list's package cannot be loaded (a broken installation)
 */
export async function commonPasswordError(password: string): Promise<string | null> {
  return (await isCommonPassword(password)) ? a.passwordCommon : null;
}
