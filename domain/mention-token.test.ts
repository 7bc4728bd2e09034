import { describe, expect, it } from "vitest";
import { insertPick, tokenAtCaret, withdrawPickSpace } from "./mention-token";

describe("mention and ticker tokens at the caret (SPEC §5 @mention)", () => {
  it("opens on '@' at the start or after whitespace only", () => {
    expect(tokenAtCaret("@ma", 3)).toEqual({ kind: "mention", query: "ma", start: 0 });
    expect(tokenAtCaret("hej @Åsa", 8)).toEqual({ kind: "mention", query: "Åsa", start: 4 });
    expect(tokenAtCaret("anna@exempel", 12)).toBeNull();
    expect(tokenAtCaret("@ma rest", 8)).toBeNull();
  });
  it("opens on '$' for tickers, including share classes", () => {
    expect(tokenAtCaret("Köp $eric", 9)).toEqual({ kind: "ticker", query: "eric", start: 4 });
    expect(tokenAtCaret("$VOLV-B", 7)).toEqual({ kind: "ticker", query: "VOLV-B", start: 0 });
    expect(tokenAtCaret("kostar 5$", 9)).toBeNull();
  });
  it("picking replaces the token with the value and one space", () => {
    const text = "hej @ma och mer";
    const token = tokenAtCaret(text, 7)!;
    expect(insertPick(text, token, 7, "@Magnus")).toEqual({ text: "hej @Magnus och mer", caret: 12 });
    const t2 = tokenAtCaret("$eric", 5)!;
    expect(insertPick("$eric", t2, 5, "$ERIC-B")).toEqual({ text: "$ERIC-B ", caret: 8 });
  });
  it("a punctuation mark typed right after a pick takes the pick's space: '@Mod-Maja.', not '@Mod-Maja .'", () => {
    const token = tokenAtCaret("Bra sagt @mo", 12)!;
    const picked = insertPick("Bra sagt @mo", token, 12, "@Mod-Maja");
    expect(picked).toEqual({ text: "Bra sagt @Mod-Maja ", caret: 19 });
    expect(withdrawPickSpace(picked, "Bra sagt @Mod-Maja .")).toEqual({ text: "Bra sagt @Mod-Maja.", caret: 19 });
    expect(withdrawPickSpace(picked, "Bra sagt @Mod-Maja ,")).toEqual({ text: "Bra sagt @Mod-Maja,", caret: 19 });
    const ticker = insertPick("Köp $vol", tokenAtCaret("Köp $vol", 8)!, 8, "$VOLV-B");
    expect(withdrawPickSpace(ticker, "Köp $VOLV-B !")).toEqual({ text: "Köp $VOLV-B!", caret: 12 });
    // A letter, a second space or a mark typed elsewhere: the text stays as typed.
    expect(withdrawPickSpace(picked, "Bra sagt @Mod-Maja o")).toBeNull();
    expect(withdrawPickSpace(picked, "Bra sagt @Mod-Maja  ")).toBeNull();
    expect(withdrawPickSpace(picked, ".Bra sagt @Mod-Maja ")).toBeNull();
    // Picked in front of a word, the space stays.
    const inside = insertPick("hej @ma och mer", tokenAtCaret("hej @ma och mer", 7)!, 7, "@Magnus");
    expect(withdrawPickSpace(inside, "hej @Magnus .och mer")).toBeNull();
  });
});
