/**
 * Forum home tabs and trend badges: Senaste / Trendar / Populära
 * chosen in the URL so a reload keeps the tab; a thread with 3 reactions in the last hour shows
 * 'Snabb' in the list and on its page.
 */
import { expect, test } from "./support/test";
import { forum as f } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";
import { threadIdOf } from "../../domain/paths";

const env = useMailbox();

test("tabs survive a reload; three reactions in the last hour earn 'Snabb'", async ({ page }) => {
  const author = await memberByHttp(env.baseURL, env.mailbox, "Trendig");
  const fan = await memberByHttp(env.baseURL, env.mailbox, "Fan");
  const html = await (await author.api.get("/forum")).text();
  const categoryId = html.match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
  const title = `Sinch rusar ${Date.now()}`;
  const created = await author.api.post(`/forum/ny-trad/${categoryId}`, { form: { title, body: "Vad hände?" }, maxRedirects: 0 });
  const threadPath = created.headers()["location"]!;
  const threadId = threadIdOf(threadPath)!;
  for (const reactionType of ["bull", "like", "fire"]) {
    const res = await fan.api.post(threadPath, { form: { intent: "react", targetType: "thread", targetId: threadId, reactionType } });
    expect(res.status()).toBe(200);
  }

  await page.goto("/forum");
  await expect(page.getByRole("tab", { name: f.sortLatest })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: f.sortTrending }).click();
  await expect(page).toHaveURL(/\?sortera=trendar$/);
  await expect(page.getByRole("tab", { name: f.sortTrending })).toHaveAttribute("aria-selected", "true");
  const row = page.getByRole("listitem").filter({ hasText: title });
  await expect(row).toContainText(f.badgeFast);
  await page.reload();
  await expect(page.getByRole("tab", { name: f.sortTrending })).toHaveAttribute("aria-selected", "true");
  const discussions = page.getByRole("region", { name: f.discussions });
  await expect(discussions.getByRole("listitem").first()).toContainText(title);

  await page.getByRole("tab", { name: f.sortPopular }).click();
  await expect(page).toHaveURL(/\?sortera=populara$/);
  await expect(page.getByRole("listitem").filter({ hasText: title })).toBeVisible();

  await page.goto(threadPath);
  await expect(page.locator("article").first()).toContainText(f.badgeFast);
  await Promise.all([author.api.dispose(), fan.api.dispose()]);
});
