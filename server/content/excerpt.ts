/**
 * Plain-text excerpts of posts and bios: the one function behind every place that shows a post's
 * text away from the post itself — the ticker page's and 'Bevakning''s lists, the profile's
 * 'Senaste kommentarer', 'Sparade', the thread's and profile's description and OpenGraph tags,
 * the JSON-LD `text`, the Atom entries' summary and the moderation log's label of a deleted
 * comment. Rules in docs/decisions/050-plain-excerpts.md.
 *
 * The text comes from the Markdown parser that cooks the post (`lazyMarkdownTokens` and
 * `markdownTokens`, server/content/cook.ts), so it reads as the cooked post does:
 * - emphasis, code and links give their text (`**Vad tror ni**` → `Vad tror ni`, `[Avanza](…)` →
 *   `Avanza`); bare URLs stay as typed; mentions read `@Nick`, cashtags `$TICK` (upper case);
 *   code blocks keep their text (the author's own words and figures);
 * - quotes are dropped, the forum's quote blocks (`> @Nick skrev: … [↩](…)`) and any other
 *   `>` block alike: they are someone else's words. When nothing else is left, the quoted text
 *   (without the `@Nick skrev:` headers) is the excerpt;
 * - images are dropped (their alt text too);
 * - paragraphs, lines and list items are joined with one space and every run of white space is
 *   folded into one;
 * - a text longer than asked is cut at the last word boundary and ends with `…`.
 *
 * Computed when read, parsing only the paragraphs it needs: about 25 µs of CPU for a typical
 * body, under 1 ms for a list of 30 (`bench/excerpt.ts`, docs/decisions/050). Pure; no database.
 *
 * @module
 */
import type { Token } from "markdown-it";
import { lazyMarkdownTokens, markdownTokens } from "./cook";

/** Characters of a list's excerpt (ticker page, 'Bevakning', profile, 'Sparade'). */
export const PREVIEW_CHARS = 200;
/** Characters of a page's `description` / `og:description` (search engines show about 160). */
export const DESCRIPTION_CHARS = 160;
/** Characters of an Atom entry's `summary`. */
export const FEED_SUMMARY_CHARS = 300;

/** The ellipsis that ends a cut excerpt. */
export const ELLIPSIS = "…";

/** Trailing characters that read badly before the ellipsis. */
const TRAILING_BEFORE_ELLIPSIS = /[\s,;:.–—-]+$/u;

/** The text of one inline token's children: text, code and link labels; images and quote headers left out. */
function inlineText(children: readonly Token[], out: string[]): void {
  let inHeader = false;
  for (const child of children) {
    switch (child.type) {
      case "quote_header_open":
        inHeader = true;
        break;
      case "quote_header_close":
        inHeader = false;
        break;
      case "text":
      case "text_special":
      case "code_inline":
        if (!inHeader) out.push(child.content);
        break;
      case "softbreak":
      case "hardbreak":
        out.push(" ");
        break;
      // `image` (its alt text is in its own children, never visited), links, emphasis, cashtag
      // spans: no text of their own.
      default:
        break;
    }
  }
}

/**
 * The post's own text, quotes left out: blocks in order, each paragraph parsed only when reached
 * (`lazyMarkdownTokens`), stopping once more than `maxChars` characters are folded (the rest would
 * be cut anyway).
 */
function ownText(source: string, maxChars: number): string {
  const { tokens, inline } = lazyMarkdownTokens(source);
  const out: string[] = [];
  let quoteDepth = 0;
  for (const token of tokens) {
    if (token.type === "blockquote_open") quoteDepth += 1;
    else if (token.type === "blockquote_close") quoteDepth = Math.max(0, quoteDepth - 1);
    else if (quoteDepth > 0) continue;
    else if (token.type === "inline") {
      inlineText(inline(token), out);
      if (fold(out).length > maxChars) break;
    } else if (token.type === "fence" || token.type === "code_block") out.push(token.content);
    // Blocks never run together: "slut.</p><p>Nästa" reads "slut. Nästa".
    out.push(" ");
  }
  return fold(out);
}

/**
 * The text inside the post's quotes, their `@X skrev:` headers left out: the excerpt of a post
 * that is only a quote (parsed whole, with the quote headers marked: `markdownTokens`).
 */
function quotedText(source: string): string {
  const out: string[] = [];
  let quoteDepth = 0;
  for (const token of markdownTokens(source)) {
    if (token.type === "blockquote_open") quoteDepth += 1;
    else if (token.type === "blockquote_close") quoteDepth = Math.max(0, quoteDepth - 1);
    else if (quoteDepth === 0) continue;
    else if (token.type === "inline") inlineText(token.children ?? [], out);
    else if (token.type === "fence" || token.type === "code_block") out.push(token.content);
    out.push(" ");
  }
  return fold(out);
}

/** Joins pieces and folds every run of white space (line breaks, tabs, no-break spaces) into one space. */
function fold(pieces: readonly string[]): string {
  return pieces.join("").replace(/\s+/gu, " ").trim();
}

/**
 * Cuts folded text to at most `maxChars` UTF-16 code units, ellipsis included: at the last space
 * when the cut falls inside a word (a single word longer than half the room, e.g. a URL, is cut
 * where it is), never inside a surrogate pair, trailing `, ; : . –` dropped before `…`.
 */
function cutOnWord(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  if (maxChars < 1) return "";
  let cut = text.slice(0, maxChars - ELLIPSIS.length);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  if (text[cut.length] !== " ") {
    const space = cut.lastIndexOf(" ");
    if (space >= cut.length / 2) cut = cut.slice(0, space);
  }
  return cut.replace(TRAILING_BEFORE_ELLIPSIS, "") + ELLIPSIS;
}

/**
 * The plain-text excerpt of a post or bio (rules in the module comment): no Markdown, quotes and
 * images dropped, white space folded, cut on a word with `…`.
 *
 * @param source the Markdown source as stored (`body`, `bio`); `""` or white space gives `""`
 * @param maxChars the longest result in UTF-16 code units (as `String.length` counts), the `…`
 *   included; `Infinity` (the default) for the whole text, e.g. the JSON-LD `text`
 * @returns one line of plain text, at most `maxChars` long: the post's own text; the text of its
 *   quotes when it has no other; `""` when it has neither (e.g. only an image). Never throws:
 *   every string is valid Markdown.
 */
export function plainExcerpt(source: string, maxChars = Number.POSITIVE_INFINITY): string {
  const text = ownText(source, maxChars) || quotedText(source);
  return cutOnWord(text, maxChars);
}

/**
 * {@link plainExcerpt} of several posts at once, keyed by id (the thread page's JSON-LD).
 *
 * @param posts posts with their `id` and Markdown `body`
 * @param maxChars as for {@link plainExcerpt}; default the whole text
 * @returns id → excerpt, one entry per post
 */
export function plainExcerpts(posts: Iterable<{ id: string; body: string }>, maxChars = Number.POSITIVE_INFINITY): Record<string, string> {
  const out: Record<string, string> = {};
  for (const post of posts) out[post.id] = plainExcerpt(post.body, maxChars);
  return out;
}
