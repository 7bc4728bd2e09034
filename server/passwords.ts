/**
 * Password policy beyond length: a password found in a list of common passwords is refused
 * (issue "Accounts and privacy", Passwords). The list is the 49 233 most common passwords shipped
 * by `@zxcvbn-ts/language-common` (MIT), plus a few Swedish ones it lacks.
 *
 * @module
 */
import common from "@zxcvbn-ts/language-common";
import { auth as a } from "../domain/i18n/sv";

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

let commonSet: Set<string> | undefined;

function commonPasswords(): Set<string> {
  commonSet ??= new Set([...(common.dictionary["passwords-common"] as string[]), ...SWEDISH_COMMON]);
  return commonSet;
}

/**
 * Whether a password is on the common-password list (case-insensitive).
 *
 * @param password as typed
 * @returns true when it is a common password
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/**
 * The Swedish refusal for a common password, or null when the password is not common.
 *
 * @param password as typed
 */
export function commonPasswordError(password: string): string | null {
  return isCommonPassword(password) ? a.passwordCommon : null;
}
