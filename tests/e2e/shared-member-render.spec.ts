/**
 * The shared member render (issue 21, server/cache/member-pages.ts): a plain member's thread and
 * profile pages come from one render for every member with their own parts set in the markup
 * (`X-Cache: SHARED`). What the member must notice: their nickname in the header, their own
 * reaction, 'Sparad', 'Sluta bevaka' and 'Sluta följa' in the first paint, a page that hydrates
 * without a mismatch and whose toggles work; on a thread they wrote on, their own comment has its
 * reactions disabled and the author's menu.
 */
import { request as playwrightRequest, type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { bookmarks as bm, editing as ed, forum as f, moderation as m, nav, notifications as n, profile as p, reactions as r } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

/** Errors React reports when the markup does not match what it renders (production build: minified #418/#423/#425). */
const HYDRATION = /hydrat|Minified React error #4(18|19|22|23|25)/i;

/** A page's markup, without what differs per answer: the CSP nonce, the comment forms' key and the overlay script. */
function markup(html: string): string {
  const nonce = html.match(/nonce="([^"]+)"/)?.[1];
  let out = nonce ? html.split(nonce).join("NONCE") : html;
  const key = out.match(/name="submitKey" value="([0-9a-f-]{36})/)?.[1];
  if (key) out = out.split(key).join("KEY");
  out = out.replace(/<script nonce="NONCE">window\.__borssnackPersonal=.*?<\/script>/, "");
  return out.slice(0, out.indexOf("window.__reactRouterContext"));
}

function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && HYDRATION.test(message.text())) problems.push(message.text());
  });
  return problems;
}

