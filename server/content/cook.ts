/**
 * Cooking: Markdown source of a thread, comment or bio turned into sanitised HTML once, at write
 * time, and stored beside the source (Discourse's approach; beyond the spec).
 *
 * Pipeline: markdown-it (`html: false`, so raw HTML in the input is escaped and shown as text;
 * linkify on; a safe CommonMark subset: paragraphs, line breaks, emphasis, lists, quotes, code
 * spans and blocks, links) → @mentions and $TICKERs turned into links by a core rule → the
 * result sanitised by sanitize-html with a tag, attribute, class and URL-scheme allow-list, which
 * also gives external links `rel="nofollow ugc noopener"` and `target="_blank"`.
 *
 * Decisions:
 * - Single newlines are line breaks (`breaks: true`), as bodies were shown before Markdown.
 * - Headings, rules, tables and strikethrough are off: `# text` stays text, so a post cannot shout.
 * - Images (chart screenshots) are shown only from the forum's own storage: an image
 *   whose address is a post image of this forum (`/uploads/posts/<random>-<w>x<h>.webp`, domain/
 *   uploads.ts `parsePostImageUrl`) becomes `<a href class="post-image"><img src alt width height
 *   loading="lazy" decoding="async"></a>` (the link opens the full size; the browser's lightbox
 *   hooks onto it), at most `MAX_POST_IMAGES` per post; any other image address becomes a plain
 *   link to it (external: `rel="nofollow ugc noopener"`), so a post never pulls third-party
 *   images into the page. The width and height come from the key, so this module stays pure.
 * - A mention (`@` at the start, or after whitespace or punctuation other than `@ $ _ / \ . - +
 *   = & # %`, followed by nickname characters with trailing dots trimmed, 2–30 characters, not
 *   followed by another letter or digit) links to `/@nickname` whether or not that member exists:
 *   cooked HTML must not depend on who is registered at write time (a member created later, or
 *   renamed, would otherwise need a re-cook). The `/@nickname` page resolves the nickname
 *   case-insensitively and shows its own 404. The case is kept as typed.
 * - A cashtag is `$` + a Nasdaq Stockholm style ticker, upper-cased: the longest known ticker wins
 *   (`$ERIC-B-aktien` → `ERIC-B`); a known one links to `/forum/aktie/TICKER`, an unknown one that
 *   looks like a ticker (starts with a letter, `[A-Z0-9]{1,10}(-[A-Z0-9]{1,4})?`) becomes a plain
 *   `<span class="cashtag">`, anything else (`$100`) stays text.
 * - Neither is recognised inside code spans, code blocks or link text, nor after a backslash
 *   (`\@anna`, `\$VOLV-B` stay literal).
 * - A quote (`> @nick skrev: …`, domain/quote.ts) becomes `<blockquote class="quote">` with a
 *   header linking back to the quoted item; mentions inside a quote's text do not count as
 *   mentions of this post (quoting is not re-notifying), its header's `@nick` does
 *   (`server/content/quote-blocks.ts`).
 *
 * `markdownTokens` and `lazyMarkdownTokens` give the same parse as tokens, for readers of the text
 * (`server/content/excerpt.ts`, docs/decisions/050-plain-excerpts.md).
 *
 * This module is pure (no database); `server/content/storage.ts` has the database helpers.
 *
 * @module
 */
import markdownIt, { type MarkdownIt, type StateCore, type Token } from "markdown-it";
import sanitizeHtml from "sanitize-html";
import { NICKNAME_MAX, NICKNAME_MIN } from "../../domain/validation";
import { MAX_POST_IMAGES, parsePostImageUrl } from "../../domain/uploads";
import { quoteBlocks } from "./quote-blocks";
import { isTagBoundary, WORD_AFTER_TAG } from "../../domain/tag-boundary";

