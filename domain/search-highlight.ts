/**
 * Safe highlighting of search terms (SPEC §2 Search results: "snippet
 * with the query highlighted"). Text is split into plain segments that React renders as text
 * nodes, so a highlight can never turn content into markup: `<script>` in a post stays the
 * characters `<script>` on screen.
 *
 * Shared by the server (snippet windows) and the browser (rendering `<mark>`).
 *
 * @module
 */

/** One piece of text; `hit` marks a match of a search term. */
export interface Segment {
  text: string;
  hit: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Whether a word matches a term: a term of three or more characters matches words starting with
 * it (Swedish stems: 'utdelning' marks 'utdelningen', 'akti' marks 'aktierna'); shorter terms must
 * equal the word ('b' in 'ERIC B' does not mark every word starting with b).
 *
 * @param word a run of letters/digits, lower-case
 * @param terms lower-case terms
 */
export function wordMatches(word: string, terms: readonly string[]): boolean {
  for (const term of terms) {
    if (!term) continue;
    if (term.length >= 3 ? word.startsWith(term) : word === term) return true;
  }
  return false;
}

/**
 * Splits `text` into segments, marking whole words that match one of `terms`.
 *
 * @param text plain text (a title or snippet)
 * @param terms lower-case search terms and stems (see {@link wordMatches})
 * @returns segments whose texts concatenate to `text`; adjacent non-hits are merged
 */
export function highlightSegments(text: string, terms: readonly string[]): Segment[] {
  const cleanTerms = terms.map((t) => t.toLowerCase()).filter(Boolean);
  const segments: Segment[] = [];
  const push = (piece: string, hit: boolean) => {
    if (!piece) return;
    const last = segments[segments.length - 1];
    if (last && last.hit === hit && !hit) last.text += piece;
    else segments.push({ text: piece, hit });
  };
  let at = 0;
  for (const match of text.matchAll(WORD)) {
    const index = match.index ?? 0;
    push(text.slice(at, index), false);
    push(match[0], cleanTerms.length > 0 && wordMatches(match[0].toLowerCase(), cleanTerms));
    at = index + match[0].length;
  }
  push(text.slice(at), false);
  return segments;
}
