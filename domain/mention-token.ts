/**
 * Finds the @mention or $ticker being typed at the caret (SPEC §5 @mention: '@' at the start or
 * after whitespace opens a user search).
 *
 * @module
 */

/** The token at the caret: which picker, the query typed so far, and where it starts. */
export interface CaretToken {
  kind: "mention" | "ticker";
  /** Text after the trigger character. */
  query: string;
  /** Index of the trigger character ('@' or '$') in the text. */
  start: number;
}

/**
 * @param text the whole field value
 * @param caret caret position (selectionStart)
 * @returns the token, or null when the caret is not in one
 */
export function tokenAtCaret(text: string, caret: number): CaretToken | null {
  const before = text.slice(0, caret);
  const m = before.match(/(^|\s)([@$])([A-Za-z0-9ÅÄÖåäö._-]{0,30})$/);
  if (!m) return null;
  const start = before.length - m[3]!.length - 1;
  return { kind: m[2] === "@" ? "mention" : "ticker", query: m[3]!, start };
}

/**
 * Replaces the token at the caret with the picked value and a trailing space.
 *
 * @param value `@nickname` or `$TICKER` as inserted
 * @returns the new text and the caret position after the inserted space
 */
export function insertPick(text: string, token: CaretToken, caret: number, value: string): { text: string; caret: number } {
  const inserted = `${value} `;
  const next = text.slice(0, token.start) + inserted + text.slice(caret).replace(/^\S*/, "").replace(/^ /, "");
  return { text: next, caret: token.start + inserted.length };
}
