/**
 * 'Din syn' / 'Innehav' helpers: the form's fields read back, the cashtags a composer
 * finds while the member types (same rule as the server's cooking), and the tags placed after the
 * first cashtag link of a ticker in cooked HTML.
 */
import { describe, expect, it } from "vitest";
import { postMarks as pm, stances as st } from "./i18n/sv";
import { MAX_STANCES, cashtagCandidates, decorateCashtags, resolveCashtags, stancesFromForm } from "./stances";
import { commentSchema } from "./validation";

describe("stancesFromForm", () => {
  it("collects syn.X and innehav.X per ticker; none: undefined", () => {
    expect(stancesFromForm({ body: "x", "syn.ERIC-B": "bullish", "innehav.ERIC-B": "owns", "innehav.VOLV-B": "" })).toEqual({
      "ERIC-B": { sentiment: "bullish", position: "owns" },
      "VOLV-B": { position: "" },
    });
    expect(stancesFromForm({ body: "x", title: "y" })).toBeUndefined();
  });
});

describe("cashtagCandidates", () => {
  it("finds $TICKERs at a boundary, longest candidate first, not in code, not money", () => {
    expect(cashtagCandidates("Köper mer $ERIC-B")).toEqual([["ERIC-B", "ERIC"]]);
    expect(cashtagCandidates("$eric-b-aktien stiger, $100 nej, a$VOLV nej, `$SAND` nej")).toEqual([["ERIC-B-AKTIEN", "ERIC-B", "ERIC"]]);
    expect(cashtagCandidates("($VOLV-B) och\n$HM-B.")).toEqual([["VOLV-B", "VOLV"], ["HM-B", "HM"]]);
  });

  it("resolves each to its longest listed candidate, once per ticker", () => {
    const listed = new Set(["ERIC-B", "VOLV-B"]);
    const text = "$ERIC-B-aktien, $ERIC-B igen, $VOLV-B, $NOPE";
    expect(resolveCashtags(cashtagCandidates(text), (t) => listed.has(t))).toEqual(["ERIC-B", "VOLV-B"]);
  });
});

describe("decorateCashtags", () => {
  const html =
    '<p>Köper <a href="/forum/aktie/ERIC-B" class="cashtag" data-ticker="ERIC-B">$ERIC-B</a> och <a href="/forum/aktie/ERIC-B" class="cashtag" data-ticker="ERIC-B">$ERIC-B</a></p>';
  it("puts the tags after the first link of the ticker only; a ticker without a link is unplaced", () => {
    const out = decorateCashtags(html, [
      { ticker: "ERIC-B", sentiment: "bullish", position: "owns" },
      { ticker: "VOLV-B", sentiment: "bearish", position: null },
      { ticker: "SAND", sentiment: null, position: null },
    ]);
    expect(out.html.match(/stance-tag/g)).toHaveLength(2);
    expect(out.html).toContain(
      `data-ticker="ERIC-B">$ERIC-B</a> <span class="stance-tag stance-bullish" title="${pm.sentimentTagTitle}">Bullish</span> <span class="stance-tag stance-position" title="${pm.positionTagTitle}">Äger</span> och`,
    );
    expect(out.unplaced).toEqual([{ ticker: "VOLV-B", sentiment: "bearish", position: null }]);
  });

  it("'Äger ej' for does not own", () => {
    expect(decorateCashtags(html, [{ ticker: "ERIC-B", sentiment: null, position: "does_not_own" }]).html).toContain(">Äger ej</span>");
  });
});

describe("stancesSchema (through commentSchema)", () => {
  it("empty choices are none, keys upper-cased; absent stays absent; too many tickers refused in Swedish", () => {
    expect(commentSchema.parse({ body: "x", stances: { "eric-b": { sentiment: "bullish", position: "" } } }).stances).toEqual({
      "ERIC-B": { sentiment: "bullish", position: null },
    });
    expect(commentSchema.parse({ body: "x" }).stances).toBeUndefined();
    const many = Object.fromEntries(Array.from({ length: MAX_STANCES + 1 }, (_, i) => [`T${i}`, { sentiment: "bullish" }]));
    const refused = commentSchema.safeParse({ body: "x", stances: many });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0]!.message).toBe(st.tooMany(MAX_STANCES));
    const bad = commentSchema.safeParse({ body: "x", stances: { "ERIC-B": { sentiment: "BULLISH" } } });
    expect(bad.error!.issues[0]!.message).toBe(st.invalidSentiment);
  });
});