test("a member's thread and profile pages come from the shared render with their own state, and hydrate cleanly", async ({ browser }) => {
  const author = await memberByHttp(env.baseURL, env.mailbox, "Delförfattare");
  const reader = await memberByHttp(env.baseURL, env.mailbox, "Delläsare");
  const home = await (await author.api.get("/forum")).text();
  const categoryId = home.match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
  const title = `Delad medlemssida ${Date.now()}`;
  const created = await author.api.post(`/forum/ny-trad/${categoryId}`, { form: { title, body: "Inlägget." }, maxRedirects: 0 });
  expect(created.status()).toBe(302);
  const threadPath = created.headers().location!;
  const threadId = threadPath.split("/").pop()!;
  const commentText = `Författarens kommentar ${Date.now()}`;
  expect((await author.api.post(threadPath, { form: { intent: "comment", body: commentText } })).status()).toBeLessThan(400);
  const html = await (await author.api.get(threadPath)).text();
  const commentId = html.match(/id="comment-([0-9a-f-]{36})"/)![1]!;
  // The own-profile shortcut redirects to /forum/profil/<id>.
  const authorId = (await author.api.get("/forum/profil", { maxRedirects: 0 })).headers().location!.split("/").pop()!;

  // The reader's own state, written the way the page's forms write it.
  const post = (form: Record<string, string>) => reader.api.post(threadPath, { form });
  expect((await post({ intent: "react", targetType: "comment", targetId: commentId, reactionType: "bull" })).status()).toBeLessThan(400);
  expect((await post({ intent: "save", targetType: "thread", targetId: threadId })).status()).toBeLessThan(400);
  expect((await post({ intent: "subscribe" })).status()).toBeLessThan(400);
  expect((await reader.api.post("/api/follow", { form: { userId: authorId, intent: "follow" } })).status()).toBe(200);

  // The markup from the shared render is the markup the reader's own render has (a write in the
  // last seconds, `borssnack_fresh`, makes the server render the page for the member alone).
  const state = await reader.api.storageState();
  const session = state.cookies.find((c) => c.name.includes("session_token"))!;
  const cookies = state.cookies.filter((c) => c.name !== "borssnack_fresh" && c.name !== "borssnack_flash");
  const sharedApi = await playwrightRequest.newContext({ baseURL: env.baseURL, storageState: { ...state, cookies } });
  const aloneApi = await playwrightRequest.newContext({
    baseURL: env.baseURL,
    storageState: { ...state, cookies: [...cookies, { ...session, name: "borssnack_fresh", value: "1" }] },
  });
  for (const path of [threadPath, `/forum/profil/${authorId}`, "/forum", `/forum/kategori/${categoryId}`, `/forum/sok?q=${encodeURIComponent("Delad")}`]) {
    const shared = await sharedApi.get(path);
    const alone = await aloneApi.get(path);
    expect(shared.headers()["x-cache"], path).toBe("SHARED");
    expect(alone.headers()["x-cache"], path).toBeUndefined();
    expect(markup(await shared.text()), path).toBe(markup(await alone.text()));
  }
  await sharedApi.dispose();
  await aloneApi.dispose();

  const context = await browser.newContext({ storageState: state });
  const page = await context.newPage();
  const problems = watchHydration(page);
  // The login's one-shot toast is shown on this first page; a write in the last seconds makes the
  // member's own pages skip shared renders (borssnack_fresh): both gone, as a few seconds later.
  await page.goto(threadPath);
  await context.clearCookies({ name: "borssnack_fresh" });

  const answer = await page.goto(threadPath);
  expect(answer!.headers()["x-cache"]).toBe("SHARED");
  await expect(page.getByRole("button", { name: `${nav.userMenu} ${reader.nickname}` })).toBeVisible();
  const comment = page.locator(`#comment-${commentId}`);
  const bull = comment.getByRole("button", { name: new RegExp(`^${r.labels.bull}`) });
  await expect(bull).toHaveAttribute("aria-pressed", "true");
  await expect(bull).toContainText("1");
  await expect(comment.getByRole("button", { name: new RegExp(`^${r.labels.bear}`) })).toHaveAttribute("aria-pressed", "false");
  const article = page.locator("article").first();
  await expect(article.getByRole("button", { name: bm.saved })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: n.subscription.unsubscribe })).toHaveAttribute("aria-pressed", "true");
  // The member's first paint had the same: the markup as sent, before any script.
  const sent = await answer!.text();
  expect(sent).toContain(`>${reader.nickname}</span>`);
  expect(sent).toContain(`${bm.saved}</button>`);
  expect(sent).toContain(`${n.subscription.unsubscribe}</button>`);

  // Hydrated onto that markup: the toggles work from its state.
  const answered = page.waitForResponse((res) => res.request().method() === "POST" && res.url().includes(threadPath));
  await bull.click();
  await answered;
  await expect(bull).toHaveAttribute("aria-pressed", "false");
  await page.reload();
  await expect(comment.getByRole("button", { name: new RegExp(`^${r.labels.bull}`) })).toHaveAttribute("aria-pressed", "false");

  // The author's profile: 'Sluta följa', pressed, from the shared render.
  await context.clearCookies({ name: "borssnack_fresh" });
  const profileAnswer = await page.goto(`/forum/profil/${authorId}`);
  expect(profileAnswer!.headers()["x-cache"]).toBe("SHARED");
  await expect(page.getByRole("button", { name: p.unfollow })).toHaveAttribute("aria-pressed", "true");
  expect(problems).toEqual([]);

  // A thread the reader wrote on: their own comment's reactions are disabled with the hint and
  // their menu has 'Redigera', from the shared render too.
  const own = `Läsarens kommentar ${Date.now()}`;
  expect((await reader.api.post(threadPath, { form: { intent: "comment", body: own } })).status()).toBeLessThan(400);
  const ownState = await reader.api.storageState();
  const ownCookies = ownState.cookies.filter((c) => c.name !== "borssnack_fresh" && c.name !== "borssnack_flash");
  const sharedAgain = await playwrightRequest.newContext({ baseURL: env.baseURL, storageState: { ...ownState, cookies: ownCookies } });
  const aloneAgain = await playwrightRequest.newContext({
    baseURL: env.baseURL,
    storageState: { ...ownState, cookies: [...ownCookies, { ...session, name: "borssnack_fresh", value: "1" }] },
  });
  const sharedOwn = await sharedAgain.get(threadPath);
  expect(sharedOwn.headers()["x-cache"]).toBe("SHARED");
  expect(markup(await sharedOwn.text())).toBe(markup(await (await aloneAgain.get(threadPath)).text()));
  await sharedAgain.dispose();
  await aloneAgain.dispose();
  const ownContext = await browser.newContext({ storageState: { ...ownState, cookies: ownCookies } });
  const ownPage = await ownContext.newPage();
  const ownProblems = watchHydration(ownPage);
  const ownAnswer = await ownPage.goto(threadPath);
  expect(ownAnswer!.headers()["x-cache"]).toBe("SHARED");
  const ownComment = ownPage.locator("article", { hasText: own });
  await expect(ownComment.getByRole("button", { name: new RegExp(`^${r.labels.bull}`) })).toBeDisabled();
  await expect(ownComment.getByText(r.ownContent)).toBeVisible();
  await expect(ownComment.getByRole("button", { name: m.report })).toHaveCount(0);
  await ownComment.getByRole("button", { name: f.actions }).click();
  await expect(ownPage.getByRole("menuitem", { name: ed.edit })).toBeVisible();
  expect(ownProblems).toEqual([]);
  await context.close();
  await ownContext.close();
});