/** Options of {@link cook}. */
export interface CookOptions {
  /**
   * Whether an upper-case ticker (e.g. `VOLV-B`) is a listed company; without it every cashtag
   * is unknown (a `<span>`, never a link).
   */
  isKnownTicker?: (ticker: string) => boolean;
  /**
   * Whether a lower-cased nickname belongs to a member (only existing members become
   * mention links; `@zzzq` stays plain text and is not in `mentions`). Without it every
   * well-formed `@nick` is a mention (callers that know the members pass it:
   * `server/content/storage.ts`).
   */
  isKnownNickname?: (nickname: string) => boolean;
}

/** What {@link cook} returns. */
export interface Cooked {
  /** Sanitised HTML, safe to insert with `dangerouslySetInnerHTML`; `""` for an empty source. */
  html: string;
  /** Unique mentioned nicknames as typed (first spelling kept), in order of appearance. */
  mentions: string[];
  /** Unique known tickers (upper case), in order of appearance; what `post_tickers` indexes. */
  tickers: string[];
  /**
   * Unique nicknames whose posts this one quotes (the `@nick` of each top-level quote
   * header), as typed; each is also in `mentions`. They get a `quote` notification
   * instead of a `mention`.
   */
  quotes: string[];
}

/** Tags the cooked HTML may contain. */
export const ALLOWED_TAGS = [
  "p",
  "br",
  "strong",
  "em",
  "ul",
  "ol",
  "li",
  "blockquote",
  "code",
  "pre",
  "a",
  "span",
  "img",
] as const;

/** Attributes the cooked HTML may contain, per tag (no other tag has any). */
export const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ["href", "rel", "target", "class", "data-mention", "data-ticker"],
  span: ["class"],
  img: ["src", "alt", "width", "height", "loading", "decoding"],
  blockquote: ["class"],
  ol: ["start"],
};

/** URL schemes a link may use; relative links (`/forum/…`) are allowed too. */
export const ALLOWED_SCHEMES = ["http", "https", "mailto"] as const;

/** `rel` of every external link (not for search engines, user content, no `window.opener`). */
export const EXTERNAL_REL = "nofollow ugc noopener";

/** Characters of a nickname (SPEC §5 Nickname). */
const NICK_RUN = /[A-Za-z0-9ÅÄÖåäö._-]+/y;
/** A ticker-like run after `$`: a base and up to two `-suffix` parts. */
const TICKER_RUN = /([A-Za-z0-9]{1,12})((?:-[A-Za-z0-9]{1,6}){0,2})/y;
/** What an unknown cashtag must look like to be marked. */
const UNKNOWN_TICKER = /^[A-Z][A-Z0-9]{0,9}(?:-[A-Z0-9]{1,4})?$/;

/** The last code point of a string, or undefined for `""`. */
function lastChar(text: string): string | undefined {
  return /[\s\S]$/u.exec(text)?.[0];
}

/** The code point starting at `index`, or undefined at the end. */
function charAt(text: string, index: number): string | undefined {
  const cp = text.codePointAt(index);
  return cp === undefined ? undefined : String.fromCodePoint(cp);
}

interface CookEnv {
  /** Own images rendered so far (at most {@link MAX_POST_IMAGES}). */
  images: number;
  isKnownTicker: (ticker: string) => boolean;
  isKnownNickname: (nickname: string) => boolean;
  mentions: Map<string, string>;
  tickers: Set<string>;
  /** Lower-cased nickname → spelling of each top-level quote header (./quote-blocks.ts). */
  quotes?: Map<string, string>;
}

/** A match inside a text token: where it ends and the tokens that replace it. */
type TagMatch = { end: number; tokens: Token[] };

