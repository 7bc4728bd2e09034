/**
 * EdgeLevel display (SPEC §9: ×100 without decimals, colour bands at 0.2, 0.4, 0.6, 0.8): the
 * helpers and the server-rendered markup of the bar and the ringed avatar.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EdgeAvatar, edgeLevelBand, edgeLevelPercent, edgeRingClass } from "./edge-level";
import { EdgeLevelBar } from "./edge-level-bar";

describe("edgeLevelPercent and edgeLevelBand", () => {
  it("shows the value ×100 without decimals, clamped to 0–100", () => {
    expect(edgeLevelPercent(0.424)).toBe(42);
    expect(edgeLevelPercent(0.425)).toBe(43);
    expect(edgeLevelPercent(1.7)).toBe(100);
    expect(edgeLevelPercent(-0.2)).toBe(0);
    expect(edgeLevelPercent(Number.NaN)).toBe(0);
    expect(edgeLevelPercent(null)).toBe(0);
  });

  it("changes band at 20, 40, 60 and 80 % as shown", () => {
    const cases: Array<[number, number]> = [
      [0, 0],
      [0.19, 0],
      [0.2, 1],
      [0.199, 1], // shown as 20 %
      [0.39, 1],
      [0.4, 2],
      [0.6, 3],
      [0.79, 3],
      [0.8, 4],
      [1, 4],
    ];
    for (const [value, band] of cases) expect(edgeLevelBand(value), String(value)).toBe(band);
  });

  it("gives a different ring colour per band", () => {
    const rings = [0.1, 0.3, 0.5, 0.7, 0.9].map((v) => edgeRingClass(v));
    expect(new Set(rings).size).toBe(5);
    for (const ring of rings) expect(ring).toMatch(/^ring-2 ring-offset-1 ring-offset-white ring-[a-z]+-\d+$/);
    expect(edgeRingClass(0.9, "thick")).toBe("ring-4 ring-offset-2 ring-offset-white ring-violet-500");
  });
});

describe("EdgeLevelBar and EdgeAvatar", () => {
  it("renders a labelled progress bar", () => {
    const html = renderToStaticMarkup(createElement(EdgeLevelBar, { value: 0.424 }));
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-valuenow="42"');
    expect(html).toContain('aria-valuemin="0"');
    expect(html).toContain('aria-valuemax="100"');
    expect(html).toContain("EdgeLevel 42\u00a0%");
    expect(html).toContain("width:42%");
    expect(html).toContain("Aktiv");
  });

  it("renders the picture with the nickname as alt text, or the initials, inside the ring", () => {
    const picture = renderToStaticMarkup(
      createElement(EdgeAvatar, { nickname: "Aktie_Anna", avatarUrl: "/uploads/a.webp", edgeLevel: 0.85 }),
    );
    expect(picture).toContain('<img src="/uploads/a.webp" alt="Aktie_Anna"');
    expect(picture).toContain("ring-violet-500");
    expect(picture).toContain('title="Aktie_Anna – EdgeLevel 85\u00a0%"');
    const initials = renderToStaticMarkup(createElement(EdgeAvatar, { nickname: "Börs-Bertil", edgeLevel: 0 }));
    expect(initials).not.toContain("<img");
    expect(initials).toContain(">Bö</span>");
    expect(initials).toContain("ring-slate-300");
    const large = renderToStaticMarkup(createElement(EdgeAvatar, { nickname: "Märta", edgeLevel: 0.5, size: "xl" }));
    expect(large).toContain("ring-4");
    expect(large).toContain("md:size-24");
    expect(large).toContain(">Mä</span>");
  });
});
