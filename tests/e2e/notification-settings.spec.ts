/**
 * Notification settings 'Notiser' on /forum/konto: member B sets 'Omnämnande' to 'Av'
 * and saves; after a reload it is still 'Av'; A then mentions B — nothing reaches B's bell —
 * while A's comment on B's thread still does. 'Stäng av alla e-postnotiser' shows 'Alla
 * e-postnotiser är avstängda.' after a reload. Without JavaScript `/forum/konto/notiser` leads
 * to the section and a save is a plain form post.
 */
import { expect, test, watchCsp } from "./support/test";
import { notifications as n, notificationSettings as nst } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox, clickAndAwaitPost } from "./support/forum";

// The service worker is what these tests are about (the config blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

const env = useMailbox();

test("B turns mentions off and e-mail off; A's mention does not reach B's bell, A's comment does", async ({ browser }) => {
  const a = await memberByHttp(env.baseURL, env.mailbox, "Alva");
  const b = await memberByHttp(env.baseURL, env.mailbox, "Bertil");
  const categoryId = (await (await a.api.get("/forum")).text()).match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;

  const ctx = await browser.newContext({ storageState: await b.api.storageState() });
  const violations = await watchCsp(ctx);
  const page = await ctx.newPage();
  await page.goto("/forum/konto");
  const section = page.locator("#notiser");
  await expect(section.getByRole("heading", { name: nst.title })).toBeVisible();
  const mentions = section.getByRole("group", { name: nst.kinds.mention });
  await expect(mentions.getByRole("radio", { name: nst.channels.email })).toBeChecked();
  await mentions.getByRole("radio", { name: nst.channels.off }).check();
  await section.getByRole("button", { name: nst.save }).click();
  await expect(page.getByText(nst.saved, { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(section.getByRole("group", { name: nst.kinds.mention }).getByRole("radio", { name: nst.channels.off })).toBeChecked();
  await expect(section.getByRole("group", { name: nst.kinds.reply }).getByRole("radio", { name: nst.channels.email })).toBeChecked();

  // B's own thread, so that A's comment on it is a notification B still wants.
  const title = `Bertils tråd ${Date.now()}`;
  const created = await b.api.post(`/forum/ny-trad/${categoryId}`, { form: { title, body: "Vad tror ni om räntan?" }, maxRedirects: 0 });
  expect(created.status()).toBe(302);
  const threadPath = created.headers().location!;

  await page.goto("/forum");
  await expect(page.getByTestId("notification-bell")).toHaveAttribute("data-loaded", "true");
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);
  // A mentions B: nothing.
  const mentionTitle = `Fråga till Bertil ${Date.now()}`;
  const mentioned = await a.api.post(`/forum/ny-trad/${categoryId}`, {
    form: { title: mentionTitle, body: `Vad säger du, @${b.nickname}?` },
    maxRedirects: 0,
  });
  expect(mentioned.status()).toBe(302);
  // A comments on B's thread: that one arrives (so the bell is live and the mention was left out).
  expect((await a.api.post(threadPath, { form: { intent: "comment", body: "Räntan sjunker." } })).status()).toBe(200);
  await expect(page.getByTestId("notification-badge")).toHaveText("1", { timeout: 5_000 });
  await page.getByTestId("notification-bell").click();
  await expect(page.getByRole("button", { name: a.nickname + n.newComment(title) })).toBeVisible();
  await expect(page.getByText(n.mention(mentionTitle))).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("notification-badge")).toHaveText("1");

  // 'Stäng av alla e-postnotiser' in one click; still off after a reload.
  await page.goto("/forum/konto#notiser");
  // Optimistic: wait for the answer before reloading (a reload cancels the POST in flight).
  await clickAndAwaitPost(page, section.getByRole("button", { name: nst.emailOff }), "/");
  await expect(section.getByText(nst.emailOffNotice)).toBeVisible();
  await page.reload();
  await expect(section.getByText(nst.emailOffNotice)).toBeVisible();
  await expect(section.getByRole("button", { name: nst.emailOn })).toBeVisible();
  // The levels chosen stay.
  await expect(section.getByRole("group", { name: nst.kinds.mention }).getByRole("radio", { name: nst.channels.off })).toBeChecked();
  expect(violations, "Content-Security-Policy violations").toEqual([]);
  await ctx.close();

  // Without JavaScript: the short address leads to the section; saving is a plain form post.
  const noJs = await browser.newContext({ storageState: await b.api.storageState(), javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto("/forum/konto/notiser");
  await expect(plain).toHaveURL(/\/forum\/konto#notiser$/);
  const plainSection = plain.locator("#notiser");
  await plainSection.getByRole("group", { name: nst.kinds.quote }).getByRole("radio", { name: nst.channels.push }).check();
  await plainSection.getByRole("button", { name: nst.save }).click();
  await expect(plainSection.getByRole("status").filter({ hasText: nst.saved })).toBeVisible();
  await plain.goto("/forum/konto");
  await expect(plainSection.getByRole("group", { name: nst.kinds.quote }).getByRole("radio", { name: nst.channels.push })).toBeChecked();
  await noJs.close();
});
