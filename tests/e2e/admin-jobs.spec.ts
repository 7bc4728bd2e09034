/**
 * The admin panel 'Jobb' in the browser: the
 * admin opens it from the admin navigation and sees the forum's periodic jobs with their
 * schedules; the trending refresh the server ran at start-up shows a last run.
 */
import { expect, test } from "./support/test";
import { adminJobs as aj } from "../../domain/i18n/sv";
import { E2E_ADMIN, login } from "./support/accounts";

test("the admin sees the job queue: every periodic job, its schedule and the start-up run", async ({ page }) => {
  await login(page, E2E_ADMIN);
  await page.goto("/admin");
  await page.getByRole("navigation").getByRole("link", { name: aj.title, exact: true }).click();
  await expect(page.getByRole("heading", { name: aj.title, level: 1 })).toBeVisible();
  for (const name of ["trending-refresh", "fanout-sweep", "post-image-sweep", "edge-level-refresh"]) {
    await expect(page.getByTestId(`job-${name}`)).toContainText(aj.names[name]!);
  }
  await expect(page.getByTestId("job-trending-refresh")).toContainText("* * * * *");
  await expect(page.getByTestId("job-edge-level-refresh")).toContainText("17 */6 * * *");
  // The start-up run (or a minute's run) has finished: the last-run cell names its state.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("job-trending-refresh")).toContainText(`(${aj.lastState.completed})`, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
});
