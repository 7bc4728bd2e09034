/**
 * The Markdown of a quote: what 'Citera' inserts into a composer and what
 * `server/content/cook.ts` recognises as a quote block. Both sides read the format from here.
 *
 * Format (readable in the textarea; the first line starts with `> @nick skrev:`):
 *
 * ```
 * > @anna skrev: first selected line
 * > second selected line [↩](/forum/kommentar/{commentId})
 *
 * ```
 *
 * The `@nick` is an ordinary mention (the quoted member is notified through the mention
 * notification, once). The trailing marker link `[↩](…)` on the last quoted line says which item
 * was quoted: cooking removes it and links the header's `skrev:` to that address instead.
 * Allowed addresses are the forum's own canonical item URLs only ({@link isQuoteSourceHref}).
 *
 * Pure: no DOM, no database.
 *
 * @module
 */

/** Text of the trailing marker link that carries the quoted item's address. */
export const QUOTE_MARKER = "↩";

/** The word after the nickname in a quote header (`@anna skrev:`). */
export const QUOTE_VERB = "skrev:";

/** What a quote is made of. */
export interface QuoteInput {
  /** The quoted member's nickname, without `@`. */
  nickname: string;
  /** The selected text as the browser gives it (`Selection.toString()`); any line endings. */
  text: string;
  /**
   * The quoted item's canonical path: `/forum/kommentar/{id}` for a comment or reply,
   * `/forum/kategori/{c}/trad/{t}` for a thread's post (domain/paths.ts). Empty: no marker.
   */
  href: string;
}

/**
 * Builds the Markdown of a quote: `> @nick skrev: <first line>`, every further line prefixed
 * `> ` (blank lines as `>`), the marker link `[↩](href)` at the end of the last line, then a
 * blank line. Leading and trailing blank lines of the selection and trailing spaces of each line
 * are dropped; runs of more than one blank line become one.
 *
 * @param input {@link QuoteInput}
 * @returns the Markdown ending in `"\n\n"`, or `""` when the selection has no visible text
 */
export function quoteMarkdown({ nickname, text, href }: QuoteInput): string {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .replace(/\u00a0/g, " ")
    .split("\n")
    .map((line) => line.replace(/\s+$/, ""))
    .filter((line, i, all) => line !== "" || (i > 0 && all[i - 1] !== ""));
  while (lines.length > 0 && lines[0] === "") lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  if (lines.length === 0) return "";
  const body = lines.map((line, i) => (i === 0 ? `> @${nickname} ${QUOTE_VERB} ${line.trimStart()}` : line === "" ? ">" : `> ${line}`));
  if (href) body[body.length - 1] += ` [${QUOTE_MARKER}](${href})`;
  return `${body.join("\n")}\n\n`;
}

/**
 * Adds a quote to what the composer already holds: on its own paragraph after existing text.
 *
 * @param current the composer's text
 * @param quote the quote from {@link quoteMarkdown}
 * @returns the new text and the caret position (its end, after the quote's blank line)
 */
export function appendQuote(current: string, quote: string): { text: string; caret: number } {
  const before = current.replace(/\s+$/, "");
  const text = before === "" ? quote : `${before}\n\n${quote}`;
  return { text, caret: text.length };
}

/** `/forum/kommentar/{uuid}` or `/forum/kategori/{id}/trad/{uuid}`: the quotable items' paths. */
const SOURCE_HREF =
  /^\/forum\/(?:kommentar\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|kategori\/[A-Za-z0-9_-]{1,64}\/trad\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * Whether a marker link's address may become a quote's source link: only the forum's own comment
 * and thread paths (no host, no query, no other scheme).
 *
 * @param href the link's address as written
 * @returns true for `/forum/kommentar/{uuid}` and `/forum/kategori/{id}/trad/{uuid}`
 */
export function isQuoteSourceHref(href: string): boolean {
  return SOURCE_HREF.test(href);
}