function mentionAt(state: StateCore, text: string, at: number, env: CookEnv): TagMatch | null {
  NICK_RUN.lastIndex = at + 1;
  const run = NICK_RUN.exec(text);
  if (!run) return null;
  const after = charAt(text, at + 1 + run[0].length);
  if (after !== undefined && WORD_AFTER_TAG.test(after)) return null;
  const nickname = run[0].replace(/\.+$/, "");
  if (nickname.length < NICKNAME_MIN || nickname.length > NICKNAME_MAX) return null;
  const key = nickname.toLowerCase();
  if (!env.isKnownNickname(key)) {
    const plain = new state.Token("text", "", 0);
    plain.content = `@${nickname}`;
    return { end: at + 1 + nickname.length, tokens: [plain] };
  }
  if (!env.mentions.has(key)) env.mentions.set(key, nickname);
  return {
    end: at + 1 + nickname.length,
    tokens: linkTokens(state, `/@${encodeURIComponent(nickname)}`, "mention", ["data-mention", nickname], `@${nickname}`),
  };
}

function cashtagAt(state: StateCore, text: string, at: number, env: CookEnv): TagMatch | null {
  TICKER_RUN.lastIndex = at + 1;
  const run = TICKER_RUN.exec(text);
  if (!run) return null;
  const parts = [run[1]!, ...run[2]!.split("-").slice(1)];
  // Longest first: BASE-X-Y, BASE-X, BASE.
  const candidates: string[] = [];
  for (let n = parts.length; n >= 1; n -= 1) {
    const raw = parts.slice(0, n).join("-");
    const after = charAt(text, at + 1 + raw.length);
    if (after === undefined || !WORD_AFTER_TAG.test(after)) candidates.push(raw);
  }
  for (const raw of candidates) {
    const ticker = raw.toUpperCase();
    if (/[A-Z]/.test(ticker) && env.isKnownTicker(ticker)) {
      env.tickers.add(ticker);
      return {
        end: at + 1 + raw.length,
        tokens: linkTokens(state, `/forum/aktie/${encodeURIComponent(ticker)}`, "cashtag", ["data-ticker", ticker], `$${ticker}`),
      };
    }
  }
  for (const raw of candidates) {
    const ticker = raw.toUpperCase();
    if (UNKNOWN_TICKER.test(ticker)) {
      const open = new state.Token("cashtag_open", "span", 1);
      open.attrs = [["class", "cashtag"]];
      const label = new state.Token("text", "", 0);
      label.content = `$${ticker}`;
      const close = new state.Token("cashtag_close", "span", -1);
      return { end: at + 1 + raw.length, tokens: [open, label, close] };
    }
  }
  return null;
}

function linkTokens(
  state: StateCore,
  href: string,
  className: string,
  data: [string, string],
  label: string,
): Token[] {
  const open = new state.Token("link_open", "a", 1);
  open.attrs = [["href", href], ["class", className], data];
  open.markup = className;
  const text = new state.Token("text", "", 0);
  text.content = label;
  const close = new state.Token("link_close", "a", -1);
  close.markup = className;
  return [open, text, close];
}

/** Splits one text token around its mentions and cashtags. */
function splitText(state: StateCore, token: Token, prevChar: string | undefined, env: CookEnv): Token[] {
  const text = token.content;
  if (!text.includes("@") && !text.includes("$")) return [token];
  const out: Token[] = [];
  let plainFrom = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if ((c === "@" || c === "$") && isTagBoundary(i === 0 ? prevChar : lastChar(text.slice(Math.max(0, i - 2), i)))) {
      const match = c === "@" ? mentionAt(state, text, i, env) : cashtagAt(state, text, i, env);
      if (match) {
        if (i > plainFrom) {
          const plain = new state.Token("text", "", 0);
          plain.content = text.slice(plainFrom, i);
          out.push(plain);
        }
        for (const t of match.tokens) t.level = token.level;
        out.push(...match.tokens);
        i = match.end;
        plainFrom = i;
        continue;
      }
    }
    i += 1;
  }
  if (out.length === 0) return [token];
  if (plainFrom < text.length) {
    const rest = new state.Token("text", "", 0);
    rest.content = text.slice(plainFrom);
    out.push(rest);
  }
  return out;
}

