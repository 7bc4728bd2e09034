/**
 * The report dialog's reasons: each is a whole row the finger can hit — a `<label>` around its
 * radio button, at least 44 px high (`min-h-11`) — in a fieldset named 'Anledning'.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { moderation as m } from "../../../domain/i18n/sv";
import { REPORT_REASONS } from "../../../domain/values";
import { ReasonChoices } from "./report-block-dialogs";

describe("ReasonChoices", () => {
  it("renders each reason as a row label of at least 44 px around its radio button", () => {
    const html = renderToStaticMarkup(createElement(ReasonChoices, { reason: "spam", onChange: () => {} }));
    expect(html).toContain(`<legend class="mb-1 text-sm font-semibold">${m.reasonLabel}</legend>`);
    const rows = [...html.matchAll(/<label class="([^"]*)"><input([^>]*)\/?>([^<]*)<\/label>/g)];
    expect(rows.map((row) => row[3])).toEqual(REPORT_REASONS.map((r) => m.reasons[r]));
    for (const [, classes, input] of rows) {
      expect(classes!.split(" ")).toEqual(expect.arrayContaining(["flex", "min-h-11", "cursor-pointer"]));
      expect(input).toContain('type="radio"');
      expect(input).toContain('name="reason"');
    }
    expect(rows.find((row) => row[2]!.includes('value="spam"'))![2]).toContain('checked=""');
  });
});
