/**
 * The Web Push toggle in Chromium ('Aktivera pushnotiser på den här enheten'), on the
 * page that mounts `PushDeviceToggle` ({@link PAGE}; the lead mounts it in 'Notiser' — until
 * then these tests are skipped): not supported without the Push API; with notification
 * permission granted, subscribing in a headless Chromium without a push service shows the
 * Swedish failure message and nothing crashes — or, where Chromium does subscribe, the device is
 * stored (in the data export) and turning it off removes it; a refused permission says how to
 * allow it.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { webPush as wp } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

/** The page that shows the toggle: move this line if the toggle moves. */
const PAGE = "/forum/konto";

// The service worker is what these tests are about (the config blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

const env = useMailbox();

/** Opens {@link PAGE}; skips the test while the toggle is not mounted there. */
async function openToggle(page: Page) {
  await page.goto(PAGE);
  const toggle = page.getByTestId("push-device-toggle");
  test.skip((await toggle.count()) === 0, `PushDeviceToggle is not mounted on ${PAGE} yet`);
  return toggle;
}

test("without the Push API the toggle says push is not supported", async ({ browser }) => {
  const a = await memberByHttp(env.baseURL, env.mailbox, "PushUtan");
  const context = await browser.newContext({ storageState: await a.api.storageState() });
  await context.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager;
  });
  const page = await context.newPage();
  const toggle = await openToggle(page);
  await expect(toggle.getByText(wp.unsupported)).toBeVisible();
  await expect(toggle.getByRole("button")).toHaveCount(0);
  await context.close();
});

test("with permission granted: subscribing either fails with the Swedish message or stores the device; nothing crashes", async ({ browser }) => {
  const a = await memberByHttp(env.baseURL, env.mailbox, "PushPa");
  const context = await browser.newContext({ storageState: await a.api.storageState(), permissions: ["notifications"] });
  const page = await context.newPage();
  const crashes: string[] = [];
  page.on("pageerror", (error) => crashes.push(error.message));
  const toggle = await openToggle(page);
  const enable = toggle.getByRole("button", { name: wp.enable });
  await expect(enable).toBeVisible({ timeout: 15_000 });
  await enable.click();
  const failed = toggle.getByRole("alert").filter({ hasText: wp.subscribeFailed });
  const on = toggle.getByText(wp.enabled);
  await expect(failed.or(on)).toBeVisible({ timeout: 20_000 });
  const devices = async () => ((await (await a.api.get("/api/my-data")).json()) as { pushDevices: unknown[] }).pushDevices;
  if (await on.isVisible()) {
    // This Chromium has a push service: the device is stored, and turning it off removes it.
    expect(await devices()).toHaveLength(1);
    await toggle.getByRole("button", { name: wp.disable }).click();
    await expect(toggle.getByRole("button", { name: wp.enable })).toBeVisible();
    expect(await devices()).toHaveLength(0);
  } else {
    // No push service in a headless Chromium: the message, the button again, nothing stored.
    await expect(toggle.getByRole("button", { name: wp.enable })).toBeEnabled();
    expect(await devices()).toHaveLength(0);
  }
  expect(crashes).toEqual([]);
  await context.close();
});

test("a refused permission says how to allow notifications", async ({ browser }) => {
  const a = await memberByHttp(env.baseURL, env.mailbox, "PushNej");
  const context = await browser.newContext({ storageState: await a.api.storageState() });
  const page = await context.newPage();
  const toggle = await openToggle(page);
  const enable = toggle.getByRole("button", { name: wp.enable });
  await expect(enable).toBeVisible({ timeout: 15_000 });
  // Headless Chromium answers the permission prompt itself (denied or dismissed).
  await enable.click();
  await expect(toggle.getByRole("alert").filter({ hasText: new RegExp(`${escape(wp.denied)}|${escape(wp.permissionDismissed)}`) })).toBeVisible({ timeout: 15_000 });
  await expect(toggle.getByRole("button", { name: wp.enable })).toBeEnabled();
  await context.close();
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
