/**
 * The thread tools' pure helpers: the merge target a moderator pastes, the slow-mode choice of a
 * form, when a slowed member may post again, and its Stockholm clock time.
 */
import { describe, expect, it } from "vitest";
import { stockholmClock } from "./stockholm-clock";
import { mergeTargetId, slowModeChoice, slowModeNextAt } from "./thread-tools";

const ID = "5f3c220c-89ed-4720-b6d2-89dfe6500597";
const CATEGORY = "6d412150-af09-4969-a705-46dfca5bf767";

describe("mergeTargetId", () => {
  it("reads a bare id or a thread URL, with or without host, slug, page or anchor", () => {
    for (const text of [
      ID,
      ` ${ID.toUpperCase()} `,
      `/forum/kategori/${CATEGORY}/trad/${ID}`,
      `https://forum.example/forum/kategori/${CATEGORY}/trad/${ID}/volvo-infor-rapporten?sida=2#comment-x`,
      `http://localhost:3000/forum/post/${ID}`,
    ]) {
      expect(mergeTargetId(text), text).toBe(ID);
    }
  });

  it("finds nothing in a category URL, a comment link, other text or an id with more digits", () => {
    for (const text of ["", "Volvo", `/forum/kategori/${CATEGORY}`, `/forum/kommentar/${ID}`, `/forum/kategori/${CATEGORY}/trad/${ID}0`]) {
      expect(mergeTargetId(text), text).toBeNull();
    }
  });
});

describe("slowModeChoice", () => {
  it("takes off as empty or 'av', the four choices as minutes, and nothing else", () => {
    expect(slowModeChoice(undefined)).toBeNull();
    expect(slowModeChoice("")).toBeNull();
    expect(slowModeChoice("Av")).toBeNull();
    expect([1, 5, 15, 60].map((m) => slowModeChoice(String(m)))).toEqual([1, 5, 15, 60]);
    for (const bad of ["0", "2", "5.0", "-1", "sextio", "61"]) expect(slowModeChoice(bad), bad).toBeUndefined();
  });
});

describe("slowModeNextAt and stockholmClock", () => {
  it("gives the time N minutes after the last comment while it is ahead, as Stockholm clock time", () => {
    const last = new Date("2026-06-01T12:00:30Z");
    expect(slowModeNextAt(last, 5, new Date("2026-06-01T12:03:00Z"))).toEqual(new Date("2026-06-01T12:05:30Z"));
    expect(slowModeNextAt(last, 5, new Date("2026-06-01T12:05:30Z"))).toBeNull();
    expect(slowModeNextAt(null, 5, last)).toBeNull();
    expect(slowModeNextAt(last, null, last)).toBeNull();
    // Summer time (UTC+2) and winter time (UTC+1).
    expect(stockholmClock("2026-06-01T12:05:30Z")).toBe("14:05");
    expect(stockholmClock(new Date("2026-01-15T23:30:00Z"))).toBe("00:30");
  });
});
