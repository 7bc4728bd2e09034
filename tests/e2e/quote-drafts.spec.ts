/**
 * Quote and drafts: selecting text in a comment shows 'Citera', which opens a reply
 * with `> @nick skrev: …`; the sent reply shows a quote block linking back to the quoted comment.
 * Selecting text in the thread's post quotes it into the comment box. A comment and a new thread
 * being written survive a reload ('Utkast återställt'), 'Släng utkast' throws the draft away, and
 * a sent comment leaves no draft.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { forum as f, quoteDrafts as qd } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

/**
 * Selects from the start of `from` to the end of `to` (text in the same or a later text node)
 * inside the element matched by `selector`, as a script: a Range, then a `mouseup`.
 */
async function selectText(page: Page, selector: string, from: string, to = from): Promise<void> {
  await page.evaluate(
    ({ selector, from, to }) => {
      const root = document.querySelector(selector);
      if (!root) throw new Error(`no ${selector}`);
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      let started = false;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent!;
        if (!started && text.includes(from)) {
          range.setStart(node, text.indexOf(from));
          started = true;
        }
        if (started && text.includes(to)) {
          range.setEnd(node, text.indexOf(to) + to.length);
          const selection = document.getSelection()!;
          selection.removeAllRanges();
          selection.addRange(range);
          const box = range.getBoundingClientRect();
          root.dispatchEvent(new MouseEvent("mouseup", { bubbles: true, clientX: box.right, clientY: box.bottom }));
          return;
        }
      }
      throw new Error(`"${from}"…"${to}" not found in ${selector}`);
    },
    { selector, from, to },
  );
}

/** Selects `text` inside `selector` with a real mouse drag (press at its start, release at its end). */
async function dragSelect(page: Page, selector: string, text: string): Promise<void> {
  const box = await page.evaluate(
    ({ selector, text }) => {
      const root = document.querySelector(selector)!;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(text);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + text.length);
        const rects = range.getClientRects();
        const first = rects[0]!;
        const last = rects[rects.length - 1]!;
        return { x1: first.left + 1, y1: first.top + first.height / 2, x2: last.right - 1, y2: last.top + last.height / 2 };
      }
      throw new Error(`"${text}" not found in ${selector}`);
    },
    { selector, text },
  );
  await page.mouse.move(box.x1, box.y1);
  await page.mouse.down();
  await page.mouse.move((box.x1 + box.x2) / 2, box.y2, { steps: 5 });
  await page.mouse.move(box.x2, box.y2, { steps: 5 });
  await page.mouse.up();
}

/** The comment's `<article>`. */
const annaCommentFor = (page: Page, id: string) => page.locator(`#comment-${id}`);

