import { describe, expect, it } from "vitest";
import { SLUG_MAX, threadSlug } from "./slug";

describe("thread slugs", () => {
  it("folds Swedish letters and punctuation into a readable slug", () => {
    expect(threadSlug("Är Ericsson köpvärd efter rapporten?")).toBe("ar-ericsson-kopvard-efter-rapporten");
    expect(threadSlug("Åtta skäl: $VOLV-B & $SAND")).toBe("atta-skal-volv-b-sand");
    expect(threadSlug("  Crème brûlée — Øresund  ")).toBe("creme-brulee-oresund");
  });

  it("is empty when a title has no letters or digits", () => {
    expect(threadSlug("🚀🚀🚀 ?!")).toBe("");
  });

  it("keeps at most 80 characters, cut on a word", () => {
    const slug = threadSlug("Utdelningsaktier ".repeat(10));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug.endsWith("utdelningsaktier")).toBe(true);
    expect(threadSlug("a".repeat(200))).toBe("a".repeat(80));
  });
});
