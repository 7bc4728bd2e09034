/**
 * The shared member render (server/cache/page-cache.ts): a plain member's thread and
 * profile pages come from one render for every member with their own parts set in the markup
 * (`X-Cache: SHARED`). What the member must notice: their nickname in the header, their own
 * reaction, 'Sparad', 'Sluta bevaka' and 'Sluta följa' in the first paint, a page that hydrates
 * without a mismatch and whose toggles work; on a thread they wrote on, their own comment has its
 * reactions disabled and the author's menu. On the notifications page the member's own list is
 * set into the shared markup: in the first paint, with no layout shift when the page hydrates. So
 * are their own thread lists on the home tabs 'Olästa' and 'Bevakat'.
 */
import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { bookmarks as bm, editing as ed, forum as f, nav, notifications as n, profile as p, reactions as r, reporting as rp, threadWatch as tw } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";
import { threadIdOf } from "../../domain/paths";

const env = useMailbox();

type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;

/** Errors React reports when the markup does not match what it renders (production build: minified #418/#423/#425). */
const HYDRATION = /hydrat|Minified React error #4(18|19|22|23|25)/i;

/** A page's markup, without what differs per answer: the CSP nonce, the comment forms' key and the overlay script. */
function markup(html: string): string {
  const nonce = html.match(/nonce="([^"]+)"/)?.[1];
  let out = nonce ? html.split(nonce).join("NONCE") : html;
  const key = out.match(/name="submitKey" value="([0-9a-f-]{36})/)?.[1];
  if (key) out = out.split(key).join("KEY");
  out = out.replace(/<script nonce="NONCE">window\.__borssnackPersonal=.*?<\/script>/, "");
  // The header's online counts are read at most every 15 s: two renders may see different ones.
  out = out.replace(/(<span data-testid="online-users")[\s\S]*?online<\/span><\/span>/, "$1>");
  // The trend badges follow the thread's percentile rank, which the per-minute trending refresh
  // recomputes over the whole forum (other specs' threads included): a render kept up to 10 s
  // (MEMBER_PAGES_TTL_MS) and a fresh one may straddle a refresh. The badges' own rule is tested in
  // app/components/forum/thread-badges.test.ts and server/trending/trending.test.ts.
  out = out.replace(/<span class="inline-flex flex-wrap gap-1">(?:<span title="[^"]*"[^>]*>[\s\S]*?<\/span>)+<\/span>/g, "");
  return out.slice(0, out.indexOf("window.__reactRouterContext"));
}

/**
 * Request contexts of a member: `shared` without the flash and fresh-write cookies (answered from
 * the shared render), `alone` with `borssnack_fresh` (the member's own render), and the cookies
 * without those two (for a browser a few seconds later).
 */
async function sharedAndAlone(state: StorageState) {
  const session = state.cookies.find((c) => c.name.includes("session_token"))!;
  const cookies = state.cookies.filter((c) => c.name !== "borssnack_fresh" && c.name !== "borssnack_flash");
  const shared = await playwrightRequest.newContext({ baseURL: env.baseURL, storageState: { ...state, cookies } });
  const alone = await playwrightRequest.newContext({
    baseURL: env.baseURL,
    storageState: { ...state, cookies: [...cookies, { ...session, name: "borssnack_fresh", value: "1" }] },
  });
  return { shared, alone, cookies };
}

/**
 * Records every layout shift of the page's documents once the HTML is parsed (the member's parts
 * may come from the shared render only with "layout shift 0" when the page hydrates). Shifts
 * before `domInteractive` are left out: on a loaded machine Chromium paints a half-parsed
 * document and the rest of the header then arrives, which is the parser, not hydration (module
 * scripts run after parsing). Call before `goto`.
 *
 * @returns a function giving the shifts so far, each with what moved
 */
async function watchLayoutShifts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: string[] };
    w.shifts = [];
    type Shift = { value: number; startTime: number; sources?: Array<{ node?: Element | null; previousRect: DOMRect; currentRect: DOMRect }> };
    new PerformanceObserver((list) => {
      const parsed = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.domInteractive ?? 0;
      for (const entry of list.getEntries() as unknown as Shift[]) {
        if (parsed === 0 || entry.startTime < parsed) continue;
        const moved = (entry.sources ?? []).map((s) => `${s.node?.outerHTML.slice(0, 120) ?? "?"} ${JSON.stringify(s.previousRect)} -> ${JSON.stringify(s.currentRect)}`);
        w.shifts.push(`${entry.value}: ${moved.join(" | ")}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
}

function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  // With the page's address and the stack, so a failure says where it was thrown.
  page.on("pageerror", (error) => problems.push(`${error.message} at ${page.url()}\n${error.stack ?? ""}`));
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
  const threadId = threadIdOf(threadPath)!;
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
  const { shared: sharedApi, alone: aloneApi } = await sharedAndAlone(state);
  // The member's own lists ('Olästa': the new thread; 'Bevakat': the followed author's) are one
  // personal part of the shared render.
  const ownLists = ["/forum?sortera=olasta", "/forum?sortera=bevakat"];
  for (const path of [threadPath, `/forum/profil/${authorId}`, "/forum", `/forum/kategori/${categoryId}`, `/forum/sok?q=${encodeURIComponent("Delad")}`, ...ownLists]) {
    const shared = await sharedApi.get(path);
    const alone = await aloneApi.get(path);
    expect(shared.headers()["x-cache"], path).toBe("SHARED");
    expect(alone.headers()["x-cache"], path).toBeUndefined();
    const sharedHtml = markup(await shared.text());
    expect(sharedHtml, path).toBe(markup(await alone.text()));
    if (ownLists.includes(path)) expect(sharedHtml, path).toContain(title);
  }
  await sharedApi.dispose();
  await aloneApi.dispose();

  const context = await browser.newContext({ storageState: state });
  const page = await context.newPage();
  const problems = watchHydration(page);
  const shifts = await watchLayoutShifts(page);
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
  await expect(page.getByRole("button", { name: tw.unsubscribe })).toHaveAttribute("aria-pressed", "true");
  // The member's first paint had the same: the markup as sent, before any script.
  const sent = await answer!.text();
  expect(sent).toContain(`>${reader.nickname}</span>`);
  expect(sent).toContain(`${bm.saved}</button>`);
  expect(sent).toContain(`${tw.unsubscribe}</button>`);
  // Nothing moved while the page loaded and hydrated: the header and the member's state were in the first paint.
  await page.waitForLoadState("networkidle");
  expect(await shifts()).toEqual([]);

  // Hydrated onto that markup: the toggles work from its state.
  const answered = page.waitForResponse((res) => res.request().method() === "POST" && res.url().includes(threadPath));
  await bull.click();
  await answered;
  await expect(bull).toHaveAttribute("aria-pressed", "false");
  await page.reload();
  await expect(comment.getByRole("button", { name: new RegExp(`^${r.labels.bull}`) })).toHaveAttribute("aria-pressed", "false");
  // Loaded and hydrated before the next page, as a reader would: leaving while the page's own
  // requests are in flight cancels them, and what a cancelled request throws is not this page's.
  await page.waitForLoadState("networkidle");

  // The author's profile: 'Sluta följa', pressed, from the shared render.
  await context.clearCookies({ name: "borssnack_fresh" });
  const profileAnswer = await page.goto(`/forum/profil/${authorId}`);
  expect(profileAnswer!.headers()["x-cache"]).toBe("SHARED");
  await expect(page.getByRole("button", { name: p.unfollow })).toHaveAttribute("aria-pressed", "true");
  await page.waitForLoadState("networkidle");
  // 'Bevakat' from the shared render: the member's own list, hydrated without a mismatch. ('Olästa'
  // no longer lists the thread: the reader has read it on its page above.)
  await context.clearCookies({ name: "borssnack_fresh" });
  const unreadAnswer = await page.goto("/forum?sortera=bevakat");
  expect(unreadAnswer!.headers()["x-cache"]).toBe("SHARED");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);

  // A thread the reader wrote on: their own comment's reactions are disabled with the hint and
  // their menu has 'Redigera', from the shared render too.
  const own = `Läsarens kommentar ${Date.now()}`;
  expect((await reader.api.post(threadPath, { form: { intent: "comment", body: own } })).status()).toBeLessThan(400);
  const ownState = await reader.api.storageState();
  const { shared: sharedAgain, alone: aloneAgain, cookies: ownCookies } = await sharedAndAlone(ownState);
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
  // The hint is the disabled chips' tooltip, not a sentence under the post.
  await expect(ownComment.getByRole("button", { name: new RegExp(`^${r.labels.bull}`) })).toHaveAttribute("title", r.ownContent);
  await expect(ownComment.getByText(r.ownContent)).toHaveCount(0);
  await expect(ownComment.getByRole("button", { name: rp.report })).toHaveCount(0);
  await ownComment.getByRole("button", { name: f.actions }).click();
  await expect(ownPage.getByRole("menuitem", { name: ed.edit })).toBeVisible();
  expect(ownProblems).toEqual([]);
  await context.close();
  await ownContext.close();
});

/** The page's `<ul>` of notifications, with the relative times (which follow the clock) left out. */
function notificationListOf(html: string): string {
  const start = html.indexOf('<ul class="divide-y');
  return html.slice(start, html.indexOf("</ul>", start) + 5).replace(/(<time [^>]*>)[^<]*/g, "$1");
}

test("a member's notifications page comes from the shared render with their own list in the first paint, and nothing moves when it hydrates", async ({ browser }) => {
  const author = await memberByHttp(env.baseURL, env.mailbox, "Notisförfattare");
  const reader = await memberByHttp(env.baseURL, env.mailbox, "Notisläsare");
  const authorId = (await author.api.get("/forum/profil", { maxRedirects: 0 })).headers().location!.split("/").pop()!;
  expect((await reader.api.post("/api/follow", { form: { userId: authorId, intent: "follow" } })).status()).toBe(200);
  const home = await (await author.api.get("/forum")).text();
  const categoryId = home.match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
  const title = `Notis från delad sida ${Date.now()}`;
  expect((await author.api.post(`/forum/ny-trad/${categoryId}`, { form: { title, body: "Inlägget." }, maxRedirects: 0 })).status()).toBe(302);

  const state = await reader.api.storageState();
  const { shared: sharedApi, alone: aloneApi, cookies } = await sharedAndAlone(state);
  // Rendered for the member alone, the list is in the HTML (the follower's notification may take a moment).
  await expect.poll(async () => (await (await aloneApi.get("/forum/notifications")).text()).includes(title), { timeout: 15_000 }).toBe(true);
  // From the shared render: the member's own list set into the markup, the same list their own
  // render sends, and the same items in the overlay; never 'Laddar notifieringar...'.
  const shared = await sharedApi.get("/forum/notifications");
  expect(shared.headers()["x-cache"]).toBe("SHARED");
  const sent = await shared.text();
  expect(markup(sent)).toContain(title);
  expect(sent).not.toContain(n.loading);
  expect(notificationListOf(sent)).toBe(notificationListOf(await (await aloneApi.get("/forum/notifications")).text()));
  expect(sent.match(/window\.__borssnackPersonal=(.*?)<\/script>/)![1]!).toContain(JSON.stringify(title).slice(1, -1));
  // The list is kept per member (server/cache/read-caches.ts, 10 s) but never outlives a change:
  // a new notification is on the next shared answer within seconds.
  const second = `Andra notisen ${Date.now()}`;
  expect((await author.api.post(`/forum/ny-trad/${categoryId}`, { form: { title: second, body: "Inlägget." }, maxRedirects: 0 })).status()).toBe(302);
  await expect.poll(async () => markup(await (await sharedApi.get("/forum/notifications")).text()).includes(second), { timeout: 5_000 }).toBe(true);
  await sharedApi.dispose();
  await aloneApi.dispose();

  const context = await browser.newContext({ storageState: { ...state, cookies } });
  const page = await context.newPage();
  const problems = watchHydration(page);
  const shifts = await watchLayoutShifts(page);
  const answer = await page.goto("/forum/notifications");
  expect(answer!.headers()["x-cache"]).toBe("SHARED");
  const item = page.locator("li", { hasText: title });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute("data-unread", "true");
  await expect(item.getByRole("link")).toHaveAttribute("href", /\/forum\/kategori\/.+\/trad\//);
  await page.waitForLoadState("networkidle");
  expect(await shifts()).toEqual([]);
  await page.getByRole("button", { name: n.markAllRead }).click();
  await expect(page.getByText(n.allReadTitle)).toBeVisible();
  await expect(page.locator("li[data-unread]")).toHaveCount(0);
  await expect(page.getByRole("button", { name: n.markAllRead })).toHaveCount(0);
  // A notification leads to its thread inside the app (no new document).
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.locator("li", { hasText: title }).getByRole("link").click();
  await expect(page).toHaveURL(/\/forum\/kategori\/.+\/trad\//);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(problems).toEqual([]);
  await context.close();
  // 'Markera alla som lästa' in that tab emptied the kept list: another tab's shared page shows
  // every item read at once, not after the cache's 10 s.
  const other = await playwrightRequest.newContext({ baseURL: env.baseURL, storageState: { ...state, cookies } });
  const after = await other.get("/forum/notifications");
  expect(after.headers()["x-cache"]).toBe("SHARED");
  const afterHtml = markup(await after.text());
  expect(afterHtml).toContain(second);
  expect(afterHtml).not.toContain("data-unread");
  await other.dispose();
});
