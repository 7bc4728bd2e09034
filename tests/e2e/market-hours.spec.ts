/**
 * Market hours: under each clock of the auth layout the exchange's state ('Öppen', or
 * 'Stängd' with 'öppnar …'), equal to what domain/market-hours.ts says for the same instant; the
 * forum header's compact line is shown at 1280 px and hidden at 375 px. The rules themselves
 * (holidays, half days, DST) are covered by server/market/market-hours.test.ts at fixed instants.
 * The page fetches the states from `/api/market-status`, computed on the server (the rules and the
 * holiday library never reach the browser).
 */
import { expect, test } from "./support/test";
import { auth as a, marketHours as mh } from "../../domain/i18n/sv";
import { marketStatus as statusWith, type ExchangeKey, type MarketStatus } from "../../domain/market-hours";
import { marketCalendar } from "../../server/market/calendar";

/** The rules with the calendar the server sends at that instant. */
const marketStatus = (key: ExchangeKey, now: Date) => statusWith(key, now, marketCalendar(now));

const exchanges: ExchangeKey[] = ["newYork", "stockholm", "tokyo"];

/** What the page should say for a state, built from the catalogue. */
function expectedText(s: MarketStatus): string {
  if (s.open) return mh.open;
  const opens = s.opensWeekday === null ? mh.opensAt(s.opensLocal) : mh.opensOn(mh.weekdays[s.opensWeekday]!, s.opensLocal);
  return `${mh.closed}${opens}`;
}

test("login page: 'Öppen' or 'Stängd' + 'öppnar …' under each clock, as the rules say now", async ({ page }) => {
  await page.goto("/auth/login");
  const header = page.getByRole("banner");
  for (const key of exchanges) {
    const clock = header.getByRole("group", { name: a.clocks[key] });
    const status = clock.getByTestId("market-status");
    await expect(status).toHaveText(new RegExp(`^(${mh.open}|${mh.closed}öppnar .+)$`));
    // Equal to the rules at this instant (read twice around the check so a change at the minute passes).
    const before = expectedText(marketStatus(key, new Date()));
    const shown = (await status.textContent()) ?? "";
    const after = expectedText(marketStatus(key, new Date()));
    expect([before, after]).toContain(shown);
  }
});

test("/api/market-calendar: public holiday dates, cached; the browser never loads the holiday library", async ({ page, request }) => {
  const response = await request.get("/api/market-calendar");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("max-age=3600");
  const calendar = await response.json();
  for (const key of exchanges) expect(Array.isArray(calendar[key].closed)).toBe(true);
  // The login page's scripts stay small: no chunk carries the holiday data.
  // Bodies are read while the page is alive and awaited before the test ends
  // (a body read after the test ended fails with "Test ended").
  const scripts: Promise<number>[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith(".js")) scripts.push(r.body().then((body) => body.length));
  });
  await page.goto("/auth/login");
  await expect(page.getByTestId("market-status").first()).toHaveText(new RegExp(`^(${mh.open}|${mh.closed}öppnar .+)$`));
  await page.waitForLoadState("networkidle");
  const sizes = await Promise.all(scripts);
  expect(sizes.length).toBeGreaterThan(0);
  expect(Math.max(...sizes)).toBeLessThan(500_000);
});

test("/api/market-status: each exchange's state as the rules say now, cached until the next change", async ({ request }) => {
  const response = await request.get("/api/market-status");
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { statuses: Record<ExchangeKey, { open: boolean }>; changesInMs: number };
  const maxAge = Number(/max-age=(\d+)/.exec(response.headers()["cache-control"] ?? "")?.[1]);
  expect(maxAge).toBe(Math.floor(body.changesInMs / 1000));
  for (const key of exchanges) {
    const now = new Date();
    expect([marketStatus(key, new Date(now.getTime() - 5_000)).open, marketStatus(key, now).open]).toContain(body.statuses[key].open);
  }
});

test("forum header: the market line is visible at 1280 px and hidden at 375 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/forum");
  const line = page.getByRole("banner").getByTestId("market-hours-line");
  await expect(line).toBeVisible();
  for (const key of ["stockholm", "newYork", "tokyo"] as const) {
    await expect(line).toContainText(mh.exchanges[key]);
    await expect(line).toContainText(expectedText(marketStatus(key, new Date())).replace(mh.closed, `${mh.closed}, `));
  }

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(line).toBeHidden();
});
