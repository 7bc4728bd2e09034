/**
 * Private messages ('Inkorg', docs/decisions/055-private-messages.md) in a real browser: member A
 * opens B's profile, 'Skicka meddelande' opens 'Nytt meddelande' with 'Till' filled in, A sends;
 * B's 'Inkorg' badge lights up without a reload, B opens the inbox and the conversation (the badge
 * goes away) and replies, and A's open conversation shows the reply without a reload; B reports
 * A's message ('Anmäl') and a moderator finds it under 'Anmält privat meddelande' with the
 * messages before it. The pages read and send without JavaScript, and fit a 375 px phone
 * (with `SHOTS_DIR` set, screenshots at 375 and 1280 px, light and dark).
 */
import { request as playwrightRequest, type BrowserContext, type Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { inbox as ib, moderation as m } from "../../domain/i18n/sv";
import { INBOX_PATH } from "../../domain/messages";
import { profilePath } from "../../domain/paths";
import { E2E_ADMIN, memberByHttp } from "./support/accounts";
import { screenshotsIfAsked, useMailbox } from "./support/forum";

const env = useMailbox();

type Member = Awaited<ReturnType<typeof memberByHttp>>;

/** A member's id, from the redirect of their own profile link. */
async function idOf(member: Member): Promise<string> {
  const res = await member.api.get("/forum/profil", { maxRedirects: 0 });
  return res.headers().location!.split("/").pop()!;
}

/** Starts a conversation over HTTP ('Nytt meddelande' posted as a form), returns its path. */
async function startConversation(from: Member, to: Member, body: string): Promise<string> {
  const res = await from.api.post(`${INBOX_PATH}/ny`, { form: { to: to.nickname, body }, maxRedirects: 0 });
  expect(res.status(), await res.text()).toBe(302);
  return res.headers().location!.split("#")[0]!;
}

/** Sends a message in a conversation over HTTP (the composer's form). */
async function send(from: Member, conversationPath: string, body: string): Promise<void> {
  const res = await from.api.post(conversationPath, { form: { intent: "send", body }, maxRedirects: 0 });
  expect(res.status(), await res.text()).toBe(302);
}

/**
 * A member's signed-in state for a browser context, without the one-shot toast cookie their
 * requests left behind ('Inloggad', 'Meddelandet är skickat'), which would cover the page's top.
 */
async function stateOf(member: Member) {
  const state = await member.api.storageState();
  return { ...state, cookies: state.cookies.filter((c) => c.name !== "borssnack_flash") };
}

/** Waits until the tab's event stream is open: the bell loads its list on the stream's `ready`. */
async function streamReady(page: Page): Promise<void> {
  await expect(page.getByTestId("notification-bell")).toHaveAttribute("data-loaded", "true");
}

/** Marks the page's window; {@link sameWindow} is true only while no reload or full navigation happened. */
async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { inboxMarker: number }).inboxMarker = 1));
}
const sameWindow = (page: Page) => page.evaluate(() => (window as unknown as { inboxMarker?: number }).inboxMarker === 1);

const messages = (page: Page) => page.getByTestId("message");

/** The inbox's row (a link) of the conversation with `nickname`. */
const conversationRow = (page: Page, nickname: string) => page.getByRole("list", { name: ib.title }).getByRole("link").filter({ hasText: nickname });

