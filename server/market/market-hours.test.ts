/**
 * Market open/closed for instants around Midsommarafton, Christmas Eve, New York holidays,
 * daylight-saving changes, the Tokyo lunch break and Japanese holidays.
 * Instants are given in UTC; the comment on each row says the local time.
 */
import { describe, expect, it } from "vitest";
import { marketStatus as statusWith, marketStatusesAt, msUntilChange, type ExchangeKey } from "../../domain/market-hours";
import { marketCalendar } from "./calendar";

/** The rules with the calendar the server would send at that instant. */
const marketStatus = (exchange: ExchangeKey, now: Date) => statusWith(exchange, now, marketCalendar(now));

type Expected = { open: true; closesAt: string } | { open: false; opensAt: string; opensLocal: string; opensWeekday: number | null };

const rows: Array<[what: string, exchange: ExchangeKey, at: string, expected: Expected]> = [
  // Stockholm
  ["Midsommarafton (fre 19 jun 10:00 CEST) is closed; opens Monday", "stockholm", "2026-06-19T08:00:00Z",
    { open: false, opensAt: "2026-06-22T07:00:00Z", opensLocal: "09:00", opensWeekday: 1 }],
  ["the day before Midsommarafton is a full day (tor 18 jun 17:00 CEST)", "stockholm", "2026-06-18T15:00:00Z",
    { open: true, closesAt: "2026-06-18T15:30:00Z" }],
  ["julafton (tor 24 dec 10:00 CET) is closed; juldagen too, opens Monday 28 Dec", "stockholm", "2026-12-24T09:00:00Z",
    { open: false, opensAt: "2026-12-28T08:00:00Z", opensLocal: "09:00", opensWeekday: 1 }],
  ["nyårsafton (tor 31 dec) is closed, then nyårsdagen; opens Monday 4 Jan", "stockholm", "2026-12-31T09:00:00Z",
    { open: false, opensAt: "2027-01-04T08:00:00Z", opensLocal: "09:00", opensWeekday: 1 }],
  ["trettondagsafton is a half day: open at 12:59 CET, closes 13:00", "stockholm", "2026-01-05T11:59:00Z",
    { open: true, closesAt: "2026-01-05T12:00:00Z" }],
  ["skärtorsdagen 13:30 CEST is after the half-day close; långfredag and annandag påsk closed", "stockholm", "2026-04-02T11:30:00Z",
    { open: false, opensAt: "2026-04-07T07:00:00Z", opensLocal: "09:00", opensWeekday: 2 }],
  ["the day before Kristi himmelsfärdsdag closes 13:00", "stockholm", "2026-05-13T10:30:00Z",
    { open: true, closesAt: "2026-05-13T11:00:00Z" }],
  ["the day before nationaldagen is a full day (fre 5 jun 2026)", "stockholm", "2026-06-05T15:00:00Z",
    { open: true, closesAt: "2026-06-05T15:30:00Z" }],
  // EU DST (29 Mar 2026): Stockholm closes 16:30 UTC before, 15:30 UTC after; New York is open at 16:00 UTC on both days
  ["Friday before EU DST: Stockholm open at 16:00 UTC (17:00 CET)", "stockholm", "2026-03-27T16:00:00Z",
    { open: true, closesAt: "2026-03-27T16:30:00Z" }],
  ["Friday before EU DST: New York open at 16:00 UTC (12:00 EDT) too", "newYork", "2026-03-27T16:00:00Z",
    { open: true, closesAt: "2026-03-27T20:00:00Z" }],
  ["after the weekend of EU DST, Stockholm opens 09:00 CEST = 07:00 UTC", "stockholm", "2026-03-27T17:00:00Z",
    { open: false, opensAt: "2026-03-30T07:00:00Z", opensLocal: "09:00", opensWeekday: 1 }],
  ["Monday after EU DST: Stockholm closed at 16:00 UTC (18:00 CEST), no overlap with New York any more", "stockholm", "2026-03-30T16:00:00Z",
    { open: false, opensAt: "2026-03-31T07:00:00Z", opensLocal: "09:00", opensWeekday: 2 }],
  // New York
  ["Thanksgiving (26 Nov 10:00 EST) closed; opens Friday", "newYork", "2026-11-26T15:00:00Z",
    { open: false, opensAt: "2026-11-27T14:30:00Z", opensLocal: "09:30", opensWeekday: 5 }],
  ["the day after Thanksgiving closes 13:00 EST", "newYork", "2026-11-27T18:00:00Z",
    { open: false, opensAt: "2026-11-30T14:30:00Z", opensLocal: "09:30", opensWeekday: 1 }],
  ["Good Friday (3 Apr 10:00 EDT) is an NYSE holiday", "newYork", "2026-04-03T14:00:00Z",
    { open: false, opensAt: "2026-04-06T13:30:00Z", opensLocal: "09:30", opensWeekday: 1 }],
  ["Columbus Day is not an NYSE holiday (12 Oct 10:00 EDT open)", "newYork", "2026-10-12T14:00:00Z",
    { open: true, closesAt: "2026-10-12T20:00:00Z" }],
  ["Veterans Day is not an NYSE holiday (11 Nov 10:00 EST open)", "newYork", "2026-11-11T15:00:00Z",
    { open: true, closesAt: "2026-11-11T21:00:00Z" }],
  ["Christmas Eve closes 13:00 EST: open at 12:00", "newYork", "2026-12-24T17:00:00Z",
    { open: true, closesAt: "2026-12-24T18:00:00Z" }],
  ["Christmas Eve 13:30 EST closed; Christmas Day closed; opens Monday", "newYork", "2026-12-24T18:30:00Z",
    { open: false, opensAt: "2026-12-28T14:30:00Z", opensLocal: "09:30", opensWeekday: 1 }],
  ["3 July 2026 is the observed Independence Day", "newYork", "2026-07-03T14:00:00Z",
    { open: false, opensAt: "2026-07-06T13:30:00Z", opensLocal: "09:30", opensWeekday: 1 }],
  ["NYSE stays open on Friday 31 Dec 2021 (New Year's Day on a Saturday)", "newYork", "2021-12-31T15:00:00Z",
    { open: true, closesAt: "2021-12-31T21:00:00Z" }],
  // US DST (8 Mar 2026): 09:30 New York is 14:30 UTC before, 13:30 UTC after
  ["Friday before US DST, 09:00 EST: opens 09:30 EST = 14:30 UTC the same day", "newYork", "2026-03-06T14:00:00Z",
    { open: false, opensAt: "2026-03-06T14:30:00Z", opensLocal: "09:30", opensWeekday: null }],
  ["after Friday's close, the next opening is Monday 09:30 EDT = 13:30 UTC", "newYork", "2026-03-06T21:00:00Z",
    { open: false, opensAt: "2026-03-09T13:30:00Z", opensLocal: "09:30", opensWeekday: 1 }],
  ["Monday after US DST: open at 13:30 UTC", "newYork", "2026-03-09T13:30:00Z",
    { open: true, closesAt: "2026-03-09T20:00:00Z" }],
  // Tokyo
  ["Tokyo lunch break (12:00 JST) is closed; reopens 12:30 the same day", "tokyo", "2026-03-10T03:00:00Z",
    { open: false, opensAt: "2026-03-10T03:30:00Z", opensLocal: "12:30", opensWeekday: null }],
  ["Tokyo is open at 15:29 JST (close moved to 15:30 in Nov 2024)", "tokyo", "2026-03-10T06:29:00Z",
    { open: true, closesAt: "2026-03-10T06:30:00Z" }],
  ["Japanese holiday (Sports Day, 12 Oct 10:00 JST) closed", "tokyo", "2026-10-12T01:00:00Z",
    { open: false, opensAt: "2026-10-13T00:00:00Z", opensLocal: "09:00", opensWeekday: 2 }],
  ["Golden Week substitute holiday (6 May) closed", "tokyo", "2026-05-06T01:00:00Z",
    { open: false, opensAt: "2026-05-07T00:00:00Z", opensLocal: "09:00", opensWeekday: 4 }],
  ["JPX closes 31 Dec–3 Jan", "tokyo", "2026-12-31T01:00:00Z",
    { open: false, opensAt: "2027-01-04T00:00:00Z", opensLocal: "09:00", opensWeekday: 1 }],
  // Weekend
  ["Saturday: Stockholm opens Monday", "stockholm", "2026-06-13T12:00:00Z",
    { open: false, opensAt: "2026-06-15T07:00:00Z", opensLocal: "09:00", opensWeekday: 1 }],
  ["Saturday: New York opens Monday", "newYork", "2026-06-13T12:00:00Z",
    { open: false, opensAt: "2026-06-15T13:30:00Z", opensLocal: "09:30", opensWeekday: 1 }],
  ["Saturday: Tokyo opens Monday", "tokyo", "2026-06-13T12:00:00Z",
    { open: false, opensAt: "2026-06-15T00:00:00Z", opensLocal: "09:00", opensWeekday: 1 }],
];

