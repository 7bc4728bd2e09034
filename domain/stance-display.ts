/**
 * A post's stances as the page shows them: the tags beside a cashtag in cooked HTML and
 * the row of tags under a post. Its own module so the thread page does not carry the composer's
 * form code (`stances.ts`).
 *
 * @module
 */
import { postMarks as pm } from "./i18n/sv";
import type { AuthorSentiment, Position } from "./values";

/** One ticker's stated view and position in a post; null = none / not stated. */
export interface PostStance {
  /** Upper-case ticker. */
  ticker: string;
  sentiment: AuthorSentiment | null;
  position: Position | null;
}

/** Whether a stance states anything (a view or a position). */
export const statesSomething = (s: PostStance): boolean => s.sentiment !== null || s.position !== null;

/** The tags of one stance as HTML (static catalogue text only; nothing from the member). */
function tagsHtml(s: PostStance): string {
  const parts: string[] = [];
  if (s.sentiment) parts.push(`<span class="stance-tag stance-${s.sentiment}" title="${pm.sentimentTagTitle}">${pm.sentimentTags[s.sentiment]}</span>`);
  if (s.position) parts.push(`<span class="stance-tag stance-position" title="${pm.positionTagTitle}">${pm.positionTags[s.position]}</span>`);
  // Spaces between the words, so the text reads "$ERIC-B Bullish Äger" (screen readers, copying).
  return ` ${parts.join(" ")}`;
}

/**
 * Puts each stance's tags ('Bullish' / 'Bearish', 'Äger' / 'Äger ej') right after the first
 * cashtag link of its ticker in a post's cooked HTML (`<a class="cashtag" data-ticker="X">`,
 * written by `server/content/cook.ts`). A ticker without such a link (a thread naming it only in
 * its title) is returned in `unplaced`, for a row of tags under the post.
 *
 * @param html sanitised cooked HTML (`body_html`)
 * @param stances the post's stances (those stating nothing are skipped)
 * @returns `{ html, unplaced }`: the HTML with the tags, and the stances it had no cashtag for
 */
export function decorateCashtags(html: string, stances: readonly PostStance[]): { html: string; unplaced: PostStance[] } {
  const unplaced: PostStance[] = [];
  let out = html;
  for (const s of stances) {
    if (!statesSomething(s) || !/^[A-Z0-9-]+$/.test(s.ticker)) continue;
    const link = new RegExp(`<a [^>]*data-ticker="${s.ticker}"[^>]*>[^<]*</a>`);
    const match = link.exec(out);
    if (!match) {
      unplaced.push(s);
      continue;
    }
    const end = match.index + match[0].length;
    out = `${out.slice(0, end)}${tagsHtml(s)}${out.slice(end)}`;
  }
  return { html: out, unplaced };
}

/**
 * The visible words of a stance's tags, e.g. `Bullish · Äger` (for the row of tags under a post).
 *
 * @param s a stance
 * @returns the tags' texts, or `[]` when it states nothing
 */
export function stanceTags(s: PostStance): string[] {
  return [s.sentiment ? pm.sentimentTags[s.sentiment] : null, s.position ? pm.positionTags[s.position] : null].filter(
    (t): t is string => t !== null,
  );
}
