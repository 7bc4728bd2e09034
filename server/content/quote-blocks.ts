/**
 * markdown-it core rule for quote blocks (format in domain/quote.ts).
 *
 * A blockquote whose first paragraph starts with a mention followed by ` skrev:` is a quote:
 * - the blockquote gets `class="quote"`;
 * - `@nick skrev:` is wrapped in `<span class="quote-header">`, and when the quote's last line
 *   ends with the marker link `[↩](path)` to one of the forum's own item paths
 *   ({@link isQuoteSourceHref}), the marker is removed and `skrev:` links to that path
 *   (`<a class="quote-source">`). Any other marker (external, `javascript:` — which markdown-it
 *   never makes a link —, another text) stays as it was written;
 * - the post's mentions are counted again: a mention inside a quote's text is not a mention of
 *   this post (quoting a comment that tags @bob does not notify bob again); the quote header's
 *   `@nick` is, unless the quote itself sits inside another quote's text.
 *
 * Runs after `text_join`, so adjacent text is one token. Pure; used by `server/content/cook.ts`.
 *
 * @module
 */
import type { StateCore, Token } from "markdown-it";
import { QUOTE_MARKER, QUOTE_VERB, isQuoteSourceHref } from "../../domain/quote";

/** What of cook's environment this rule reads and rewrites. */
interface QuoteEnv {
  /** Lower-cased nickname → first spelling, in order of appearance (cook's `mentions`). */
  mentions: Map<string, string>;
  /** Filled here: lower-cased nickname → spelling of each top-level quote header (for `quote` notifications). */
  quotes?: Map<string, string>;
}

const HEADER_OPEN = "quote_header_open";
const HEADER_CLOSE = "quote_header_close";
/** ` skrev:` right after the mention, then whitespace or the end of the text. */
const VERB_AFTER_MENTION = new RegExp(`^ ${QUOTE_VERB}(?=\\s|$)`);

/** Whether a token opens a mention link made by cook's mention rule. */
function isMentionOpen(token: Token | undefined): boolean {
  return token?.type === "link_open" && token.attrGet("class") === "mention" && token.attrGet("data-mention") !== null;
}

/** Index of the `blockquote_close` that matches the `blockquote_open` at `open`. */
function matchingClose(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i += 1) {
    if (tokens[i]!.type === "blockquote_open") depth += 1;
    else if (tokens[i]!.type === "blockquote_close") {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return tokens.length;
}

/**
 * Removes a trailing marker link `[↩](path)` from the quote's last line and returns its path;
 * null (nothing changed) when the line does not end in a valid marker.
 */
function takeMarker(children: Token[]): string | null {
  const n = children.length;
  if (n < 3) return null;
  const [open, label, close] = [children[n - 3]!, children[n - 2]!, children[n - 1]!];
  if (open.type !== "link_open" || label.type !== "text" || close.type !== "link_close") return null;
  if (label.content !== QUOTE_MARKER || open.attrs?.length !== 1) return null;
  const href = String(open.attrGet("href") ?? "");
  if (!isQuoteSourceHref(href)) return null;
  children.splice(n - 3, 3);
  // The space before the marker, or the line break when it stood on its own line.
  const before = children[children.length - 1];
  if (before?.type === "text") {
    before.content = before.content.replace(/\s+$/, "");
    if (before.content === "") children.pop();
  } else if (before?.type === "softbreak" || before?.type === "hardbreak") children.pop();
  return href;
}

/** Wraps `@nick skrev:` in the header span, `skrev:` a link to `source` when there is one. */
function rewriteHeader(state: StateCore, children: Token[], source: string | null): void {
  const verbText = children[3]!;
  const rest = verbText.content.slice(` ${QUOTE_VERB}`.length).replace(/^\s+/, "");
  const make = (type: string, tag: string, nesting: 1 | 0 | -1, content = ""): Token => {
    const token = new state.Token(type, tag, nesting);
    token.content = content;
    token.level = verbText.level;
    return token;
  };
  const open = make(HEADER_OPEN, "span", 1);
  open.attrs = [["class", "quote-header"]];
  const verb: Token[] = [];
  if (source) {
    const link = make("link_open", "a", 1);
    link.attrs = [["href", source], ["class", "quote-source"]];
    verb.push(link, make("text", "", 0, QUOTE_VERB), make("link_close", "a", -1));
  } else verb.push(make("text", "", 0, QUOTE_VERB));
  const header = [open, ...children.slice(0, 3), make("text", "", 0, " "), ...verb, make(HEADER_CLOSE, "span", -1)];
  const after = children.slice(4);
  // The header is a block of its own (CSS): no line break right after it.
  if (rest === "" && (after[0]?.type === "softbreak" || after[0]?.type === "hardbreak")) after.shift();
  children.splice(0, children.length, ...header, ...(rest ? [make("text", "", 0, rest)] : []), ...after);
}

/** Recounts the post's mentions, leaving out those inside a quote's text. */
function recountMentions(state: StateCore): void {
  const env = state.env as unknown as QuoteEnv;
  const found = new Map<string, string>();
  const quotes: boolean[] = [];
  let depth = 0;
  for (const token of state.tokens) {
    if (token.type === "blockquote_open") {
      const isQuote = token.attrGet("class") === "quote";
      quotes.push(isQuote);
      if (isQuote) depth += 1;
    } else if (token.type === "blockquote_close") {
      if (quotes.pop()) depth -= 1;
    } else if (token.type === "inline" && token.children) {
      let inHeader = false;
      for (const child of token.children) {
        if (child.type === HEADER_OPEN) inHeader = true;
        else if (child.type === HEADER_CLOSE) inHeader = false;
        else if (isMentionOpen(child) && (inHeader ? depth - 1 : depth) === 0) {
          const nickname = String(child.attrGet("data-mention"));
          const key = nickname.toLowerCase();
          if (!found.has(key)) found.set(key, nickname);
          if (inHeader && env.quotes && !env.quotes.has(key)) env.quotes.set(key, nickname);
        }
      }
    }
  }
  env.mentions.clear();
  for (const [key, nickname] of found) env.mentions.set(key, nickname);
}

/**
 * The core rule: marks quote blocks, links their headers, and recounts mentions (see module doc).
 *
 * @param state markdown-it core state whose `env` has cook's `mentions` map
 */
export function quoteBlocks(state: StateCore): void {
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i += 1) {
    const open = tokens[i]!;
    if (open.type !== "blockquote_open") continue;
    const first = tokens[i + 1]?.type === "paragraph_open" ? tokens[i + 2] : undefined;
    const children = first?.type === "inline" ? first.children : null;
    if (!children || !isMentionOpen(children[0]) || children[2]?.type !== "link_close") continue;
    if (children[3]?.type !== "text" || !VERB_AFTER_MENTION.test(children[3].content)) continue;
    const close = matchingClose(tokens, i);
    // The marker is on the quote's last line: its last block must be its own paragraph.
    const lastInline = tokens[close - 2];
    const ownLast =
      tokens[close - 1]?.type === "paragraph_close" && tokens[close - 1]!.level === open.level + 1 && lastInline?.type === "inline";
    const source = ownLast && lastInline.children ? takeMarker(lastInline.children) : null;
    open.attrSet("class", "quote");
    rewriteHeader(state, children, source);
  }
  recountMentions(state);
}