test("quote a comment into a reply and the thread's post into the comment box", async ({ browser }, testInfo) => {
  const anna = await memberByHttp(env.baseURL, env.mailbox, "Anna");
  const bo = await memberByHttp(env.baseURL, env.mailbox, "Bo");
  const aPage = await (await browser.newContext({ storageState: await anna.api.storageState() })).newPage();
  const bPage = await (await browser.newContext({ storageState: await bo.api.storageState() })).newPage();

  // Anna starts a thread and comments in it.
  await aPage.goto("/forum/create");
  await aPage.getByLabel(f.chooseCategory).selectOption({ label: "Large Cap" });
  const title = `Volvo efter rapporten ${Date.now()}`;
  await aPage.getByLabel(f.titleLabel).fill(title);
  await aPage.getByLabel(f.bodyLabel).fill("Marginalen steg till tolv procent.\nKassaflödet var starkt.");
  await aPage.getByRole("button", { name: f.create }).click();
  await expect(aPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await aPage.getByLabel(f.commentPlaceholder).fill("Volvo ser billig ut.\nP/E under tio.");
  await aPage.getByRole("button", { name: f.send }).click();
  const annaComment = aPage.locator("article[id^='comment-']").filter({ hasText: "Volvo ser billig ut." });
  await expect(annaComment).toBeVisible();
  const commentId = (await annaComment.getAttribute("id"))!.replace("comment-", "");
  const threadUrl = aPage.url().replace(/#.*$/, "");

  // Bo selects two lines of Anna's comment: 'Citera' appears, a real button.
  await bPage.goto(threadUrl);
  await expect(bPage.getByRole("button", { name: qd.quote })).toHaveCount(0);
  await selectText(bPage, `#comment-${commentId} .cooked`, "ser billig ut.", "P/E under");
  const quoteButton = bPage.getByRole("button", { name: qd.quote, exact: true });
  await expect(quoteButton).toBeVisible();
  await annaCommentFor(bPage, commentId).screenshot({ path: testInfo.outputPath("quote-button-1280.png") });
  await quoteButton.click();

  // The reply form of Anna's comment opens with the quote, the caret after it.
  const replyBox = bPage.getByLabel(f.replyPlaceholder);
  await expect(replyBox).toBeVisible();
  await expect(replyBox).toHaveValue(
    new RegExp(`^> @${anna.nickname} skrev: ser billig ut\\.\\n> P/E under \\[↩\\]\\(/forum/kommentar/${commentId}\\)\\n\\n$`),
  );
  await expect(replyBox).toBeFocused();
  await replyBox.press("End");
  await replyBox.pressSequentially("Håller med!");
  await bPage.locator("form").filter({ has: replyBox }).getByRole("button", { name: f.reply }).click();

  // The reply shows a quote block whose header links back to the quoted comment.
  const reply = bPage.locator("article[id^='comment-']").filter({ hasText: "Håller med!" });
  const block = reply.locator("blockquote.quote");
  await expect(block).toBeVisible();
  await expect(block).toContainText("ser billig ut.");
  await expect(block).toContainText("P/E under");
  await expect(block.getByRole("link", { name: `@${anna.nickname}` })).toHaveAttribute("href", `/@${anna.nickname}`);
  await expect(block.getByRole("link", { name: "skrev:" })).toHaveAttribute("href", `/forum/kommentar/${commentId}`);
  await expect(reply).not.toContainText("↩");
  // For review by eye: the post with a quote at 1280 and 375 px (test output folder).
  for (const width of [1280, 375]) {
    await bPage.setViewportSize({ width, height: 900 });
    await reply.scrollIntoViewIfNeeded();
    await reply.screenshot({ path: testInfo.outputPath(`quote-block-${width}.png`) });
  }
  await bPage.setViewportSize({ width: 1280, height: 720 });

  // The link back leads to the quoted comment.
  await block.getByRole("link", { name: "skrev:" }).click();
  await expect(bPage).toHaveURL(new RegExp(`#comment-${commentId}$`));

  // Quoting the thread's post (with the keyboard: Tab reaches the button) fills the comment box.
  await bPage.goto(threadUrl);
  await bPage.locator("article .cooked").first().scrollIntoViewIfNeeded();
  await dragSelect(bPage, "article .cooked", "Kassaflödet var starkt.");
  await expect(quoteButton).toBeVisible();
  await bPage.keyboard.press("Tab");
  await expect(quoteButton).toBeFocused();
  await bPage.keyboard.press("Enter");
  const commentBox = bPage.getByLabel(f.commentPlaceholder);
  await expect(commentBox).toBeFocused();
  await expect(commentBox).toHaveValue(new RegExp(`^> @${anna.nickname} skrev: Kassaflödet var starkt\\. \\[↩\\]\\(/forum/kategori/`));
});

test("drafts: a comment and a new thread survive a reload; discard; a sent comment leaves none", async ({ browser }, testInfo) => {
  const cecilia = await memberByHttp(env.baseURL, env.mailbox, "Cecilia");
  const page = await (await browser.newContext({ storageState: await cecilia.api.storageState() })).newPage();

  // A new thread being written comes back after a reload.
  await page.goto("/forum/create");
  await page.getByLabel(f.chooseCategory).selectOption({ label: "Large Cap" });
  const title = `Utkast om SBB ${Date.now()}`;
  await page.getByLabel(f.titleLabel).fill(title);
  await page.getByLabel(f.bodyLabel).fill("Halvfärdig analys");
  await page.waitForTimeout(800);
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: qd.draftRestored })).toBeVisible();
  await expect(page.getByLabel(f.titleLabel)).toHaveValue(title);
  await expect(page.getByLabel(f.bodyLabel)).toHaveValue("Halvfärdig analys");
  await expect(page.getByLabel(f.chooseCategory)).not.toHaveValue("");
  await page.getByLabel(f.bodyLabel).fill("Färdig analys");
  await page.getByRole("button", { name: f.create }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const threadUrl = page.url();
  // Created: the new-thread page is empty again.
  await page.goto("/forum/create");
  await expect(page.getByLabel(f.titleLabel)).toHaveValue("");
  await expect(page.getByText(qd.draftRestored)).toHaveCount(0);

  // A comment being written survives a reload.
  await page.goto(threadUrl);
  const box = page.getByLabel(f.commentPlaceholder);
  await box.fill("Första tanken");
  // No wait: leaving the page writes the draft at once.
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: qd.draftRestored })).toBeVisible();
  await expect(box).toHaveValue("Första tanken");
  await page.locator("form").filter({ has: box }).screenshot({ path: testInfo.outputPath("draft-restored-1280.png") });

  // 'Släng utkast' empties the box, and the draft stays gone after a reload.
  await page.getByRole("button", { name: qd.discardDraft }).click();
  await expect(box).toHaveValue("");
  await expect(page.getByText(qd.draftRestored)).toHaveCount(0);
  await page.reload();
  await expect(box).toHaveValue("");
  await expect(page.getByText(qd.draftRestored)).toHaveCount(0);

  // Typed, reloaded, sent: after the next reload there is no draft.
  await box.fill("Andra tanken, skickad");
  await page.waitForTimeout(800);
  await page.reload();
  await expect(box).toHaveValue("Andra tanken, skickad");
  await page.getByRole("button", { name: f.send }).click();
  await expect(page.locator("article[id^='comment-']").filter({ hasText: "Andra tanken, skickad" })).toBeVisible();
  await expect(box).toHaveValue("");
  await page.reload();
  await expect(page.locator("article[id^='comment-']").filter({ hasText: "Andra tanken, skickad" })).toBeVisible();
  await expect(box).toHaveValue("");
  await expect(page.getByText(qd.draftRestored)).toHaveCount(0);

  // A reply being written opens again after a reload, with its text; 'Avbryt' throws it away.
  const sent = page.locator("li").filter({ has: page.locator("article[id^='comment-']", { hasText: "Andra tanken, skickad" }) });
  await sent.getByRole("button", { name: f.reply, exact: true }).click();
  const replyBox = page.getByLabel(f.replyPlaceholder);
  await replyBox.fill("Ett svar på väg");
  await page.reload();
  await expect(replyBox).toHaveValue("Ett svar på väg");
  await expect(page.getByRole("status").filter({ hasText: qd.draftRestored })).toBeVisible();
  await page.getByRole("button", { name: f.cancel }).click();
  await expect(replyBox).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("borssnack:draft:")))).toEqual([]);
  await page.reload();
  await expect(page.locator("article[id^='comment-']").filter({ hasText: "Andra tanken, skickad" })).toBeVisible();
  await expect(replyBox).toHaveCount(0);
});
