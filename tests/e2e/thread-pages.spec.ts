/**
 * A thread with more than 50 top-level comments pages them, and a link to a comment on
 * a later page (`/forum/kommentar/{id}`, used by notifications and search) lands on that page,
 * scrolled to the comment and highlighted (SPEC §2 Thread page).
 */
import { expect, test } from "./support/test";
import { forum as f } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

test("51 comments make two pages; a comment link opens page 2 at the comment", async ({ page }) => {
  const author = await memberByHttp(env.baseURL, env.mailbox, "Sidor");
  const html = await (await author.api.get("/forum")).text();
  const categoryId = html.match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
  const created = await author.api.post(`/forum/ny-trad/${categoryId}`, { form: { title: "Långtråd om räntor", body: "Start." }, maxRedirects: 0 });
  const threadPath = created.headers()["location"]!;
  const word = `Riksbanksbesked${Math.random().toString(36).replace(/[^a-z]/g, "").slice(0, 6)}`;
  for (let i = 1; i <= 51; i++) {
    const body = i === 51 ? `Nummer ${i}: ${word}` : `Nummer ${i}`;
    const response = await author.api.post(threadPath, { form: { intent: "comment", body } });
    expect(response.status()).toBe(200);
  }
  await page.goto(threadPath);
  await expect(page.getByText("Nummer 50", { exact: true })).toBeVisible();
  await expect(page.getByText("Nummer 51", { exact: false })).toHaveCount(0);
  await page.getByRole("link", { name: f.laterComments }).first().click();
  await expect(page).toHaveURL(/\?sida=2$/);
  await expect(page.getByText(`Nummer 51: ${word}`)).toBeVisible();

  const search = await (await page.request.get(`/api/search?q=${word}`)).json();
  const commentId = search.results.find((r: { kind: string }) => r.kind === "comment").id as string;
  await page.goto("/forum");
  await page.goto(`/forum/kommentar/${commentId}`);
  await expect(page).toHaveURL(new RegExp(`${threadPath}\\?sida=2#comment-${commentId}$`));
  await expect(page.locator(`#comment-${commentId}`)).toHaveClass(/highlight-target/);
  expect((await page.request.get("/forum/kommentar/00000000-0000-0000-0000-000000000000")).status()).toBe(404);
  await author.api.dispose();
});
