import { describe, expect, it } from "vitest";
import { earnedBadges } from "./thread-badges";

describe("trend badges (SPEC §2 Thread row, §9 thresholds)", () => {
  it("'Hettar till' only above 1, 'Snabb' from 3, 'Top 10%' from 0.9", () => {
    expect(earnedBadges({ hotScore: 1, reactionsLast1h: 2, pctRank: 0.89 })).toEqual([]);
    expect(earnedBadges({ hotScore: 1.01, reactionsLast1h: 3, pctRank: 0.9 })).toEqual(["hot", "fast", "top"]);
  });
  it("a missing figure shows no badge", () => {
    expect(earnedBadges({})).toEqual([]);
    expect(earnedBadges({ hotScore: null, reactionsLast1h: null, pctRank: null })).toEqual([]);
  });
});
