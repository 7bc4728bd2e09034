import { describe, expect, it } from "vitest";
import { makeSnippet, markdownToPlain } from "./snippet";
import { highlightSegments } from "../../domain/search-highlight";

describe("search highlighting", () => {
  it("marks whole words that start with a stem, and short terms only when equal", () => {
    expect(highlightSegments("Aktierna steg, ERIC B och Boliden", ["akti", "eric", "b"])).toEqual([
      { text: "Aktierna", hit: true },
      { text: " steg, ", hit: false },
      { text: "ERIC", hit: true },
      { text: " ", hit: false },
      { text: "B", hit: true },
      { text: " och Boliden", hit: false },
    ]);
  });

  it("keeps markup as text: the segments concatenate to the input", () => {
    const text = `<img src=x onerror="window.__pwned=1"> SEB <b>bold</b>`;
    const segments = highlightSegments(text, ["seb", "img"]);
    expect(segments.map((s) => s.text).join("")).toBe(text);
    expect(segments.filter((s) => s.hit).map((s) => s.text)).toEqual(["img", "SEB"]);
  });

  it("marks a stemmed word whole, never a part of it", () => {
    // 'utdelningarna' stems to 'utdelning': the whole word is marked, not the stem's letters.
    expect(highlightSegments("Utdelningarna växer, utdelning också", ["utdelningarna", "utdelning"])).toEqual([
      { text: "Utdelningarna", hit: true },
      { text: " växer, ", hit: false },
      { text: "utdelning", hit: true },
      { text: " också", hit: false },
    ]);
  });

  it("never marks the nickname of a mention (search does not index it), only the word itself", () => {
    expect(highlightSegments("@Göran_Utdelning: utdelningen höjs", ["utdelning"])).toEqual([
      { text: "@Göran_Utdelning: ", hit: false },
      { text: "utdelningen", hit: true },
      { text: " höjs", hit: false },
    ]);
    // Not a mention (an e-mail address): its words are words.
    expect(highlightSegments("goran@utdelning.se", ["utdelning"]).filter((s) => s.hit)).toEqual([{ text: "utdelning", hit: true }]);
  });

  it("marks a word in a nickname and keeps the nickname's text as it is", () => {
    const segments = highlightSegments("Göran_Utdelning", ["utdelning"]);
    expect(segments).toEqual([
      { text: "Göran_", hit: false },
      { text: "Utdelning", hit: true },
    ]);
    expect(segments.map((s) => s.text).join("")).toBe("Göran_Utdelning");
  });

  it("returns one plain segment when there are no terms", () => {
    expect(highlightSegments("Volvo", [])).toEqual([{ text: "Volvo", hit: false }]);
  });
});

describe("search snippets", () => {
  it("shows what a reader sees of Markdown: link texts, no images, raw HTML as text", () => {
    expect(markdownToPlain("**Fet** [länk](https://x.se) ![bild](/a.png)\n\n> citat `kod` <b>x</b>")).toBe(
      "Fet länk citat kod <b>x</b>",
    );
  });

  it("cuts a window around the first match with ellipses", () => {
    const long = `${"Inledande text om marknaden. ".repeat(10)}Här nämns utdelningen till slut. ${"Mer text efteråt. ".repeat(10)}`;
    const snippet = makeSnippet(long, ["utdelning"]);
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet).toContain("utdelningen");
    expect(snippet.length).toBeLessThanOrEqual(162);
  });

  it("puts the window around the word, not around a mention that contains it", () => {
    const long = `@Göran_Utdelning ${"Inledande text om marknaden. ".repeat(8)}Här nämns utdelningen till slut. ${"Mer text efteråt. ".repeat(10)}`;
    const snippet = makeSnippet(long, ["utdelning"]);
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet).toContain("utdelningen till slut");
    expect(snippet).not.toContain("@Göran_Utdelning");
  });
});
