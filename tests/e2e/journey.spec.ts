/**
 * The foundation journey: a visitor browses; registers; reads
 * the verification mail from a real SMTP receiver and follows the link; logs in; creates a
 * thread; a second member comments and reacts; the first replies; a reload shows everything
 * with the right counts; logout; the visitor sees it all.
 */
import { expect, test } from "./support/test";
import { smtpPort } from "../../playwright.config";
import { auth as a, forum as f, nav, reactions as r, toasts as t } from "../../domain/i18n/sv";
import { login, newAccount, registerAndVerify } from "./support/accounts";
import { clickAndAwaitPost } from "./support/forum";
import { startMailbox, type Mailbox } from "./support/mailbox";

let mailbox: Mailbox;
test.beforeAll(async () => {
  mailbox = await startMailbox(smtpPort);
});
test.afterAll(async () => {
  await mailbox.close();
});

test("visitor, two members: register, verify, post, comment, react, reply, logout", async ({ browser }) => {
  const anna = newAccount("Åsa_Aktie");
  const bertil = newAccount("Börs-Bertil");
  const title = `Volvo <script>alert("x")</script> inför rapporten ${Date.now()}`;
  const body = "Vad tror ni om $VOLV-B?\n\nMarginalerna ser starka ut\noch orderingången ökar.";

  // A visitor browses.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/");
  await expect(visitor).toHaveTitle(/Sveriges nya forum för börssnack/);
  await expect(visitor.getByRole("heading", { name: f.categories })).toBeVisible();
  await expect(visitor.getByRole("link", { name: nav.login }).first()).toBeVisible();
  await visitor.getByRole("link", { name: /Large Cap/ }).first().click();
  await expect(visitor.getByRole("heading", { level: 1, name: "Large Cap" })).toBeVisible();

  // Anna registers, verifies through the mail, logs in and starts a thread.
  const annaContext = await browser.newContext();
  const annaPage = await annaContext.newPage();
  await registerAndVerify(annaPage, mailbox, anna);
  await login(annaPage, anna);
  await expect(annaPage).toHaveURL(/\/forum$/);
  await annaPage.getByRole("link", { name: /Large Cap/ }).first().click();
  await annaPage.getByRole("link", { name: f.newPost }).click();
  await expect(annaPage.getByRole("heading", { name: f.createHeading("Large Cap") })).toBeVisible();
  await annaPage.getByLabel(f.titleLabel).fill(title);
  await annaPage.getByLabel(f.bodyLabel).fill(body);
  await annaPage.getByRole("button", { name: f.create }).click();
  await expect(annaPage.getByText(t.threadCreated)).toBeVisible();
  await expect(annaPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const threadUrl = annaPage.url();
  // Own content: reaction buttons disabled, the hint as their tooltip.
  await expect(annaPage.getByRole("button", { name: /Bullish/ }).first()).toBeDisabled();
  await expect(annaPage.getByRole("button", { name: /Bullish/ }).first()).toHaveAttribute("title", r.ownContent);

  // Bertil registers, comments and reacts.
  const bertilContext = await browser.newContext();
  const bertilPage = await bertilContext.newPage();
  await registerAndVerify(bertilPage, mailbox, bertil);
  await login(bertilPage, bertil);
  await bertilPage.goto(threadUrl);
  await bertilPage.getByLabel(f.commentPlaceholder).fill("Jag är positiv, bra kassaflöde.");
  await bertilPage.getByRole("button", { name: f.send }).click();
  await expect(bertilPage.getByText(t.commentAdded)).toBeVisible();
  await expect(bertilPage.getByRole("heading", { name: f.commentsHeading(1) })).toBeVisible();
  const bull = bertilPage.getByRole("button", { name: /Bullish/ }).first();
  await bull.click();
  await expect(bull).toHaveAttribute("aria-pressed", "true");
  await expect(bull).toContainText("1");

  // Anna sees it, replies (prefilled with @Bertil) and reacts on the comment.
  await annaPage.reload();
  await expect(annaPage.getByText("Jag är positiv, bra kassaflöde.")).toBeVisible();
  await annaPage.getByRole("button", { name: f.reply, exact: true }).click();
  const replyBox = annaPage.getByLabel(f.replyPlaceholder);
  await expect(replyBox).toHaveValue(`@${bertil.nickname} `);
  await replyBox.pressSequentially("tack, håller med!");
  await annaPage.getByRole("button", { name: f.reply, exact: true }).last().click();
  await expect(annaPage.getByText(t.replyAdded)).toBeVisible();
  await expect(annaPage.getByText(`@${bertil.nickname} tack, håller med!`)).toBeVisible();
  const commentFire = annaPage.locator("article[id^=comment-]").first().getByRole("button", { name: /Hot/ });
  // The chip is optimistic: wait for the reaction's answer before reloading (a reload cancels it;
  // under CI load the reload came first and the count was rightly 0).
  await clickAndAwaitPost(annaPage, commentFire, "/trad/");
  await expect(commentFire).toHaveAttribute("aria-pressed", "true");

  // A reload shows everything with the right counts.
  await annaPage.reload();
  await expect(annaPage.getByRole("heading", { name: f.commentsHeading(2) })).toBeVisible();
  await expect(annaPage.getByRole("button", { name: f.hideReplies(1) })).toBeVisible();
  await expect(annaPage.getByRole("button", { name: /Bullish/ }).first()).toContainText("1");
  await expect(annaPage.locator("article[id^=comment-]").first().getByRole("button", { name: /Hot/ })).toContainText("1");
  // A reply has no Svara button: only the top-level comment has one.
  await expect(annaPage.getByRole("button", { name: f.reply, exact: true })).toHaveCount(1);
  await annaPage.getByRole("button", { name: f.hideReplies(1) }).click();
  await expect(annaPage.getByRole("button", { name: f.showReplies(1) })).toBeVisible();

  // Anna logs out.
  await annaPage.goto("/forum");
  await annaPage.getByRole("button", { name: nav.userMenu }).click();
  await annaPage.getByRole("menuitem", { name: nav.logout }).click();
  await expect(annaPage.getByText(a.loggedOut, { exact: true })).toBeVisible();
  await expect(annaPage.getByRole("link", { name: nav.login }).first()).toBeVisible();

  // The visitor sees it all: the thread in the list with 2 svar, the post, comments, counts.
  await visitor.goto("/forum");
  const row = visitor.getByRole("listitem").filter({ hasText: title });
  await expect(row).toContainText(f.replies(2));
  await expect(row).toContainText(anna.nickname);
  await row.getByRole("link", { name: title }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText("Marginalerna ser starka ut")).toBeVisible();
  await expect(visitor.getByRole("heading", { name: f.commentsHeading(2) })).toBeVisible();
  await expect(visitor.getByText(f.loginToComment)).toBeVisible();
  await expect(visitor.getByText(`@${bertil.nickname} tack, håller med!`)).toBeVisible();
  // The <script> in the title is text, and no dialog opened.
  expect(await visitor.locator("h1").first().textContent()).toContain("<script>");

  await Promise.all([visitorContext.close(), annaContext.close(), bertilContext.close()]);
});
