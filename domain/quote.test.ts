/**
 * The quote Markdown builder: what 'Citera' puts into the comment box.
 */
import { describe, expect, it } from "vitest";
import { appendQuote, isQuoteSourceHref, quoteMarkdown } from "./quote";

const COMMENT = "/forum/kommentar/0b7c5a4e-8f7e-4d7a-9c51-2a1f3c0d9e11";
const THREAD = "/forum/kategori/5a1f3c0d-9e11-4d7a-9c51-0b7c5a4e8f7e/trad/2a1f3c0d-9e11-4d7a-9c51-0b7c5a4e8f7e";

describe("quoteMarkdown", () => {
  it("one line: header with the nickname, the text, the marker link to the item, a blank line", () => {
    expect(quoteMarkdown({ nickname: "Aktie_Anna", text: "Volvo ser billig ut", href: COMMENT })).toBe(
      `> @Aktie_Anna skrev: Volvo ser billig ut [↩](${COMMENT})\n\n`,
    );
  });

  it("several lines: the first after the header, the rest prefixed '> ', one blank line kept, CRLF and trailing spaces dropped", () => {
    const text = "\n  Rapporten var stark.  \r\nMarginalen steg.\r\n\r\n\r\nMen kassaflödet?\n\n";
    expect(quoteMarkdown({ nickname: "bo", text, href: THREAD })).toBe(
      `> @bo skrev: Rapporten var stark.\n> Marginalen steg.\n>\n> Men kassaflödet? [↩](${THREAD})\n\n`,
    );
  });

  it("without an address there is no marker; an empty selection gives nothing", () => {
    expect(quoteMarkdown({ nickname: "bo", text: "Hej", href: "" })).toBe("> @bo skrev: Hej\n\n");
    expect(quoteMarkdown({ nickname: "bo", text: " \n\u00a0\n", href: COMMENT })).toBe("");
  });
});

describe("appendQuote", () => {
  it("into an empty box the quote is all, the caret at its end", () => {
    const q = "> @bo skrev: Hej\n\n";
    expect(appendQuote("", q)).toEqual({ text: q, caret: q.length });
  });

  it("after existing text: on its own paragraph", () => {
    const q = "> @bo skrev: Hej\n\n";
    const { text, caret } = appendQuote("Håller med.\n", q);
    expect(text).toBe(`Håller med.\n\n${q}`);
    expect(caret).toBe(text.length);
  });
});

describe("isQuoteSourceHref", () => {
  it("only the forum's own comment and thread paths", () => {
    expect(isQuoteSourceHref(COMMENT)).toBe(true);
    expect(isQuoteSourceHref(THREAD)).toBe(true);
    for (const bad of [
      `https://example.com${COMMENT}`,
      `//example.com${COMMENT}`,
      `${COMMENT}?x=1`,
      "/forum/kommentar/not-a-uuid",
      "javascript:alert(1)",
      "/@anna",
    ]) {
      expect(isQuoteSourceHref(bad), bad).toBe(false);
    }
  });
});
