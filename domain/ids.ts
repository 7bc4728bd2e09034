/**
 * Identifier checks shared by browser and server: ids in URLs and forms are checked before they
 * reach SQL, so a malformed id is a 404 or 400, never a database error.
 *
 * @module
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True for a canonical UUID string (8-4-4-4-12 hex digits, either case).
 *
 * @param value anything; `undefined`, `null` and non-strings are false
 * @returns whether `value` is a UUID (narrows it to `string`)
 */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
