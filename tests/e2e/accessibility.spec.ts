/**
 * Accessibility checked by a machine: axe-core
 * (`@axe-core/playwright`, WCAG 2.1 A and AA rules) runs on every page of the route table as the
 * role that sees it — visitor, member, moderator, admin — at 1280 px, and on the five main pages
 * (home, category, thread, profile, login) and the member's 'Inkorg' and a conversation at 375 px,
 * each in the light and the dark theme.
 * No page may have a serious or critical violation. One browser context per
 * role, pages in sequence, so the whole file stays fast: the light pass runs every WCAG A/AA rule;
 * the same context then sets the `theme=dark` cookie and runs the pages again with only the rules
 * a colour theme can change (contrast), since the DOM is otherwise the same.
 */
import AxeBuilder from "@axe-core/playwright";
import { request as playwrightRequest, type BrowserContext, type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { E2E_ADMIN, memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";
import { nav } from "../../domain/i18n/sv";
import { threadIdOf } from "../../domain/paths";

const env = useMailbox();

/** What the pages need: a thread with a comment, its author, a second member made moderator, a poll. */
interface Fixture {
  author: Awaited<ReturnType<typeof memberByHttp>>;
  moderator: Awaited<ReturnType<typeof memberByHttp>>;
  authorId: string;
  categoryId: string;
  threadPath: string;
  threadId: string;
  /** The moderator's thread with a poll ('Omröstning') the author has not voted in. */
  pollPath: string;
  /** A private conversation ('Inkorg') of the author and the moderator; the moderator reported the author's message in it. */
  conversationPath: string;
}
let fx: Fixture;

test.beforeAll(async () => {
  const author = await memberByHttp(env.baseURL, env.mailbox, "Tillganglig");
  const moderator = await memberByHttp(env.baseURL, env.mailbox, "Moderera");
  const categoryId = (await (await author.api.get("/forum")).text()).match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
  const created = await author.api.post(`/forum/ny-trad/${categoryId}`, {
    form: { title: "Volvo inför rapporten – köpläge?", body: "Vad tror ni om $VOLV-B inför rapporten? **P/E** under 10 och utdelning på 7 %." },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  const threadPath = created.headers().location!;
  const threadId = threadIdOf(threadPath)!;
  expect(
    (await moderator.api.post(threadPath, { form: { intent: "comment", body: `Håller med @${author.nickname}, men $VOLV-B kan falla på svaga order.` } })).status(),
  ).toBe(200);
  const own = await author.api.get("/forum/profil", { maxRedirects: 0 });
  const authorId = own.headers().location!.split("/").pop()!;
  // The admin makes the second member a moderator (SPEC §2 /admin/roles).
  const admin = await playwrightRequest.newContext({ baseURL: env.baseURL, extraHTTPHeaders: { Origin: env.baseURL } });
  expect(
    (await admin.post("/auth/login", { form: { intent: "login", email: E2E_ADMIN.email, password: E2E_ADMIN.password }, maxRedirects: 0 })).status(),
  ).toBe(302);
  const modProfile = await moderator.api.get("/forum/profil", { maxRedirects: 0 });
  const moderatorId = modProfile.headers().location!.split("/").pop()!;
  expect((await admin.post("/admin/roles", { form: { intent: "set-role", userId: moderatorId, role: "moderator" } })).status()).toBe(200);
  await admin.dispose();
  const poll = await moderator.api.post(`/forum/ny-trad/${categoryId}`, {
    form: { title: "Räntan i december?", body: "Vad gör Riksbanken?", poll: "on", "pollOption.0": "Sänker", "pollOption.1": "Lämnar oförändrad", "pollOption.2": "Höjer" },
    maxRedirects: 0,
  });
  expect(poll.status()).toBe(302);
  // A conversation: the author writes, the moderator answers and reports the author's message
  // (the report queue's 'Anmält privat meddelande').
  const started = await author.api.post("/forum/inkorg/ny", { form: { to: moderator.nickname, body: "Hej! Köper du **Volvo** före rapporten?" }, maxRedirects: 0 });
  expect(started.status()).toBe(302);
  const [conversationPath, messageAnchor] = started.headers().location!.split("#") as [string, string];
  expect(
    (await moderator.api.post(conversationPath, { form: { intent: "send", body: "Nej, jag väntar.\n\n- Orderingång\n- Marginal" }, maxRedirects: 0 })).status(),
  ).toBe(302);
  const messageId = messageAnchor.replace(/^message-/, "");
  expect((await moderator.api.post(conversationPath, { form: { intent: "report", messageId, reason: "spam" }, maxRedirects: 0 })).status()).toBe(302);
  fx = { author, moderator, authorId, categoryId, threadPath, threadId, pollPath: poll.headers().location!, conversationPath };
});

test.afterAll(async () => {
  await Promise.all([fx?.author.api.dispose(), fx?.moderator.api.dispose()]);
});

/** One violation as the failure message lists it. */
function describe(path: string, v: { id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown }> }): string {
  return `${path}: [${v.impact}] ${v.id} – ${v.help} (${v.nodes
    .slice(0, 3)
    .map((n) => JSON.stringify(n.target))
    .join(", ")})`;
}

/** The axe rules whose outcome depends on colours: the ones the dark pass runs. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Opens each path in `page` and runs axe on it, first in the light theme (every WCAG 2.1 A/AA
 * rule), then, with the `theme=dark` cookie in the same context, in the dark theme (the colour
 * rules only; the server renders `<html class="dark">`).
 *
 * @returns the serious and critical violations, one line each, the path prefixed with the theme
 */
async function audit(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  const context = page.context();
  for (const theme of ["light", "dark"] as const) {
    await context.addCookies([{ name: "theme", value: theme, url: env.baseURL }]);
    for (const path of paths) {
      // `goto` waits for the load event and for hydration (./support/test.ts).
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(500);
      await expect(page.locator("html"), `${theme} ${path}`).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      // A toast still fading in is judged in its final colours, not half transparent: every toast
      // mounted (sonner starts its fade a frame after it appears) and every finite animation
      // ended, two frames in a row.
      await page.waitForFunction(
        () =>
          new Promise<boolean>((resolve) => {
            const settled = () =>
              [...document.querySelectorAll("[data-sonner-toast]")].every((t) => t.getAttribute("data-mounted") === "true") &&
              document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity);
            requestAnimationFrame(() => {
              const first = settled();
              requestAnimationFrame(() => resolve(first && settled()));
            });
          }),
      );
      const builder = new AxeBuilder({ page });
      if (theme === "dark") builder.withRules(COLOUR_RULES);
      else builder.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
      const result = await builder.analyze();
      for (const v of result.violations) {
        if (v.impact === "serious" || v.impact === "critical") found.push(describe(`${theme} ${path}`, v));
      }
    }
  }
  await context.clearCookies({ name: "theme" });
  return found;
}

// Each test below runs axe over many pages in two themes: about a minute alone on a 2-core
// machine, and more with CI's two suites side by side (the visitor pages took over the default
// 90 s there). Three times the default.
test.describe.configure({ timeout: 270_000 });

/**
 * A signed-in state without the one-shot 'Inloggad' toast of the sign-in (`borssnack_flash`): a
 * toast that appears after the page has settled would be judged half faded in.
 */
function withoutFlash<T extends { cookies: Array<{ name: string }> }>(state: T): T {
  return { ...state, cookies: state.cookies.filter((c) => c.name !== "borssnack_flash") };
}

async function contextAs(browser: import("@playwright/test").Browser, who: "visitor" | "author" | "moderator" | "admin", width = 1280): Promise<BrowserContext> {
  const viewport = { width, height: 900 };
  if (who === "visitor") return browser.newContext({ viewport });
  if (who === "admin") {
    const api = await playwrightRequest.newContext({ baseURL: env.baseURL, extraHTTPHeaders: { Origin: env.baseURL } });
    await api.post("/auth/login", { form: { intent: "login", email: E2E_ADMIN.email, password: E2E_ADMIN.password }, maxRedirects: 0 });
    const state = withoutFlash(await api.storageState());
    await api.dispose();
    return browser.newContext({ viewport, storageState: state });
  }
  const member = who === "author" ? fx.author : fx.moderator;
  return browser.newContext({ viewport, storageState: withoutFlash(await member.api.storageState()) });
}

test("visitor pages have no serious or critical axe violations (1280 px, light and dark)", async ({ browser }) => {
  const context = await contextAs(browser, "visitor");
  const page = await context.newPage();
  const found = await audit(page, [
    "/",
    "/landing",
    "/forum",
    `/forum/kategori/${fx.categoryId}`,
    fx.threadPath,
    fx.pollPath,
    "/forum?sortera=aktiva",
    `/forum/profil/${fx.authorId}`,
    "/forum/aktie/VOLV-B",
    "/forum/sok?q=volvo",
    "/forum/finns-inte",
    "/auth/login",
    "/auth/register",
    "/auth/forgot-password",
    "/auth/reset-password",
    "/auth/email-verification",
    "/auth/magic",
    "/avregistrera",
  ]);
  expect(found, found.join("\n")).toEqual([]);
  await context.close();
});

test("member pages have no serious or critical axe violations (1280 px, light and dark)", async ({ browser }) => {
  const context = await contextAs(browser, "author");
  const page = await context.newPage();
  const found = await audit(page, [
    "/forum",
    "/forum?sortera=olasta",
    fx.threadPath,
    // The poll's vote form ('Omröstning').
    fx.pollPath,
    `/forum/profil/${fx.authorId}`,
    `/forum/ny-trad/${fx.categoryId}`,
    "/forum/create",
    `/forum/edit/${fx.threadId}`,
    "/forum/bevakning",
    // Saved threads and comments.
    "/forum/sparade",
    "/forum/konto",
    "/forum/konto/radera",
    "/forum/notifications",
    // Private messages: the inbox, 'Nytt meddelande' and a conversation.
    "/forum/inkorg",
    "/forum/inkorg/ny",
    fx.conversationPath,
    "/auth/set-password",
  ]);
  expect(found, found.join("\n")).toEqual([]);
  await context.close();
});

test("moderator and admin pages have no serious or critical axe violations (1280 px, light and dark)", async ({ browser }) => {
  const moderator = await contextAs(browser, "moderator");
  const found = await audit(await moderator.newPage(), ["/admin", "/admin/users", "/admin/reports", fx.threadPath]);
  await moderator.close();
  const admin = await contextAs(browser, "admin");
  found.push(...(await audit(await admin.newPage(), ["/admin", "/admin/messages", "/admin/roles", "/admin/logg", "/admin/jobb"])));
  await admin.close();
  expect(found, found.join("\n")).toEqual([]);
});

test("the five main pages have no serious or critical axe violations at 375 px (light and dark)", async ({ browser }) => {
  const visitor = await contextAs(browser, "visitor", 375);
  const found = await audit(await visitor.newPage(), ["/forum", `/forum/kategori/${fx.categoryId}`, fx.threadPath, `/forum/profil/${fx.authorId}`, "/auth/login"]);
  await visitor.close();
  const member = await contextAs(browser, "author", 375);
  found.push(...(await audit(await member.newPage(), ["/forum", fx.threadPath, `/forum/profil/${fx.authorId}`, "/forum/inkorg", fx.conversationPath])));
  await member.close();
  expect(found, found.join("\n")).toEqual([]);
});

test("the header fits narrow phones: no sideways scrolling and the menu button in view at 320 and 375 px", async ({ browser }) => {
  for (const width of [320, 375]) {
    for (const who of ["visitor", "author"] as const) {
      const context = await contextAs(browser, who, width);
      const page = await context.newPage();
      await page.goto("/forum");
      await expect(page.getByTestId("online-users").first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${who} at ${width} px`).toBeLessThanOrEqual(width);
      const menuButton = page.locator("header").getByRole("button", { name: nav.openMenu });
      const box = (await menuButton.boundingBox())!;
      expect(box.x + box.width, `${who} at ${width} px`).toBeLessThanOrEqual(width);
      if (who === "visitor") {
        const login = page.locator("header").getByRole("link", { name: nav.login });
        expect((await login.boundingBox())!.height, "'Logga in' on one line").toBeLessThan(48);
      }
      await context.close();
    }
  }
});
