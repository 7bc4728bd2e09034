/**
 * Where an @mention or a $cashtag may start and end in a post's text (SPEC §5 @mention, $TICKER):
 * the one rule the Markdown cooking (server/content/cook.ts), the search highlighter
 * (domain/search-highlight.ts) and the stance picker's tickers (domain/stances.ts) share.
 *
 * @module
 */

/** Characters that may not directly follow a mention or a cashtag (it would be part of a longer word). */
export const WORD_AFTER_TAG = /[\p{L}\p{N}\p{M}_@]/u;

/** Punctuation after which `@` and `$` do not start a tag: e-mail, paths, query strings, money. */
export const NOT_A_TAG_BOUNDARY: ReadonlySet<string> = new Set(["@", "$", "_", "/", "\\", ".", "-", "+", "=", "&", "#", "%"]);

/**
 * Whether `@` or `$` after the character `prev` may start a tag.
 *
 * @param prev the character before it; undefined at the start of the text (or after markup)
 * @returns true after whitespace, other punctuation or symbols, and at the start
 */
export function isTagBoundary(prev: string | undefined): boolean {
  if (prev === undefined) return true;
  if (NOT_A_TAG_BOUNDARY.has(prev)) return false;
  return /[\s\p{P}\p{S}]/u.test(prev);
}
