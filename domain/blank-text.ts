/**
 * Whether a text is blank to the eye (SPEC §5 "non-empty trimmed"). Its own module, re-exported
 * by `limits.ts`, so the browser's composers do not also load the nickname rules and their texts.
 *
 * @module
 */

/**
 * Characters that render as nothing or as blank space but that `String.prototype.trim` keeps:
 * format characters (`Cf`: U+200B zero-width space, U+2060, U+FEFF, bidi marks, …), space
 * separators (`Zs`) and the blank letters U+115F, U+1160, U+3164 (Hangul fillers), U+FFA0 and
 * U+2800 (Braille blank), which are neither.
 */
const INVISIBLE = /[\p{Cf}\p{Zs}\u115F\u1160\u2800\u3164\uFFA0]/gu;

/**
 * Whether a text is empty to the eye (SPEC §5 "non-empty trimmed"): nothing left
 * after removing white space and the invisible characters of {@link INVISIBLE}.
 *
 * @param text any string
 * @returns true for `""`, `"  "`, `"\u200B\u2800"`, …; false as soon as one visible character
 *   remains
 */
export function isBlankText(text: string): boolean {
  return text.replace(INVISIBLE, "").trim().length === 0;
}
