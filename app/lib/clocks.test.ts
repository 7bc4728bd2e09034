/**
 * The market clocks' formatting (SPEC §2 Auth layout, §9 Clocks) across daylight-saving changes,
 * checked at fixed instants instead of waiting for the change.
 */
import { describe, expect, it } from "vitest";
import { formatClock, MARKET_CLOCKS, msUntilNextSecond } from "./clocks";

const at = (iso: string) => new Date(iso);

describe("formatClock", () => {
  it("prints 24-hour HH:mm:ss with midnight as 00", () => {
    expect(formatClock(at("2026-01-15T23:05:09Z"), "Europe/Stockholm")).toBe("00:05:09");
    expect(formatClock(at("2026-01-15T14:00:00Z"), "Europe/Stockholm")).toBe("15:00:00");
    expect(formatClock(at("2026-01-15T05:00:00Z"), "America/New_York")).toBe("00:00:00");
  });

  it("follows New York into daylight saving time (2026-03-08, 02:00 EST → 03:00 EDT)", () => {
    expect(formatClock(at("2026-03-08T06:30:00Z"), "America/New_York")).toBe("01:30:00");
    expect(formatClock(at("2026-03-08T07:30:00Z"), "America/New_York")).toBe("03:30:00");
  });

  it("follows New York back to standard time (2026-11-01, 01:00 twice)", () => {
    expect(formatClock(at("2026-11-01T05:30:00Z"), "America/New_York")).toBe("01:30:00");
    expect(formatClock(at("2026-11-01T06:30:00Z"), "America/New_York")).toBe("01:30:00");
    expect(formatClock(at("2026-11-01T07:30:00Z"), "America/New_York")).toBe("02:30:00");
  });

  it("follows Stockholm into summer time (2026-03-29, 02:00 CET → 03:00 CEST)", () => {
    expect(formatClock(at("2026-03-29T00:30:00Z"), "Europe/Stockholm")).toBe("01:30:00");
    expect(formatClock(at("2026-03-29T01:30:00Z"), "Europe/Stockholm")).toBe("03:30:00");
  });

  it("follows Stockholm back to winter time (2026-10-25, 02:00–03:00 twice)", () => {
    expect(formatClock(at("2026-10-25T00:30:00Z"), "Europe/Stockholm")).toBe("02:30:00");
    expect(formatClock(at("2026-10-25T01:30:00Z"), "Europe/Stockholm")).toBe("02:30:00");
    expect(formatClock(at("2026-10-25T02:30:00Z"), "Europe/Stockholm")).toBe("03:30:00");
  });

  it("keeps Tokyo at UTC+9 all year", () => {
    for (const iso of ["2026-01-15T12:00:00Z", "2026-03-29T01:30:00Z", "2026-07-01T12:00:00Z", "2026-10-25T01:30:00Z"]) {
      const utcHour = at(iso).getUTCHours();
      const expected = `${String((utcHour + 9) % 24).padStart(2, "0")}:${iso.slice(14, 19)}`;
      expect(formatClock(at(iso), "Asia/Tokyo")).toBe(expected);
    }
  });

  it("shows the three cities at one instant (summer 2026)", () => {
    const instant = at("2026-07-01T12:34:56Z");
    expect(MARKET_CLOCKS.map((c) => formatClock(instant, c.timeZone))).toEqual(["08:34:56", "14:34:56", "21:34:56"]);
  });

  it("rejects unknown zones", () => {
    expect(() => formatClock(new Date(), "Mars/Olympus_Mons")).toThrow(RangeError);
  });
});

describe("msUntilNextSecond", () => {
  it("waits until the next whole second", () => {
    expect(msUntilNextSecond(1_000_250)).toBe(750);
    expect(msUntilNextSecond(1_000_999)).toBe(1);
    expect(msUntilNextSecond(1_000_000)).toBe(1000);
  });
});
