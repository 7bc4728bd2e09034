/**
 * The global search box and results page (SPEC §2 Search results,
 * §4 Search): typing shows labelled, highlighted results; the keyboard picks one; Enter lands on
 * the comment, scrolled to and highlighted; Escape closes; Enter with no pick opens /forum/sok.
 */
import { expect, test } from "./support/test";
import { search as s } from "../../domain/i18n/sv";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

test("type, see highlighted results, pick a comment with the keyboard, land on it highlighted", async ({ page }) => {
  const author = await memberByHttp(env.baseURL, env.mailbox, "Sokare");
  const html = await (await author.api.get("/forum")).text();
  const categoryId = html.match(/\/forum\/kategori\/([0-9a-f-]{36})/)![1]!;
  const word = `Sandvikaktien${letters(6)}`;
  const created = await author.api.post(`/forum/ny-trad/${categoryId}`, {
    form: { title: "Verkstadsbolagen inför rapportsäsongen", body: "Vad tror ni om verkstad i höst?" },
    maxRedirects: 0,
  });
  const threadPath = created.headers()["location"]!;
  const comment = await author.api.post(threadPath, {
    form: { intent: "comment", body: `<b>Fet?</b> ${word} har stigit tre dagar i rad.` },
  });
  expect(comment.status()).toBe(200);

  await page.goto("/forum");
  const box = page.getByRole("combobox", { name: s.label });
  // A prefix of the word while typing ('Ericss' finds 'Ericsson').
  await box.fill(word.slice(0, -3));
  const list = page.getByRole("listbox", { name: s.label });
  const option = list.getByRole("option").filter({ hasText: s.kinds.comment });
  await expect(option).toHaveCount(1);
  await expect(option).toContainText("Verkstadsbolagen inför rapportsäsongen");
  await expect(option).toContainText(s.by("Sokare"));
  await expect(option.locator("mark")).toHaveText(word);
  // Markup in the comment is shown as text, never rendered.
  await expect(option).toContainText("<b>Fet?</b>");
  await expect(option.locator("b")).toHaveCount(0);

  await box.press("ArrowDown");
  await expect(option).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${threadPath}#comment-[0-9a-f-]{36}$`));
  const commentId = new URL(page.url()).hash.slice(1);
  await expect(page.locator(`#${commentId}`)).toHaveClass(/highlight-target/);
  await expect(page.locator(`#${commentId}`)).toContainText(word);
  // Opening a result clears the search.
  await expect(box).toHaveValue("");
  await expect(list).toHaveCount(0);
  await author.api.dispose();
});

test("no results, Escape, and Enter without a pick opens the results page", async ({ page }) => {
  await page.goto("/forum");
  const box = page.getByRole("combobox", { name: s.label });
  const nothing = `zz${letters(10)}`;
  await box.fill(`  ${nothing}  `);
  await expect(page.getByText(s.noResults(nothing))).toBeVisible();
  await box.press("Escape");
  await expect(page.getByText(s.noResults(nothing))).toHaveCount(0);

  await box.fill("utdelning $VOLV-B & \" ' <->");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/forum\/sok\?q=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(s.resultsFor("utdelning $VOLV-B & \" ' <->"));
  await page.getByRole("link", { name: s.filters.comment }).click();
  await expect(page).toHaveURL(/typ=kommentarer/);
  await expect(page.getByRole("link", { name: s.filters.comment })).toHaveAttribute("aria-current", "page");

  // 10 kB of text as a query is an answer, not an error.
  const response = await page.goto(`/forum/sok?q=${encodeURIComponent("x".repeat(10_240))}`);
  expect(response!.status()).toBe(200);
  const api = await page.request.get(`/api/search?q=${encodeURIComponent("'\"&|!:*<->()".repeat(500))}`);
  expect(api.status()).toBe(200);
  expect((await api.json()).results).toEqual([]);
});
