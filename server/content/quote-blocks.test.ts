/**
 * Quote blocks in cooked HTML: the header links back to the quoted item, the
 * sanitiser keeps only the allowed classes and attributes, a forged marker stays harmless, and
 * mentions inside a quote's text do not count.
 */
import { describe, expect, it } from "vitest";
import { quoteMarkdown } from "../../domain/quote";
import { cook, sanitizeCooked } from "./cook";

const ID = "0b7c5a4e-8f7e-4d7a-9c51-2a1f3c0d9e11";
const COMMENT = `/forum/kommentar/${ID}`;

describe("quote blocks", () => {
  it("a quote from 'Citera' becomes a quote block whose header links to the quoted comment", () => {
    const source = `${quoteMarkdown({ nickname: "anna", text: "Volvo ser billig ut\nP/E under 10", href: COMMENT })}Håller med!`;
    const { html, mentions } = cook(source);
    expect(html).toBe(
      '<blockquote class="quote">\n<p><span class="quote-header"><a href="/@anna" class="mention" data-mention="anna">@anna</a> ' +
        `<a href="${COMMENT}" class="quote-source">skrev:</a></span>Volvo ser billig ut<br />\nP/E under 10</p>\n</blockquote>\n<p>Håller med!</p>`,
    );
    expect(html).not.toContain("↩");
    expect(mentions).toEqual(["anna"]);
  });

  it("a quote of the thread's post links to the thread; the marker may stand on its own line", () => {
    const thread = `/forum/kategori/${ID}/trad/${ID}`;
    const { html } = cook(`> @bo skrev: Köp\n> [↩](${thread})`);
    expect(html).toContain(`<a href="${thread}" class="quote-source">skrev:</a></span>Köp</p>`);
    expect(html).not.toContain("<br");
  });

  it("a typed quote header without a marker is a quote block without a link", () => {
    const { html } = cook("> @bo skrev:\n> Sälj allt");
    expect(html).toContain('<blockquote class="quote">');
    expect(html).toContain("@bo</a> skrev:</span>Sälj allt</p>");
    expect(html).not.toContain("quote-source");
  });

  it("an ordinary quote stays an ordinary blockquote", () => {
    expect(cook("> bara ett citat").html).toBe("<blockquote>\n<p>bara ett citat</p>\n</blockquote>");
    expect(cook("> @bo sa: hej").html).toContain("<blockquote>\n<p>");
  });

  it("a forged marker (javascript:, another site, another text) never becomes the source link", () => {
    for (const marker of ["[↩](javascript:alert(1))", "[↩](https://evil.example/forum/kommentar/" + ID + ")", `[klicka](${COMMENT})`]) {
      const { html } = cook(`> @bo skrev: hej ${marker}`);
      expect(html, marker).not.toContain("quote-source");
      expect(html, marker).not.toMatch(/href="javascript/i);
    }
    const external = cook(`> @bo skrev: hej [↩](https://evil.example/x)`).html;
    expect(external).toContain('rel="nofollow ugc noopener"');
  });

  it("the sanitiser keeps only the allowed quote classes and no other attribute", () => {
    const dirty =
      '<blockquote class="quote evil" style="color:red" onclick="x()" data-x="1"><span class="quote-header big" onmouseover="y()">' +
      '<a href="javascript:alert(1)" class="quote-source">skrev:</a><a href="/forum/kommentar/1" class="quote-source other">ok</a></span></blockquote>' +
      '<p class="quote">p</p>';
    expect(sanitizeCooked(dirty)).toBe(
      '<blockquote class="quote"><span class="quote-header">skrev:<a href="/forum/kommentar/1" class="quote-source">ok</a></span></blockquote><p>p</p>',
    );
  });

  it("mentions: the quoted member once even when also mentioned in the text; mentions inside the quoted text do not count", () => {
    const source = `${quoteMarkdown({ nickname: "Anna", text: "Fråga @bo om det", href: COMMENT })}@anna och @cecilia, vad tror ni?`;
    const { html, mentions } = cook(source);
    expect(mentions).toEqual(["Anna", "cecilia"]);
    // Still shown as a link inside the quote.
    expect(html).toContain('data-mention="bo"');
  });

  it("a quote inside a quote's text does not mention its author", () => {
    const { mentions } = cook(`> @anna skrev: ja\n>\n> > @bo skrev: nej\n\nOk`);
    expect(mentions).toEqual(["anna"]);
  });

  it("quotes lists the authors of top-level quotes only (they get a quote notification)", () => {
    expect(cook(`> @anna skrev: ja\n>\n> > @bo skrev: nej\n\nOk @cecilia`).quotes).toEqual(["anna"]);
    expect(cook(`> @anna skrev: ja\n\n> @Bo skrev: nej\n\n> @ANNA skrev: igen`).quotes).toEqual(["anna", "Bo"]);
    expect(cook(`Hej @anna, > @bo skrev: inte ett citat`).quotes).toEqual([]);
  });
});
