/**
 * Safe highlighting of search terms (SPEC §2 Search results: "snippet
 * with the query highlighted"). Text is split into plain segments that React renders as text
 * nodes, so a highlight can never turn content into markup: `<script>` in a post stays the
 * characters `<script>` on screen.
 *
 * A mention (`@Göran_Utdelning`) is one piece that is never marked: search does not index the
 * nickname words of mentions (server/search/document.ts), so marking 'Utdelning' inside it would
 * show a match that did not count.
 *
 * Shared by the server (snippet windows) and the browser (rendering `<mark>`).
 *
 * @module
 */
import { LIMITS } from "./values";
import { isTagBoundary, WORD_AFTER_TAG } from "./tag-boundary";

/** One piece of text; `hit` marks a match of a search term. */
export interface Segment {
  text: string;
  hit: boolean;
}

/** A word (run of letters and digits) or a mention of a text, where it starts. */
export interface SearchToken {
  text: string;
  index: number;
  /** `@nick` by the mention rule of server/content/cook.ts; its words are not search words. */
  mention: boolean;
}

/** A word, or an `@` with the nickname characters after it (SPEC §5 Nickname). */
const TOKEN = /@[A-Za-z0-9ÅÄÖåäö._-]+|[\p{L}\p{N}]+/gu;

/** The mention at `run` (an `@` and the nickname characters after it), or null when it is none. */
function mentionOf(text: string, index: number, run: string): string | null {
  const prev = /[\s\S]$/u.exec(text.slice(Math.max(0, index - 2), index))?.[0];
  if (!isTagBoundary(prev)) return null;
  const after = text.codePointAt(index + run.length);
  if (after !== undefined && WORD_AFTER_TAG.test(String.fromCodePoint(after))) return null;
  const nickname = run.slice(1).replace(/\.+$/, "");
  return nickname.length >= LIMITS.nicknameMin && nickname.length <= LIMITS.nicknameMax ? `@${nickname}` : null;
}

/**
 * The words and mentions of a text, in order. Text between them (spaces, punctuation) is left
 * out; an `@` that starts no mention (an e-mail address) is punctuation and its words are words.
 *
 * @param text plain text
 * @returns the tokens; each `text` is `text.slice(index, index + text.length)`
 */
export function searchTokens(text: string): SearchToken[] {
  const tokens: SearchToken[] = [];
  const pattern = new RegExp(TOKEN.source, TOKEN.flags);
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const index = match.index;
    if (match[0].startsWith("@")) {
      const mention = mentionOf(text, index, match[0]);
      if (mention) {
        tokens.push({ text: mention, index, mention: true });
        pattern.lastIndex = index + mention.length;
      } else {
        pattern.lastIndex = index + 1;
      }
      continue;
    }
    tokens.push({ text: match[0], index, mention: false });
  }
  return tokens;
}

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
 * Splits `text` into segments, marking whole words that match one of `terms`; mentions are
 * never marked.
 *
 * @param text plain text (a title, snippet or nickname)
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
  for (const token of searchTokens(text)) {
    push(text.slice(at, token.index), false);
    push(token.text, !token.mention && cleanTerms.length > 0 && wordMatches(token.text.toLowerCase(), cleanTerms));
    at = token.index + token.text.length;
  }
  push(text.slice(at), false);
  return segments;
}
