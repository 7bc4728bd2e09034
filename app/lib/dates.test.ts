/**
 * The forum's date texts are date-fns' Swedish texts (the browser uses Intl and the
 * catalogue instead of date-fns): both are compared over thousands of instants, past and future,
 * from seconds to decades, around month ends and daylight-saving changes, in three time zones.
 */
import { tz } from "@date-fns/tz";
import { format, formatDistance } from "date-fns";
import { sv } from "date-fns/locale";
import { afterAll, describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatRelative } from "./dates";

const savedTz = process.env.TZ;
afterAll(() => {
  process.env.TZ = savedTz;
});

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOWS = ["2026-11-21T13:05:00Z", "2026-03-29T01:30:00Z", "2026-10-25T00:59:59Z", "2024-02-29T23:00:00Z", "2026-01-31T22:10:00Z", "2026-12-31T23:59:30Z"];
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 1440 * MINUTE;

describe.each(["Europe/Stockholm", "UTC", "America/New_York"])("dates in the runtime time zone %s", (zone) => {
  it("formatRelative says what date-fns formatDistanceToNow says", () => {
    process.env.TZ = zone;
    const next = random(21);
    const steps = [0, 1, 29, 30, 31, 59, 60, 89, 90, 91, 119, 120, 150, 44 * 60, 45 * 60, 89 * 60, 90 * 60].map((s) => s * SECOND);
    const mismatches: string[] = [];
    for (const nowIso of NOWS) {
      const now = Date.parse(nowIso);
      const offsets = [
        ...steps,
        ...[1, 2, 23, 24, 25, 29, 30, 31, 45, 59, 60, 61, 89, 90, 364, 365, 366, 400, 500, 700, 730, 1000, 3650].map((d) => d * DAY),
        ...Array.from({ length: 400 }, () => Math.floor(next() ** 3 * 20 * 365 * DAY)),
      ];
      for (const offset of offsets) {
        for (const sign of [-1, 1]) {
          const iso = new Date(now + sign * offset).toISOString();
          const want = formatDistance(new Date(iso), new Date(now), { locale: sv, addSuffix: true });
          const got = formatRelative(iso, now);
          if (got !== want) mismatches.push(`${iso} at ${nowIso}: ${got} ≠ ${want}`);
        }
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it("formatDateTime and formatDate say what date-fns format 'PPP HH:mm' / 'PPP' in Stockholm say", () => {
    process.env.TZ = zone;
    const next = random(7);
    const stockholm = tz("Europe/Stockholm");
    const instants = [
      "2026-03-29T00:59:59Z", "2026-03-29T01:00:00Z", "2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z",
      "2026-12-31T23:00:00Z", "2026-01-01T00:00:00Z", "2024-02-29T12:00:00Z", "2026-11-21T13:05:00Z",
      ...Array.from({ length: 2000 }, () => new Date(Date.UTC(2000, 0, 1) + Math.floor(next() * 40 * 365 * DAY)).toISOString()),
    ];
    const mismatches: string[] = [];
    for (const iso of instants) {
      const wantTime = format(new Date(iso), "PPP HH:mm", { locale: sv, in: stockholm });
      const wantDate = format(new Date(iso), "PPP", { locale: sv, in: stockholm });
      if (formatDateTime(iso) !== wantTime) mismatches.push(`${iso}: ${formatDateTime(iso)} ≠ ${wantTime}`);
      if (formatDate(iso) !== wantDate) mismatches.push(`${iso}: ${formatDate(iso)} ≠ ${wantDate}`);
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(formatDateTime("2026-11-21T13:05:00Z")).toBe("21 november 2026 14:05");
  });
});

describe("invalid timestamps", () => {
  it("throw a RangeError, as date-fns did", () => {
    expect(() => formatRelative("not a date")).toThrow(RangeError);
    expect(() => formatDateTime("not a date")).toThrow(RangeError);
  });
});
