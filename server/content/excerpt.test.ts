/**
 * Plain-text excerpts: no Markdown survives, quotes (the forum's quote blocks and plain `>`
 * blocks) and images are dropped, link, mention and cashtag text is kept, white space is folded,
 * a long text is cut on a word with `…`, and a post that is only a quote falls back to the
 * quoted text.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Token } from "markdown-it";
import { quoteMarkdown } from "../../domain/quote";
import { markdownTokens } from "./cook";
import { DESCRIPTION_CHARS, ELLIPSIS, plainExcerpt, plainExcerpts } from "./excerpt";

const ID = "0b7c5a4e-8f7e-4d7a-9c51-2a1f3c0d9e11";
const IMAGE = "/uploads/posts/abcdefghijklmnopqrstuv-800x600.webp";
const quote = (nickname: string, text: string) => quoteMarkdown({ nickname, text, href: `/forum/kommentar/${ID}` });

describe("plainExcerpt", () => {
  it("gives the text of emphasis, code and links, never their Markdown", () => {
    expect(plainExcerpt("**Vad tror ni** om _Volvo_? Se `P/E` på [Avanza](https://www.avanza.se) och www.di.se")).toBe(
      "Vad tror ni om Volvo? Se P/E på Avanza och www.di.se",
    );
  });

  it("reads mentions as @Nick and cashtags as $TICK, as the cooked post does", () => {
    expect(plainExcerpt("Hej @Skeptiska_Sara, köp $volv-b men inte $100")).toBe("Hej @Skeptiska_Sara, köp $VOLV-B men inte $100");
  });

  it("drops the forum's quote blocks with their '@X skrev:' header and '↩' link, and plain > quotes", () => {
    const source = `${quote("Skeptiska_Sara", "Volvo är **dyr**\nP/E 14")}**Vad tror ni** om det?\n\n> någon sa något\n\nSlut.`;
    const text = plainExcerpt(source);
    expect(text).toBe("Vad tror ni om det? Slut.");
    for (const raw of ["**", "> ", "[↩]", "↩", "skrev:", "Sara", "dyr"]) expect(text).not.toContain(raw);
  });

  it("drops images, own uploads and others, with their alt text", () => {
    expect(plainExcerpt(`Min graf:\n\n![Volvo graf](${IMAGE})\n\n![](https://example.com/x.png) [![bild](${IMAGE})](${IMAGE}) Stöd vid 200.`)).toBe(
      "Min graf: Stöd vid 200.",
    );
  });

  it("folds paragraphs, line breaks, list items and runs of white space into single spaces", () => {
    expect(plainExcerpt("  Första\u00a0 rad\nandra\trad\n\n\n- ett\n- två\n\n1. tre\n\n```\nVOLV-B 30 %\n```\n")).toBe(
      "Första rad andra rad ett två tre VOLV-B 30 %",
    );
  });

  it("keeps escaped Markdown characters as typed text", () => {
    expect(plainExcerpt("5 \\* 3 = 15 och \\@inte")).toBe("5 * 3 = 15 och @inte");
  });

  it("cuts on a word boundary, ellipsis included in the length", () => {
    const source = "Volvo levererar starka siffror i kvartalet och lastbilsorderna ökar kraftigt igen";
    const cut = plainExcerpt(source, 30);
    expect(cut).toBe("Volvo levererar starka…");
    expect(cut.length).toBeLessThanOrEqual(30);
    // A cut right after a word keeps the whole word; punctuation before the ellipsis goes.
    expect(plainExcerpt("Köp nu, sälj sen", 8)).toBe("Köp nu…");
    // Short enough: unchanged, no ellipsis.
    expect(plainExcerpt(source, source.length)).toBe(source);
  });

  it("cuts one very long word (a URL) where it is, and never inside a surrogate pair", () => {
    const url = `https://example.com/${"a".repeat(80)}`;
    expect(plainExcerpt(url, 40)).toBe(`${url.slice(0, 39)}${ELLIPSIS}`);
    const emoji = `${"x".repeat(8)}🐂🐂🐂`;
    const cut = plainExcerpt(emoji, 10);
    expect(cut).toBe(`${"x".repeat(8)}${ELLIPSIS}`);
    expect(cut.length).toBeLessThanOrEqual(10);
  });

  it("a post that is only a quote falls back to the quoted text, without its header", () => {
    expect(plainExcerpt(quote("anna", "**Köp** Volvo\nnu"))).toBe("Köp Volvo nu");
    expect(plainExcerpt(`${quote("anna", "Köp")}![](${IMAGE})`)).toBe("Köp");
  });

  it("an empty post, or one with only an image, gives an empty string", () => {
    expect(plainExcerpt("")).toBe("");
    expect(plainExcerpt(" \n\t ")).toBe("");
    expect(plainExcerpt(`![graf](${IMAGE})`)).toBe("");
  });

  it("typed HTML stays text (raw HTML is off), so the callers escape it as any text", () => {
    expect(plainExcerpt("Se <b>här</b> &amp; där")).toBe("Se <b>här</b> & där");
  });

  it("for any text: one line, no white space at the ends or twice, within the length", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 1, max: 300 }), (source, max) => {
        const text = plainExcerpt(source, max);
        expect(text.length).toBeLessThanOrEqual(max);
        expect(text).not.toMatch(/^\s|\s$|\s\s/);
      }),
    );
  });

  it("the description length suits a meta description", () => {
    const long = "ord ".repeat(100);
    const cut = plainExcerpt(long, DESCRIPTION_CHARS);
    expect(cut.length).toBeLessThanOrEqual(DESCRIPTION_CHARS);
    expect(cut.endsWith(`ord${ELLIPSIS}`)).toBe(true);
  });
});

/** The text of a source parsed whole, as cooking parses it: own text, else the quotes' text. */
function wholeParseText(source: string): string {
  const own: string[] = [];
  const quoted: string[] = [];
  let depth = 0;
  for (const token of markdownTokens(source)) {
    if (token.type === "blockquote_open") depth += 1;
    else if (token.type === "blockquote_close") depth -= 1;
    const out = depth > 0 ? quoted : own;
    let header = false;
    for (const c of token.type === "inline" ? (token.children as Token[]) : []) {
      if (c.type === "quote_header_open" || c.type === "quote_header_close") header = c.type === "quote_header_open";
      else if (!header && ["text", "text_special", "code_inline"].includes(c.type)) out.push(c.content);
      else if (c.type === "softbreak" || c.type === "hardbreak") out.push(" ");
    }
    if (token.type === "fence" || token.type === "code_block") out.push(token.content);
    out.push(" ");
  }
  const fold = (parts: string[]) => parts.join("").replace(/\s+/gu, " ").trim();
  return fold(own) || fold(quoted);
}

describe("plainExcerpt parses only the paragraphs it needs, and reads as the whole parse", () => {
  const pieces = fc.constantFrom(
    "a", " ", "\n", "\n\n", "*", "_", "`", "> ", "[", "]", "(", ")", "!", "@anna", "$volv-b", "https://x.se/a_b", "www.di.se",
    "\\", "- ", "1. ", "&amp;", "<b>", "```", "    ", `[↩](/forum/kommentar/${ID})`, "@anna skrev: ", "[x]: https://y.se", "[x]", "\r\n",
  );
  it("the same text as cooking's whole parse (but for a cashtag's letter case beside a bare domain)", () => {
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }).map((p) => p.join("")), (source) => {
        expect(plainExcerpt(source).toLowerCase()).toBe(wholeParseText(source).toLowerCase());
      }),
      { numRuns: 3000 },
    );
  });
});

describe("plainExcerpts", () => {
  it("keys each post's excerpt by its id", () => {
    expect(plainExcerpts([{ id: "t", body: "**A**" }, { id: "c", body: quote("bo", "B") }])).toEqual({ t: "A", c: "B" });
  });
});