describe("marketStatus", () => {
  it.each(rows)("%s", (_what, exchange, at, expected) => {
    const status = marketStatus(exchange, new Date(at));
    const shown =
      status.open
        ? { open: true, closesAt: status.closesAt.toISOString().replace(".000", "") }
        : { open: false, opensAt: status.opensAt.toISOString().replace(".000", ""), opensLocal: status.opensLocal, opensWeekday: status.opensWeekday };
    expect(shown).toEqual(expected);
  });

  it("re-checks at the next open/close, at most a minute away", () => {
    const now = new Date("2026-03-06T14:29:30Z");
    expect(msUntilChange(marketStatus("newYork", now), now.getTime())).toBe(30_000);
    const sat = new Date("2026-06-13T12:00:00Z");
    expect(msUntilChange(marketStatus("newYork", sat), sat.getTime())).toBe(60_000);
  });
});

describe("/api/market-status body (the rules stay on the server)", () => {
  it("gives each exchange's state and the time until the first change, as the rules say", () => {
    // Friday 27 Mar 2026 16:00 UTC: Stockholm (17:00 CET) and New York (12:00 EDT) open, Tokyo closed.
    const now = new Date("2026-03-27T16:00:00Z");
    const body = marketStatusesAt(now, marketStatus);
    expect(body.statuses.stockholm).toEqual({ open: true, closesAt: "2026-03-27T16:30:00.000Z" });
    expect(body.statuses.newYork).toEqual({ open: true, closesAt: "2026-03-27T20:00:00.000Z" });
    expect(body.statuses.tokyo).toMatchObject({ open: false, opensLocal: "09:00", opensWeekday: 1 });
    // Stockholm's close, 30 minutes on, is the first change.
    expect(body.changesInMs).toBe(30 * 60_000);
    expect(JSON.parse(JSON.stringify(body))).toEqual(body);
  });

  it("caps the wait at an hour over a weekend", () => {
    const body = marketStatusesAt(new Date("2026-03-28T12:00:00Z"), marketStatus);
    expect(Object.values(body.statuses).every((s) => !s.open)).toBe(true);
    expect(body.changesInMs).toBe(3_600_000);
  });
});
