/**
 * A visitor's thread page carries the thread's JSON-LD
 * `DiscussionForumPosting` (parsed from the page the browser got) with the right headline and
 * author as a `Person` with the profile URL, and the comment; a title and body with `</script>`
 * and `<!--` stay inside it (the page shows them as text, no violation of the CSP is reported).
 * The page hydrates without an error although the browser's JavaScript does not build the node.
 * With SHOTS_DIR set, screenshots at 375 and 1280 px are written there.
 */
import { expect, test } from "./support/test";
import { memberByHttp } from "./support/accounts";
import { screenshotsIfAsked, useMailbox } from "./support/forum";

const env = useMailbox();

test("a visitor's thread page has the DiscussionForumPosting JSON-LD", async ({ page }) => {
  const author = await memberByHttp(env.baseURL, env.mailbox, "Ldjson");
  const html = await (await author.api.get("/forum")).text();
  const categoryId = html.match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
  const title = "Sinch rapport </script><!-- Q3";
  const created = await author.api.post(`/forum/ny-trad/${categoryId}`, {
    form: { title, body: "Stark kvartal. </script><script>alert(1)</script> <!-- slut" },
    maxRedirects: 0,
  });
  const threadPath = created.headers()["location"]!;
  expect(threadPath).toMatch(/\/trad\//);
  expect((await author.api.post(threadPath, { form: { intent: "comment", body: "Håller med om rapporten." } })).status()).toBe(200);

  // The node is built on the server only (not in the browser's JavaScript); the page
  // hydrates onto it without an error and it stays in the page.
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  await page.goto(threadPath);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks).toHaveLength(1);
  const ld = JSON.parse(blocks[0]!);
  const origin = new URL(page.url()).origin;
  expect(ld).toMatchObject({
    "@context": "https://schema.org",
    "@type": "DiscussionForumPosting",
    headline: title,
    url: `${origin}${threadPath}`,
    author: { "@type": "Person", name: author.nickname, url: `${origin}/@${encodeURIComponent(author.nickname)}` },
  });
  expect(ld.text).toContain("</script><script>alert(1)</script>");
  expect(ld.comment).toEqual([expect.objectContaining({ "@type": "Comment", text: "Håller med om rapporten.", author: expect.objectContaining({ name: author.nickname }) })]);
  // The author's profile URL from the JSON-LD opens the profile, which carries ProfilePage.
  await page.goto(ld.author.url);
  await expect(page.getByRole("heading", { name: author.nickname })).toBeVisible();
  const profile = JSON.parse((await page.locator('script[type="application/ld+json"]').allTextContents())[0]!);
  expect(profile).toMatchObject({ "@type": "ProfilePage", mainEntity: { "@type": "Person", name: author.nickname } });
  await page.goto(threadPath);
  await screenshotsIfAsked(page, "thread-jsonld");
  expect(problems).toEqual([]);
  await author.api.dispose();
});