/** Core rule: mentions and cashtags in text outside links (code is not text, so never touched). */
function mentionsAndCashtags(state: StateCore): void {
  const env = state.env as unknown as CookEnv;
  for (const block of state.tokens) {
    if (block.type !== "inline" || !block.children) continue;
    const out: Token[] = [];
    let linkDepth = 0;
    let prevChar: string | undefined;
    for (const token of block.children) {
      if (token.type === "link_open") linkDepth += 1;
      else if (token.type === "link_close") linkDepth = Math.max(0, linkDepth - 1);
      if (token.type === "text" && linkDepth === 0) out.push(...splitText(state, token, prevChar, env));
      else out.push(token);
      prevChar = token.type === "text" || token.type === "text_special" ? lastChar(token.content) : undefined;
    }
    block.children = out;
  }
}

/** Escapes text for an HTML attribute or element. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Whether the inline token at `idx` sits inside a link (an image there gets no link of its own). */
function insideLink(tokens: Token[], idx: number): boolean {
  let depth = 0;
  for (let i = 0; i < idx; i += 1) {
    if (tokens[i]!.type === "link_open") depth += 1;
    else if (tokens[i]!.type === "link_close") depth = Math.max(0, depth - 1);
  }
  return depth > 0;
}

/**
 * Renders a Markdown image: an own post image as a lazy `<img>` with its size inside a link to
 * the full size; anything else as a link to the address with the alt text (or the address) as
 * its text. The sanitiser checks the result again.
 */
function renderImage(md: MarkdownIt): NonNullable<MarkdownIt["renderer"]["rules"]["image"]> {
  return (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    const src = String(token.attrGet("src") ?? "");
    const alt = self.renderInlineAsText(token.children ?? [], options, env);
    const cookEnv = env as unknown as CookEnv;
    const own = parsePostImageUrl(src);
    if (own && cookEnv.images < MAX_POST_IMAGES) {
      cookEnv.images += 1;
      const img =
        `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="${own.width}" height="${own.height}"` +
        ` loading="lazy" decoding="async">`;
      return insideLink(tokens, idx) ? img : `<a href="${escapeHtml(src)}" class="post-image">${img}</a>`;
    }
    const label = escapeHtml(alt.trim() || src);
    if (insideLink(tokens, idx) || !md.validateLink(src)) return label;
    return `<a href="${escapeHtml(src)}">${label}</a>`;
  };
}

function createMarkdown(): MarkdownIt {
  const md = markdownIt("default", { html: false, linkify: true, breaks: true, typographer: false });
  md.disable(["table", "heading", "lheading", "hr", "strikethrough"]);
  md.renderer.rules.image = renderImage(md);
  // linkify-it 6 no longer links bare domains by default; `www.avanza.se` should be a link.
  md.linkify.set({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: false });
  // After linkify (URLs keep their `@` and `$`), before text_join (escaped `\@` stays apart).
  md.core.ruler.after("linkify", "mentions_cashtags", mentionsAndCashtags);
  // Last (after text_join): quote blocks, and which mentions notify (./quote-blocks.ts).
  md.core.ruler.push("quote_blocks", quoteBlocks);
  return md;
}

const markdown = createMarkdown();

/** Whether a link points into this site (`/…` but not `//host` or `/\host`, or `#…`). */
function isInternalHref(href: string): boolean {
  return /^\/(?![/\\])/.test(href) || href.startsWith("#");
}

