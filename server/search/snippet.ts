/**
 * Search snippets (SPEC §2 Search results, §3 Search result `snippet`): a short plain-text window
 * of a post around the first word that matches the query.
 *
 * @module
 */
import markdownIt, { type Token } from "markdown-it";
import { searchTokens, wordMatches } from "../../domain/search-highlight";

/** Longest snippet in characters (without the ellipses). */
export const SNIPPET_LENGTH = 160;

/** A parser with the forum's settings (server/content/cook.ts: raw HTML is text). */
const md = markdownIt("default", { html: false, linkify: false, breaks: true, typographer: false });

/**
 * Markdown source to the plain text a reader sees: markdown-it's tokens, keeping text and code,
 * dropping images and markup; raw HTML stays visible text as in the rendered post (`html: false`).
 *
 * @param markdown a post body as written (SPEC §3 body)
 * @returns one line of plain text
 */
export function markdownToPlain(markdown: string): string {
  const out: string[] = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "image") continue;
      if (token.children) walk(token.children);
      else if (token.type === "text" || token.type === "code_inline" || token.type === "html_inline") out.push(token.content);
      else if (token.type === "fence" || token.type === "code_block" || token.type === "html_block") out.push(` ${token.content} `);
      else if (token.type === "softbreak" || token.type === "hardbreak" || token.type.endsWith("_close")) out.push(" ");
    }
  };
  walk(md.parse(markdown, {}));
  return out.join("").replace(/\s+/g, " ").trim();
}

/**
 * A window of about {@link SNIPPET_LENGTH} characters around the first matching word outside
 * mentions, with '…' where text was cut; the start of the text when nothing matches.
 *
 * @param markdown the post body
 * @param terms lower-case terms and stems (see `wordMatches`)
 * @returns plain text, ≤ 162 characters
 */
export function makeSnippet(markdown: string, terms: readonly string[]): string {
  const plain = markdownToPlain(markdown);
  if (plain.length <= SNIPPET_LENGTH) return plain;
  // A word of a mention is no match (search does not index it), so the window is not put there.
  const hit = searchTokens(plain).find((token) => !token.mention && wordMatches(token.text.toLowerCase(), terms));
  const hitAt = hit ? hit.index : -1;
  let start = hitAt < 0 ? 0 : Math.max(0, hitAt - 50);
  // Start at a word boundary.
  if (start > 0) {
    const space = plain.lastIndexOf(" ", start);
    start = space >= 0 && hitAt - space <= 70 ? space + 1 : start;
  }
  let end = Math.min(plain.length, start + SNIPPET_LENGTH);
  if (end < plain.length) {
    const space = plain.lastIndexOf(" ", end);
    if (space > start + 80) end = space;
  }
  return `${start > 0 ? "…" : ""}${plain.slice(start, end).trim()}${end < plain.length ? "…" : ""}`;
}
