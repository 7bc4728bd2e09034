/**
 * The author's stated view ('Din syn': Bullish / Bearish) and position disclosure ('Innehav':
 * owns / does not own) per ticker of a post, as both sides need them: the composer's
 * form field names, reading them back from a submitted form, finding the cashtags of a text while
 * the member types (the browser has no ticker list: it asks `/api/tickers?known=…` which of the
 * candidates are listed), and placing the tags beside a cashtag in cooked HTML.
 *
 * Form fields: `syn.{TICKER}` = `bullish` | `bearish` | `` (none) and `innehav.{TICKER}` = `owns`
 * | `does_not_own` | `` (not stated). A form without any such field states nothing (an edit then
 * keeps what the post had); a ticker the post does not name is ignored by the server.
 *
 * @module
 */
import type { PostStance } from "./stance-display";
import { isTagBoundary, WORD_AFTER_TAG } from "./tag-boundary";

/** Prefix of a ticker's sentiment field (`syn.ERIC-B`). */
export const SENTIMENT_FIELD_PREFIX = "syn.";
/** Prefix of a ticker's position field (`innehav.ERIC-B`). */
export const POSITION_FIELD_PREFIX = "innehav.";
/** Most tickers one post may state a view or position for (a longer map is refused, 400). */
export const MAX_STANCES = 30;

/**
 * The name of a ticker's 'Din syn' field.
 *
 * @param ticker upper-case ticker, e.g. `ERIC-B`
 * @returns `syn.ERIC-B`
 */
export const sentimentField = (ticker: string): string => `${SENTIMENT_FIELD_PREFIX}${ticker}`;

/**
 * The name of a ticker's 'Innehav' field.
 *
 * @param ticker upper-case ticker
 * @returns `innehav.ERIC-B`
 */
export const positionField = (ticker: string): string => `${POSITION_FIELD_PREFIX}${ticker}`;

export type { PostStance } from "./stance-display";

/** A ticker's raw submitted values, before validation (`domain/validation.ts` `stancesSchema`). */
export interface RawStance {
  sentiment?: string;
  position?: string;
}

/**
 * Collects the `syn.*` and `innehav.*` fields of a submitted form into one map per ticker.
 *
 * @param form field name → value (the first value of each field, `server/http/forms.ts` `readForm`)
 * @returns ticker as submitted → `{ sentiment?, position? }` (raw strings), or undefined when the
 *   form has no such field (nothing stated: an edit keeps the post's stances)
 */
export function stancesFromForm(form: Readonly<Record<string, string | undefined>>): Record<string, RawStance> | undefined {
  let out: Record<string, RawStance> | undefined;
  for (const [key, value] of Object.entries(form)) {
    if (value === undefined) continue;
    const kind = key.startsWith(SENTIMENT_FIELD_PREFIX) ? "sentiment" : key.startsWith(POSITION_FIELD_PREFIX) ? "position" : null;
    if (!kind) continue;
    const ticker = key.slice(kind === "sentiment" ? SENTIMENT_FIELD_PREFIX.length : POSITION_FIELD_PREFIX.length);
    out ??= {};
    (out[ticker] ??= {})[kind] = value;
  }
  return out;
}

/** A ticker-like run after `$`: a base and up to two `-suffix` parts (as `server/content/cook.ts`). */
const TICKER_RUN = /([A-Za-z0-9]{1,12})((?:-[A-Za-z0-9]{1,6}){0,2})/y;

/**
 * The cashtags a text may name, for the composer: per `$` at a word boundary, the
 * candidate tickers longest first (`$ERIC-B-aktien` → `ERIC-B-AKTIEN`, `ERIC-B`, `ERIC`), by the
 * same rule as the server's cooking (`server/content/cook.ts`); code spans and code blocks are
 * skipped. Which candidate is a listed ticker is the server's to say ({@link resolveCashtags}).
 *
 * @param text a title or Markdown body as typed
 * @returns one array of upper-case candidates per cashtag, in order of appearance
 */
export function cashtagCandidates(text: string): string[][] {
  if (!text.includes("$")) return [];
  // Code is never cooked into cashtags: blank it out (same length, so boundaries stay).
  const plain = text.replace(/```[\s\S]*?(?:```|$)|`[^`\n]*`/g, (code) => " ".repeat(code.length));
  const out: string[][] = [];
  for (let at = plain.indexOf("$"); at !== -1; at = plain.indexOf("$", at + 1)) {
    const prev = at > 0 ? plain[at - 1] : undefined;
    if (!isTagBoundary(prev)) continue;
    TICKER_RUN.lastIndex = at + 1;
    const run = TICKER_RUN.exec(plain);
    if (!run) continue;
    const parts = [run[1]!, ...run[2]!.split("-").slice(1)];
    const candidates: string[] = [];
    for (let n = parts.length; n >= 1; n -= 1) {
      const raw = parts.slice(0, n).join("-");
      const after = plain[at + 1 + raw.length];
      if ((after === undefined || !WORD_AFTER_TAG.test(after)) && /[A-Za-z]/.test(raw)) candidates.push(raw.toUpperCase());
    }
    if (candidates.length > 0) out.push(candidates);
  }
  return out;
}

/**
 * The tickers a text names: per cashtag its longest known candidate (as the server cooks it).
 *
 * @param candidates {@link cashtagCandidates} of the text
 * @param isKnown whether an upper-case ticker is listed
 * @returns unique upper-case tickers in order of appearance
 */
export function resolveCashtags(candidates: readonly (readonly string[])[], isKnown: (ticker: string) => boolean): string[] {
  const out = new Set<string>();
  for (const list of candidates) {
    const hit = list.find(isKnown);
    if (hit) out.add(hit);
  }
  return [...out];
}

// Display (the tags in a post): domain/stance-display.ts, re-exported for the server.
export { decorateCashtags, stanceTags, statesSomething } from "./stance-display";
