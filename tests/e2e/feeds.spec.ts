/**
 * Feeds: a visitor's thread page names the thread's Atom feed in
 * `<link rel="alternate" type="application/atom+xml">`, and that feed, read with a maintained feed
 * parser, lists the thread's newest comment first with its Swedish title, the commenter's
 * nickname, the cooked HTML and an absolute link to the comment. With SHOTS_DIR set, screenshots
 * of the thread page and the feed at 375 and 1280 px are written there.
 */
import { extractFromXml } from "@extractus/feed-extractor";
import { expect, test } from "./support/test";
import { feeds as fd } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { screenshotsIfAsked, useMailbox } from "./support/forum";

const env = useMailbox();

test("a visitor's thread page links its feed, and the feed lists the newest comment first", async ({ browser }) => {
  const author = await memberByHttp(env.baseURL, env.mailbox, "Flodet");
  const commenter = await memberByHttp(env.baseURL, env.mailbox, "Lasare");
  const categoryId = (await (await author.api.get("/forum")).text()).match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
  const title = `Sinch rapport & <utsikter> ${Date.now()}`;
  const created = await author.api.post(`/forum/ny-trad/${categoryId}`, {
    form: { title, body: "Vad tror ni om **rapporten**?" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  const threadPath = created.headers().location!;
  expect((await commenter.api.post(threadPath, { form: { intent: "comment", body: "Första kommentaren." } })).status()).toBe(200);
  expect((await author.api.post(threadPath, { form: { intent: "comment", body: "Nyaste kommentaren med **fetstil**." } })).status()).toBe(200);

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(threadPath);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const alternate = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
  await expect(alternate).toHaveCount(1);
  await expect(alternate).toHaveAttribute("title", fd.alternate(fd.threadTitle(title)));
  const href = (await alternate.getAttribute("href"))!;
  // The feed hangs off the thread's id (the spec's path), not its slug.
  expect(href).toBe(`${threadPath.replace(/\/[^/]+$/, "")}/feed.atom`);
  await screenshotsIfAsked(page, "thread-with-feed-link");

  const res = await page.request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
  const feed = extractFromXml(await res.text(), {
    descriptionMaxLen: 0,
    getExtraEntryFields: (e) => ({
      author: String((e.author as { name: unknown }).name),
      href: String((e.link as Record<string, unknown>)["@_href"]),
      html: String((e.content as Record<string, unknown>)["#text"]),
    }),
  });
  expect(feed.title).toBe(fd.threadTitle(title));
  const [newest, older, opening] = feed.entries!;
  expect(newest!.title).toBe(fd.commentEntry(author.nickname, title));
  expect(newest!.author).toBe(author.nickname);
  expect(newest!.html).toContain("<strong>fetstil</strong>");
  expect(newest!.href).toMatch(new RegExp(`^${env.baseURL}${threadPath}#comment-[0-9a-f-]{36}$`));
  expect(older!.title).toBe(fd.commentEntry(commenter.nickname, title));
  expect(opening!.title).toBe(title);
  expect(feed.entries).toHaveLength(3);

  // The comment link of the newest entry opens the thread at that comment.
  await page.goto(newest!.href as string);
  await expect(page.locator("article[id^=comment-]", { hasText: "Nyaste kommentaren med" })).toBeVisible();
  await page.goto(href);
  await screenshotsIfAsked(page, "thread-feed");
  await visitor.close();
  await Promise.all([author.api.dispose(), commenter.api.dispose()]);
});
