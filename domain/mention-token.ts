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

/** Marks that take the place of a pick's trailing space when typed right after it. */
const CLOSING_MARK = /^[.,:;!?)\]…»”’]$/u;

/**
 * The text after the first input following a pick: a punctuation mark typed where the pick's
 * trailing space ends takes that space's place, so picking '@Mod-Maja' and typing '.' gives
 * '@Mod-Maja.', not '@Mod-Maja .' (a gap before the mark once the mention is a pill). Only where
 * the pick ends the text or a line; picked in front of a word, the space stays.
 *
 * @param picked the text right after the pick, and the caret there (after its space)
 * @param after the text after the next input
 * @returns the text with the mark in the space's place and the caret after the mark, or null
 *   when the input was anything else (the text stays as typed)
 */
export function withdrawPickSpace(picked: { text: string; caret: number }, after: string): { text: string; caret: number } | null {
  const { text: before, caret } = picked;
  if (after.length !== before.length + 1 || before[caret - 1] !== " ") return null;
  // Only at the end of the text or of a line: before a word ('@Mod-Maja och') the space stays.
  if (caret < before.length && !/\s/.test(before[caret]!)) return null;
  if (after.slice(0, caret) !== before.slice(0, caret) || after.slice(caret + 1) !== before.slice(caret)) return null;
  const typed = after[caret]!;
  if (!CLOSING_MARK.test(typed)) return null;
  return { text: before.slice(0, caret - 1) + typed + before.slice(caret), caret };
}