/** `text` as a literal in a regular expression. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("A writes from B's profile; B's badge and A's conversation update live; B reports; a moderator sees it", async ({ browser }) => {
  const a = await memberByHttp(env.baseURL, env.mailbox, "Skrivare");
  const b = await memberByHttp(env.baseURL, env.mailbox, "Mottagare");
  const c = await memberByHttp(env.baseURL, env.mailbox, "Granskare");
  const bId = await idOf(b);

  const bCtx = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: await stateOf(b) });
  const bPage = await bCtx.newPage();
  await bPage.goto("/forum");
  await streamReady(bPage);
  await expect(bPage.getByRole("link", { name: ib.link, exact: true })).toBeVisible();
  await expect(bPage.getByTestId("inbox-badge")).toHaveCount(0);
  await markWindow(bPage);

  // A opens B's profile and clicks 'Skicka meddelande': 'Till' holds '@B'.
  const aCtx = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: await stateOf(a) });
  const aPage = await aCtx.newPage();
  await aPage.goto(profilePath(bId));
  await aPage.getByRole("link", { name: ib.sendMessage }).click();
  await expect(aPage).toHaveURL(/\/forum\/inkorg\/ny\?till=/);
  await expect(aPage.getByRole("heading", { level: 1, name: ib.newTitle })).toBeVisible();
  await expect(aPage.getByRole("combobox", { name: ib.recipientsLabel })).toHaveValue(`@${b.nickname}`);
  const first = "Hej! Såg ditt inlägg om Investor, vad tror du om substansrabatten?";
  await aPage.getByRole("combobox", { name: ib.messageLabel, exact: true }).fill(first);
  await aPage.getByRole("button", { name: ib.start, exact: true }).click();
  await expect(aPage).toHaveURL(/\/forum\/inkorg\/[0-9a-f-]{36}(#message-[0-9a-f-]{36})?$/);
  await expect(aPage.getByText(ib.sent, { exact: true })).toBeVisible();
  await expect(aPage.getByRole("heading", { level: 1, name: ib.conversationTitle(b.nickname) })).toBeVisible();
  await expect(messages(aPage).filter({ hasText: first })).toBeVisible();
  const conversationUrl = aPage.url().split("#")[0]!;

  // B's badge shows 1 without a reload.
  await expect(bPage.getByTestId("inbox-badge")).toHaveText("1");
  await expect(bPage.getByRole("link", { name: ib.linkWithCount(1) })).toBeVisible();
  expect(await sameWindow(bPage)).toBe(true);

  // B opens the inbox: A's row with the latest line, unread.
  await bPage.getByRole("link", { name: ib.linkWithCount(1) }).click();
  await expect(bPage).toHaveURL(new RegExp(`${INBOX_PATH}$`));
  await expect(bPage.getByRole("heading", { level: 1, name: ib.title })).toBeVisible();
  const row = conversationRow(bPage, a.nickname);
  await expect(row).toHaveCount(1);
  // What a screen reader says is what the row shows: names, time, latest line, unread count.
  await expect(row).toHaveAccessibleName(new RegExp(`^${escape(a.nickname)} .*${escape(first)}.*, ${escape(ib.unreadCount(1))}$`));
  await expect(row.getByTestId("conversation-unread")).toHaveText("1");

  // B opens the conversation: the message is there and the badge goes away.
  await row.click();
  await expect(bPage).toHaveURL(conversationUrl);
  await expect(bPage.getByRole("heading", { level: 1, name: ib.conversationTitle(a.nickname) })).toBeVisible();
  await expect(messages(bPage).filter({ hasText: first })).toBeVisible();
  await expect(bPage.getByTestId("inbox-badge")).toHaveCount(0);
  await expect(bPage.getByRole("link", { name: ib.link, exact: true })).toBeVisible();

  // A keeps the conversation open; B replies twice: each arrives there live, and A's badge stays
  // empty (the open conversation is read).
  await streamReady(aPage);
  await markWindow(aPage);
  await markWindow(bPage);
  const replies = ["Hej! Rabatten är ovanligt stor just nu.", "Men jag väntar på rapporten innan jag köper mer."];
  for (const reply of replies) {
    await bPage.getByRole("combobox", { name: ib.messageLabel, exact: true }).fill(reply);
    await bPage.getByRole("button", { name: ib.send, exact: true }).click();
    await expect(messages(bPage).filter({ hasText: reply })).toBeVisible();
    await expect(bPage.getByRole("combobox", { name: ib.messageLabel, exact: true })).toHaveValue("");
    await expect(messages(aPage).filter({ hasText: reply })).toBeVisible();
    await expect(aPage.getByTestId("inbox-badge")).toHaveCount(0);
  }
  expect(await sameWindow(aPage)).toBe(true);
  // The same holds after a while (a badge refresh racing the page's read would come back as 1).
  await aPage.waitForTimeout(1_000);
  await expect(aPage.getByTestId("inbox-badge")).toHaveCount(0);
  // B's own sends went through the page without a reload (the router's forms).
  expect(await sameWindow(bPage)).toBe(true);

  // A writes once more from the open page; B, still on the conversation, sees it live.
  const pushy = "Köp nu innan alla andra gör det, sista chansen!";
  await aPage.getByRole("combobox", { name: ib.messageLabel, exact: true }).fill(pushy);
  await aPage.getByRole("button", { name: ib.send, exact: true }).click();
  await expect(messages(bPage).filter({ hasText: pushy })).toBeVisible();
  await expect(bPage.getByTestId("inbox-badge")).toHaveCount(0);

  // Own messages have 'Redigera' and 'Ta bort', others' 'Anmäl'.
  const mine = messages(bPage).filter({ hasText: replies[0]! });
  await expect(mine.getByRole("link", { name: ib.edit })).toBeVisible();
  await expect(mine.getByRole("button", { name: ib.delete })).toBeVisible();
  await expect(mine.getByRole("link", { name: ib.report })).toHaveCount(0);

  // B reports A's pushy message: 'Anmäl' opens the form with the reasons.
  const reported = messages(bPage).filter({ hasText: pushy });
  await expect(reported.getByRole("link", { name: ib.edit })).toHaveCount(0);
  await reported.getByRole("link", { name: ib.report, exact: true }).click();
  const form = bPage.getByRole("group", { name: ib.reportTitle });
  await expect(form).toBeVisible();
  await expect(form.getByText(ib.reportHint)).toBeVisible();
  await form.getByRole("radio", { name: m.reasons.spam }).check();
  await reported.getByRole("button", { name: ib.report, exact: true }).click();
  await expect(bPage.getByText(ib.reported, { exact: true })).toBeVisible();
  await expect(bPage.getByRole("group", { name: ib.reportTitle })).toHaveCount(0);

  // The admin makes C a moderator; C finds the message under 'Anmält privat meddelande', with
  // the messages before it.
  const admin = await playwrightRequest.newContext({ baseURL: env.baseURL, extraHTTPHeaders: { Origin: env.baseURL } });
  const signedIn = await admin.post("/auth/login", { form: { intent: "login", email: E2E_ADMIN.email, password: E2E_ADMIN.password }, maxRedirects: 0 });
  expect(signedIn.status()).toBe(302);
  expect((await admin.post("/admin/roles", { form: { intent: "set-role", userId: await idOf(c), role: "moderator" } })).status()).toBe(200);
  await admin.dispose();
  const cCtx = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: await stateOf(c) });
  const cPage = await cCtx.newPage();
  await cPage.goto("/admin/reports");
  await expect(cPage.getByRole("heading", { level: 2, name: ib.reportedMessage })).toBeVisible();
  const item = cPage.getByTestId("reported-message").filter({ hasText: pushy });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(m.reportCount(1));
  await expect(item).toContainText(m.reasons.spam);
  await expect(item).toContainText(a.nickname);
  await item.getByText(ib.contextBefore).click();
  for (const before of [first, ...replies]) await expect(item.getByText(before)).toBeVisible();
  await expect(item.getByRole("button", { name: m.dismiss })).toBeVisible();
  await expect(item.getByRole("button", { name: ib.delete })).toBeVisible();
  // Staff cannot open the conversation itself.
  expect((await c.api.get(new URL(conversationUrl).pathname)).status()).toBe(404);

  await Promise.all([aCtx.close(), bCtx.close(), cCtx.close()]);
  await Promise.all([a.api.dispose(), b.api.dispose(), c.api.dispose()]);
});

test("a participant's inbox and conversation come from the shared member render, hydrate cleanly and their forms work; anyone else gets the 404", async ({ browser }) => {
  const a = await memberByHttp(env.baseURL, env.mailbox, "Delasa");
  const b = await memberByHttp(env.baseURL, env.mailbox, "Delasb");
  const c = await memberByHttp(env.baseURL, env.mailbox, "Delasc");
  const first = "Från den delade sidan.";
  const path = await startConversation(a, b, first);
  const reply = "Mitt svar, som jag tar bort.";
  // B's reply reads the conversation for B: nothing of it is unread, so B's page is the shared one.
  await send(b, path, reply);
  const state = await stateOf(b);
  const cookies = state.cookies.filter((cookie) => cookie.name !== "borssnack_fresh");
  const bApi = await playwrightRequest.newContext({ baseURL: env.baseURL, storageState: { ...state, cookies } });
  const page1 = await bApi.get(path);
  expect(page1.headers()["x-cache"]).toBe("SHARED");
  const html = await page1.text();
  expect(html).toContain(first);
  expect(html).toContain(a.nickname);
  const list = await bApi.get(INBOX_PATH);
  expect(list.headers()["x-cache"]).toBe("SHARED");
  expect(await list.text()).toContain(reply);
  await bApi.dispose();
  // Not a participant: the same 404 as for no conversation, made for them alone, nothing of it in it.
  const outsider = await c.api.get(path);
  expect(outsider.status()).toBe(404);
  expect(outsider.headers()["x-cache"]).not.toBe("SHARED");
  const theirs = await outsider.text();
  expect(theirs).not.toContain(first);
  expect(theirs).not.toContain(a.nickname);

  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: { ...state, cookies } });
  const page = await ctx.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|Minified React error #4(18|19|22|23|25)/i.test(message.text())) problems.push(message.text());
  });
  // An older page ('Visa äldre' to before the reply), shared too: 'Visa senaste' is in the sent
  // markup, not only after hydration.
  const older = await page.goto(`${path}?fore=2`);
  expect(older!.headers()["x-cache"]).toBe("SHARED");
  expect(await older!.text()).toContain(ib.showNewest);
  await expect(messages(page).filter({ hasText: first })).toBeVisible();
  await page.getByRole("link", { name: ib.showNewest }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(messages(page).filter({ hasText: reply })).toBeVisible();
  const answer = await page.goto(path);
  expect(answer!.headers()["x-cache"]).toBe("SHARED");
  await expect(page.getByRole("heading", { level: 1, name: ib.conversationTitle(a.nickname) })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(ib.conversationTitle(a.nickname)));
  await streamReady(page);
  await markWindow(page);
  // 'Ta bort' in the member's part is a plain form the router sends: no reload.
  page.once("dialog", (dialog) => void dialog.accept());
  await messages(page).filter({ hasText: reply }).getByRole("button", { name: ib.delete, exact: true }).click();
  await expect(messages(page).filter({ hasText: ib.deleted })).toBeVisible();
  await expect(messages(page).filter({ hasText: reply })).toHaveCount(0);
  expect(await sameWindow(page)).toBe(true);
  expect(problems).toEqual([]);
  await ctx.close();
});

test("without JavaScript: the inbox, a conversation and 'Nytt meddelande' read and send as plain forms", async ({ browser }) => {
  const a = await memberByHttp(env.baseURL, env.mailbox, "Brevvan");
  const b = await memberByHttp(env.baseURL, env.mailbox, "Utanjs");
  const c = await memberByHttp(env.baseURL, env.mailbox, "Tredje");
  const first = "Skickat med JavaScript påslaget, läses utan.";
  const path = await startConversation(a, b, first);

  const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 }, storageState: await stateOf(b) });
  const page = await ctx.newPage();
  await page.goto(INBOX_PATH);
  await expect(page.getByRole("heading", { level: 1, name: ib.title })).toBeVisible();
  // The server renders the count in the header and on the row.
  await expect(page.getByRole("link", { name: ib.linkWithCount(1) })).toBeVisible();
  const row = conversationRow(page, a.nickname);
  await expect(row).toContainText(first);
  await expect(row).toContainText(ib.unreadCount(1));
  await row.click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(messages(page).filter({ hasText: first })).toBeVisible();

  const reply = "Svar skickat utan JavaScript.";
  await page.getByRole("combobox", { name: ib.messageLabel, exact: true }).fill(reply);
  await page.getByRole("button", { name: ib.send, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}(#message-[0-9a-f-]{36})?$`));
  await expect(messages(page).filter({ hasText: reply })).toBeVisible();
  await expect(messages(page)).toHaveCount(2);
  // Read by opening: the next page's header no longer counts it.
  await expect(page.getByRole("link", { name: ib.link, exact: true })).toBeVisible();
  // A sees it too.
  expect(await (await a.api.get(path)).text()).toContain(reply);

  // 'Anmäl' is a link to the same page with the form open.
  await messages(page).filter({ hasText: first }).getByRole("link", { name: ib.report, exact: true }).click();
  await expect(page).toHaveURL(/\?anmal=/);
  await expect(page.getByRole("group", { name: ib.reportTitle })).toBeVisible();
  await page.getByRole("radio", { name: m.reasons.other }).check();
  await page.getByRole("button", { name: ib.report, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}(#message-[0-9a-f-]{36})?$`));
  await expect(page.getByRole("group", { name: ib.reportTitle })).toHaveCount(0);

  // 'Nytt meddelande' to a third member: 'Till' is filled in by the server.
  await page.goto(`${INBOX_PATH}/ny?till=${encodeURIComponent(c.nickname)}`);
  await expect(page.getByRole("combobox", { name: ib.recipientsLabel })).toHaveValue(`@${c.nickname}`);
  const opening = "En ny konversation, startad utan JavaScript.";
  await page.getByRole("combobox", { name: ib.messageLabel, exact: true }).fill(opening);
  await page.getByRole("button", { name: ib.start, exact: true }).click();
  await expect(page).toHaveURL(/\/forum\/inkorg\/[0-9a-f-]{36}(#message-[0-9a-f-]{36})?$/);
  await expect(page.getByRole("heading", { level: 1, name: ib.conversationTitle(c.nickname) })).toBeVisible();
  await expect(messages(page).filter({ hasText: opening })).toBeVisible();
  // A refusal keeps what was typed.
  await page.goto(`${INBOX_PATH}/ny`);
  await page.getByRole("combobox", { name: ib.recipientsLabel }).fill("finnsintealls_xyz");
  await page.getByRole("combobox", { name: ib.messageLabel, exact: true }).fill("Till ingen.");
  await page.getByRole("button", { name: ib.start, exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: ib.recipientUnknown("finnsintealls_xyz") })).toBeVisible();
  await expect(page.getByRole("combobox", { name: ib.messageLabel, exact: true })).toHaveValue("Till ingen.");

  await ctx.close();
  await Promise.all([a.api.dispose(), b.api.dispose(), c.api.dispose()]);
});

/** How wide the page is, and (for the failure message) the elements that stick out past `width`. */
async function widthOf(page: Page, width: number): Promise<{ scrollWidth: number; wide: string[] }> {
  return page.evaluate((limit) => {
    const wide = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((e) => e.getBoundingClientRect().right > limit + 0.5)
      .slice(0, 8)
      .map((e) => `<${e.tagName.toLowerCase()} class="${e.className}"> right=${Math.round(e.getBoundingClientRect().right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, wide };
  }, width);
}

test("the inbox, a conversation and 'Nytt meddelande' fit a 375 px phone, light and dark", async ({ browser }) => {
  const a = await memberByHttp(env.baseURL, env.mailbox, "Telefon");
  const b = await memberByHttp(env.baseURL, env.mailbox, "Mobilen");
  const path = await startConversation(a, b, "Har du sett kvartalsrapporten från Evolution?");
  await send(b, path, "Ja! Marginalen föll till 66 %, men omsättningen växte 15 % i lokal valuta.");
  await send(a, path, `Ett långt ord som inte får tränga ut sidan: ${"Aktiesparkontoinsättningsbegränsning".repeat(4)}`);
  await send(b, path, "En lista:\n\n- Utdelning 2,65 kr\n- P/E 19\n- Nettokassa");
  await send(a, path, "Kort svar.");
  // A second, unread conversation for the list.
  const c = await memberByHttp(env.baseURL, env.mailbox, "Tredjeman");
  await startConversation(c, b, "Hej, ska vi gå på bolagsstämman?");

  const contexts: BrowserContext[] = [];
  for (const theme of ["light", "dark"] as const) {
    const ctx = await browser.newContext({ viewport: { width: 375, height: 800 }, storageState: await stateOf(b) });
    contexts.push(ctx);
    await ctx.addCookies([{ name: "theme", value: theme, url: env.baseURL }]);
    const page = await ctx.newPage();
    for (const [name, url] of [
      ["inbox", INBOX_PATH],
      ["conversation", path],
      ["inbox-new", `${INBOX_PATH}/ny`],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      if (name === "conversation") {
        await expect(messages(page)).toHaveCount(5);
        // The bodies are styled as cooked Markdown: the list has its bullets.
        const list = messages(page).filter({ hasText: "Nettokassa" }).locator("ul");
        expect(await list.evaluate((e) => getComputedStyle(e).listStyleType)).toBe("disc");
      }
      const measured = await widthOf(page, 375);
      expect(measured.scrollWidth, `${theme} ${url} at 375 px: ${measured.wide.join("; ")}`).toBeLessThanOrEqual(375);
      // Nothing the member needs sticks out of the screen.
      for (const button of await page.getByRole("button", { name: ib.send, exact: true }).all()) {
        const box = (await button.boundingBox())!;
        expect(box.x + box.width, `'Skicka' on ${url}`).toBeLessThanOrEqual(375);
      }
      await screenshotsIfAsked(page, theme === "light" ? name : `${name}-dark`);
      await page.setViewportSize({ width: 375, height: 800 });
    }
  }
  for (const ctx of contexts) await ctx.close();
  await Promise.all([a.api.dispose(), b.api.dispose(), c.api.dispose()]);
});