/** Whether a link may stay: internal, or one of {@link ALLOWED_SCHEMES} (checked again below). */
function isAllowedHref(href: string): boolean {
  return isInternalHref(href) || /^(?:https?:\/\/|mailto:)/i.test(href);
}

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: ALLOWED_ATTRIBUTES,
  allowedClasses: { a: ["mention", "cashtag", "post-image", "quote-source"], span: ["cashtag", "quote-header"], blockquote: ["quote"] },
  allowedSchemes: [...ALLOWED_SCHEMES],
  // An image's address is relative (own storage only, checked in transformTags.img).
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  // A link whose address was refused keeps only its text.
  // An image that is not one of the forum's own post images is dropped whole.
  exclusiveFilter: (frame) =>
    frame.tag === "a" && !frame.attribs.href ? "excludeTag" : frame.tag === "img" && !frame.attribs.src ? true : false,
  transformTags: {
    img: (tagName, attribs): sanitizeHtml.Tag => {
      const src = attribs.src?.trim() ?? "";
      const own = parsePostImageUrl(src);
      if (!own) return { tagName, attribs: {} as Record<string, string> };
      return {
        tagName,
        attribs: {
          src,
          alt: attribs.alt ?? "",
          width: String(own.width),
          height: String(own.height),
          loading: "lazy",
          decoding: "async",
        },
      };
    },
    a: (tagName, attribs) => {
      const { rel: _rel, target: _target, href, ...rest } = attribs;
      const trimmed = href?.trim();
      // No or refused address: keep the text, drop the link attributes.
      if (!trimmed || !isAllowedHref(trimmed)) return { tagName, attribs: rest };
      if (isInternalHref(trimmed)) return { tagName, attribs: { href: trimmed, ...rest } };
      return { tagName, attribs: { href: trimmed, ...rest, rel: EXTERNAL_REL, target: "_blank" } };
    },
  },
};

/**
 * Sanitises HTML with the cooked-content allow-list (tags {@link ALLOWED_TAGS}, attributes
 * {@link ALLOWED_ATTRIBUTES}, schemes {@link ALLOWED_SCHEMES}); external links get
 * {@link EXTERNAL_REL} and `target="_blank"`.
 *
 * @param html any HTML
 * @returns the sanitised HTML
 */
export function sanitizeCooked(html: string): string {
  return sanitizeHtml(html, sanitizeOptions);
}

/**
 * Cooks Markdown source into sanitised HTML and finds its mentions and known tickers.
 *
 * @param source the body or bio as typed (Markdown; raw HTML is shown as text)
 * @param options {@link CookOptions}: which tickers are known
 * @returns {@link Cooked}: `html` (empty for a blank source), unique `mentions`, unique known
 *   `tickers`
 */
export function cook(source: string, options: CookOptions = {}): Cooked {
  if (source.trim().length === 0) return { html: "", mentions: [], tickers: [], quotes: [] };
  const env: CookEnv = {
    images: 0,
    isKnownTicker: options.isKnownTicker ?? (() => false),
    isKnownNickname: options.isKnownNickname ?? (() => true),
    mentions: new Map(),
    tickers: new Set(),
    quotes: new Map(),
  };
  const rendered = markdown.render(source, env as unknown as Record<string, unknown>);
  return {
    html: sanitizeCooked(rendered).trim(),
    mentions: [...env.mentions.values()],
    tickers: [...env.tickers],
    quotes: [...(env.quotes?.values() ?? [])],
  };
}

/** A fresh environment for reading a source without cooking it: every nickname, no ticker known. */
function readingEnv(): CookEnv {
  return { images: 0, isKnownTicker: () => false, isKnownNickname: () => true, mentions: new Map(), tickers: new Set(), quotes: new Map() };
}

/**
 * The markdown-it token stream of a source, parsed by the same parser and core rules as
 * {@link cook} (mentions, cashtags and `blockquote.quote` blocks with their `quote_header_*`
 * tokens marked), for readers that want the text rather than the HTML
 * (`server/content/excerpt.ts`). Every well-formed `@nick` counts as a mention and no ticker as
 * known; neither changes any text (a mention link and a plain `@nick`, a cashtag link and a
 * `span.cashtag` read the same).
 *
 * @param source Markdown as typed (a body or bio)
 * @returns the block tokens, each `inline` token with its `children`; `[]` for a blank source
 */
export function markdownTokens(source: string): Token[] {
  if (source.trim().length === 0) return [];
  return markdown.parse(source, readingEnv() as unknown as Record<string, unknown>);
}

