/**
 * Landing page and auth layout (SPEC §2 Landing page, Auth layout; §9 Clocks): the banner, the
 * four 'Kom igång direkt' links, the three market clocks compared with `Intl.DateTimeFormat` in
 * the test, the clocks ticking, the logo leading to /landing, and no hydration mismatch.
 * Daylight-saving correctness is covered by app/lib/clocks.test.ts at fixed instants.
 */
import type { ConsoleMessage, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { auth as a, landing as ld } from "../../domain/i18n/sv";

// An odd zone (UTC+5:45) for the browser: the clocks must not depend on the visitor's own zone.
test.use({ timezoneId: "Asia/Kathmandu" });

const zones = [
  { city: a.clocks.newYork, timeZone: "America/New_York" },
  { city: a.clocks.stockholm, timeZone: "Europe/Stockholm" },
  { city: a.clocks.tokyo, timeZone: "Asia/Tokyo" },
] as const;

/** HH:mm in `timeZone` at `date`, computed independently of the app's code. */
function hourMinute(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(date);
}

const hydrationProblem =
  /hydrat|did not match|server rendered (html|text)|react\.dev\/errors\/(418|419|421|422|423|425)|Minified React error #4(18|19|21|22|23|25)/i;

/** Collects console messages and uncaught errors that point at a hydration mismatch. */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (["error", "warning"].includes(message.type()) && hydrationProblem.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test("landing page: banner, 'Kom igång direkt' with four links, about box, footer", async ({ page }) => {
  const problems = watchHydration(page);
  await page.goto("/landing");
  await expect(page).toHaveTitle(ld.metaTitle);
  await expect(page.getByText(ld.bannerTitle)).toBeVisible();
  await expect(page.getByText(ld.bannerText)).toBeVisible();
  await expect(page.locator("header [data-slot='online-users']")).toHaveCount(1);

  const start = page.getByRole("region", { name: ld.startTitle });
  await expect(start.getByRole("heading", { level: 2, name: ld.startTitle })).toBeVisible();
  const expected = [
    [ld.start.reserved, "/auth/forgot-password"],
    [ld.start.register, "/auth/register"],
    [ld.start.login, "/auth/login"],
    [ld.start.forum, "/forum"],
  ] as const;
  await expect(start.getByRole("link")).toHaveCount(expected.length);
  for (const [item, href] of expected) {
    await expect(start.getByRole("link", { name: item.title, exact: true })).toHaveAttribute("href", href);
    await expect(start.getByText(item.text)).toBeVisible();
  }
  await expect(page.getByRole("region", { name: ld.aboutTitle })).toContainText("$TICKER");
  await expect(page.getByRole("contentinfo")).toContainText(ld.poweredBy);
  await expect(page.getByRole("contentinfo")).toContainText(String(new Date().getFullYear()));

  await start.getByRole("link", { name: ld.start.login.title, exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole("heading", { name: a.loginTitle })).toBeVisible();
  expect(problems).toEqual([]);
});

test("auth layout: three clocks show the cities' time, tick, and the logo leads to /landing", async ({ page }) => {
  const problems = watchHydration(page);
  await page.goto("/auth/login");
  const header = page.getByRole("banner");
  const clocks = header.getByRole("group", { name: ld.clocksLabel });

  for (const { city, timeZone } of zones) {
    const time = clocks.getByRole("group", { name: city }).locator(`time[data-time-zone="${timeZone}"]`);
    await expect(time).toHaveText(/^\d\d:\d\d:\d\d$/);
    // Read the clock between two reference readings; a minute change in between allows either.
    const before = hourMinute(new Date(), timeZone);
    const shown = (await time.textContent()) ?? "";
    const after = hourMinute(new Date(), timeZone);
    expect([before, after], `${city} visar ${shown}`).toContain(shown.slice(0, 5));
    await expect(time).toHaveAttribute("datetime", /^\d\d:\d\d:\d\d$/);
  }

  // The seconds advance: Stockholm's text changes within about two seconds.
  const stockholm = clocks.locator('time[data-time-zone="Europe/Stockholm"]');
  const first = await stockholm.textContent();
  await expect(stockholm).not.toHaveText(first ?? "", { timeout: 2_100 });
  // All three tick together: their seconds agree.
  const seconds = await clocks.locator("time").evaluateAll((els) => els.map((el) => el.textContent?.slice(6)));
  expect(new Set(seconds).size, `sekunder ${seconds.join(", ")}`).toBe(1);

  await expect(header.getByRole("link", { name: "Börssnack" })).toHaveAttribute("href", "/landing");
  await expect(page.getByRole("contentinfo")).toContainText(String(new Date().getFullYear()));
  await page.goto("/auth/register");
  await expect(page.getByRole("banner").getByRole("link", { name: "Börssnack" })).toHaveAttribute("href", "/landing");
  await page.getByRole("banner").getByRole("link", { name: "Börssnack" }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByText(ld.bannerTitle)).toBeVisible();
  expect(problems).toEqual([]);
});
