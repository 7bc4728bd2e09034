/**
 * Turns what a member typed into the search box into the parts of a safe full-text query
 * (SPEC §4 Search, §7 search_all; docs/search.md).
 *
 * Nothing the member types reaches PostgreSQL's tsquery parser as syntax: the text is cut to
 * {@link QUERY_MAX_LENGTH} characters and split into runs of letters and digits, so quotes,
 * operators (`&`, `|`, `!`, `<->`, `:*`) and punctuation are only separators. The parts are then
 * passed as bind parameters to `plainto_tsquery` / `phraseto_tsquery` / `to_tsquery`.
 *
 * @module
 */
import { LIMITS } from "../../domain/validation";

/** Longest query considered, in characters; the rest is ignored (10 kB of text is not an error). */
export const QUERY_MAX_LENGTH = LIMITS.searchQuery;
/** At most this many words are searched for. */
export const MAX_WORDS = 8;
/** A last word this long or longer also matches as a prefix ('Ericss' finds 'Ericsson'). */
export const PREFIX_MIN_LENGTH = 3;
/** Longest text compared with nicknames (pg_trgm similarity). */
export const NICKNAME_MAX_LENGTH = 40;

/** The parsed query. Every string holds only letters, digits and single spaces. */
export interface ParsedQuery {
  /**
   * Multi-part words searched as phrases: 'H&M' → 'h m', '$VOLV-B' → 'volv b', 'ERIC B' → 'eric b'
   * (a share class letter after a word joins it).
   */
  phrases: string[];
  /** Whole words, all of which must match (stemmed with the Swedish snowball stemmer). */
  words: string[];
  /** The last word when the member may still be typing it (≥ 3 characters), matched as a prefix. */
  prefix: string | null;
  /** Trimmed, lower-cased text for nickname matching (no '@' or '$'), ≤ 40 characters. */
  nickname: string;
  /** Every word and phrase part, lower-case, for highlighting. */
  terms: string[];
  /** Whether anything searchable remains. */
  empty: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Parses a search text (SPEC §4 Search: trimmed; empty clears the results).
 *
 * @param input anything (non-strings count as empty); only the first 200 characters are used
 * @returns the {@link ParsedQuery}; `empty` when no letters or digits remain
 */
export function parseSearchQuery(input: unknown): ParsedQuery {
  const text = (typeof input === "string" ? input : "")
    .slice(0, QUERY_MAX_LENGTH)
    .normalize("NFKC")
    .toLowerCase()
    .trim();
  // Split on white space into chunks; a chunk like 'h&m' or '$volv-b' holds several parts.
  const chunks = text
    .split(/\s+/u)
    .map((chunk) => chunk.match(WORD) ?? [])
    .filter((parts) => parts.length > 0);
  // A share-class letter after a word ('ERIC B') belongs to it.
  const joined: string[][] = [];
  for (const parts of chunks) {
    const previous = joined[joined.length - 1];
    const isClassLetter = parts.length === 1 && /^[a-d]$/u.test(parts[0]!);
    if (previous && isClassLetter && previous.length === 1 && /^\p{L}{2,6}$/u.test(previous[0]!)) {
      previous.push(parts[0]!);
    } else {
      joined.push([...parts]);
    }
  }
  const limited = joined.slice(0, MAX_WORDS);
  const phrases: string[] = [];
  const words: string[] = [];
  let prefix: string | null = null;
  limited.forEach((parts, index) => {
    if (parts.length > 1) {
      phrases.push(parts.join(" "));
    } else if (index === limited.length - 1 && parts[0]!.length >= PREFIX_MIN_LENGTH) {
      prefix = parts[0]!;
    } else {
      words.push(parts[0]!);
    }
  });
  const terms = [...new Set(limited.flat())];
  const nickname = text
    .replace(/[@$]/gu, "")
    .trim()
    .slice(0, NICKNAME_MAX_LENGTH);
  return { phrases, words, prefix, nickname, terms, empty: terms.length === 0 };
}