/** What {@link lazyMarkdownTokens} returns. */
export interface LazyTokens {
  /** The block tokens as {@link cook} parses them; `inline` tokens have no children until {@link LazyTokens.inline}. */
  tokens: Token[];
  /**
   * Parses one `inline` token of {@link LazyTokens.tokens} (once; later calls give the same
   * array) with {@link cook}'s inline and core rules: emphasis, code, links, `http(s)://` URLs,
   * images, escapes, mentions and cashtags. Not the search for bare domains (`www.di.se` stays
   * text, which reads the same), and quote headers are not marked (they need the whole quote).
   *
   * @param token an `inline` token of `tokens`
   * @returns its children
   */
  inline(token: Token): Token[];
}

/** The cooker's block rules alone (and `normalize`): the inline parsing is left to {@link lazyMarkdownTokens}. */
const blockMarkdown = (() => {
  const md = createMarkdown();
  md.core.ruler.disable(["inline", "linkify", "text_join", "mentions_cashtags", "quote_blocks"]);
  return md;
})();

/**
 * The cooker's rules for one paragraph, without the core `linkify` rule: its search for bare
 * domains in every text (linkify-it's fuzzy links) was over half of the parsing time of a typical
 * post, and a domain reads the same as text or as a link's label (docs/decisions/050). Links
 * typed with `http(s)://` are still found, by the inline `linkify` rule.
 */
const paragraphMarkdown = (() => {
  const md = createMarkdown();
  md.core.ruler.disable(["linkify"]);
  return md;
})();

/**
 * The token stream of a source with each paragraph's inline tokens parsed only when asked, so a
 * reader that needs the first 200 characters of a long post parses the blocks (cheap) and the
 * paragraphs it reads (`server/content/excerpt.ts`). The cooker's core rules run over each such
 * paragraph alone, with the link references of the whole source; the text is the one
 * {@link markdownTokens} gives, but for the letter case of a cashtag glued to a bare domain
 * (`$volv-bwww.di.se`).
 *
 * @param source Markdown as typed (a body or bio)
 * @returns {@link LazyTokens}; no tokens for a blank source
 */
export function lazyMarkdownTokens(source: string): LazyTokens {
  if (source.trim().length === 0) return { tokens: [], inline: () => [] };
  const env = readingEnv() as unknown as Record<string, unknown>;
  // Fills env.references, which the paragraphs' `[text][ref]` links resolve against.
  const tokens = blockMarkdown.parse(source, env);
  const parsed = new WeakSet<Token>();
  return {
    tokens,
    inline(token) {
      if (!parsed.has(token)) {
        parsed.add(token);
        // The core chain over this one token: `block` finds no source to parse; `inline`,
        // mentions and cashtags, `text_join` and `quote_blocks` do as in cook.
        const state = new paragraphMarkdown.core.State("", paragraphMarkdown, env);
        state.tokens = [token];
        token.children = [];
        paragraphMarkdown.core.process(state);
      }
      return token.children ?? [];
    },
  };
}

/**
 * The known tickers a plain-text line names, by the same cashtag rule as {@link cook} (`$` at a
 * boundary, longest known ticker wins, not after a backslash). For thread titles, which are plain
 * text and never cooked as Markdown (the ticker page lists threads whose title names
 * the ticker).
 *
 * @param text plain text, e.g. a thread title (`Dags att köpa $VOLV-B?`)
 * @param options `isKnownTicker`, as for {@link cook}; without it nothing is known
 * @returns unique known tickers (upper case), in order of appearance; `[]` when none
 */
export function plainTextTickers(text: string, options: CookOptions = {}): string[] {
  if (!text.includes("$")) return [];
  const env: CookEnv = {
    images: 0,
    isKnownTicker: options.isKnownTicker ?? (() => false),
    isKnownNickname: options.isKnownNickname ?? (() => true),
    mentions: new Map(),
    tickers: new Set(),
  };
  const state = new markdown.core.State("", markdown, env as unknown as Record<string, unknown>);
  const token = new state.Token("text", "", 0);
  token.content = text;
  splitText(state, token, undefined, env);
  return [...env.tickers];
}
