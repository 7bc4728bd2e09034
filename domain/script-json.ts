/**
 * JSON for the body of an inline `<script>` element: the one escaping rule the JSON-LD of issue 20
 * (`app/lib/structured-data.ts`) and the shared member render's overlay (issue 21,
 * `server/cache/member-pages.ts`) both use.
 *
 * @module
 */

/** `<`, `>`, `&`, U+2028 and U+2029: the characters escaped in a script element. */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/**
 * `JSON.stringify(value)`, then every `<`, `>`, `&`, U+2028 and U+2029 as its JSON escape
 * (`\u003c`, `\u003e`, `\u0026`, `\u2028`, `\u2029`). The result contains no `</script`, no
 * `<!--` and no `-->`, so an HTML parser ends the element only at its real closing tag, and
 * `JSON.parse` of the element's text gives back exactly `value`.
 *
 * @param value plain JSON (no `undefined`, functions or cycles)
 * @returns the escaped JSON text
 * @throws TypeError from `JSON.stringify` for a cyclic value or a BigInt
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
