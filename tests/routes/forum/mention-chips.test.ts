/**
 * Mention and cashtag pills right before punctuation: a cooked body's '@Mod-Maja.' or
 * '$VOLV-B,' renders the pill with the class `tight` (its padding then leaves no gap before the
 * mark, app/app.css), while a pill followed by a space keeps its padding. Done at render time from
 * the stored HTML, so posts cooked before need no re-cooking.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PostBody, tightenChips } from "../../../app/components/forum/post-body";
import { cook } from "../../../server/content/cook";

const cooked = (source: string) => cook(source, { isKnownTicker: (t) => t === "VOLV-B", isKnownNickname: () => true }).html;
const render = (source: string) => renderToStaticMarkup(createElement(PostBody, { text: source, html: cooked(source) }));

describe("pills before punctuation", () => {
  it("a mention or cashtag directly followed by a mark is tight; followed by a space it is not", () => {
    const html = render("Intressant resonemang, @Mod-Maja. Köp $VOLV-B, sälj $ZZZ! Hej @Anna och $VOLV-B idag.");
    expect(html).toMatch(/<a [^>]*class="mention tight"[^>]*>@Mod-Maja<\/a>\./);
    expect(html).toMatch(/<a [^>]*class="cashtag tight"[^>]*>\$VOLV-B<\/a>,/);
    expect(html).toMatch(/<span class="cashtag tight">\$ZZZ<\/span>!/);
    expect(html).toMatch(/<a [^>]*class="mention"[^>]*>@Anna<\/a> och/);
    expect(html).toMatch(/<a [^>]*class="cashtag"[^>]*>\$VOLV-B<\/a> idag/);
    // The text reads as typed: nothing is added between the pill and the mark.
    expect(html.replace(/<[^>]+>/g, "")).toContain("Intressant resonemang, @Mod-Maja. Köp $VOLV-B, sälj $ZZZ!");
  });

  it("leaves other links alone and marks a pill once", () => {
    const plain = '<p><a href="https://exempel.se" rel="nofollow ugc noopener">länk</a>.</p>';
    expect(tightenChips(plain)).toBe(plain);
    const once = tightenChips(cooked("@Mod-Maja."));
    expect(once.match(/tight/g)).toHaveLength(1);
    expect(tightenChips(once)).toBe(once);
  });
});
