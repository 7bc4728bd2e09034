/**
 * Images in posts ("paste an image into a new thread and see it in the post") against
 * the production build in Chromium: a member pastes a chart (a PNG drawn on a canvas, delivered
 * as a real `paste` ClipboardEvent with a DataTransfer holding the File) into the new-thread body,
 * sees the upload progress bar, gets `![bild](/uploads/posts/…)` at the cursor, publishes, and the
 * post shows the image with its width and height (lazy); clicking it opens the full-size
 * lightbox, which Esc closes. Runs under the CSP guard (no inline scripts or styles).
 */
import { expect, test } from "./support/test";
import sharp from "sharp";
import { forum as f, postImages as pi, uploads as up } from "../../domain/i18n/sv";
import { MAX_POST_IMAGES } from "../../domain/uploads";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

test("paste a chart into a new thread: progress, Markdown inserted, published post shows it, lightbox opens", async ({ browser }) => {
  const m = await memberByHttp(env.baseURL, env.mailbox, "Grafare");
  const context = await browser.newContext({ storageState: await m.api.storageState(), viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();

  // Hold the upload's answer back a moment, so the progress bar can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/uploads/post", async (route) => {
    await held;
    await route.continue();
  });

  await page.goto("/forum/create");
  await page.getByLabel(f.chooseCategory).selectOption({ index: 1 });
  await page.getByLabel(f.titleLabel).fill("OMX-grafen i dag");
  const body = page.getByLabel(f.bodyLabel);
  await expect(page.getByText(pi.count(0, MAX_POST_IMAGES))).toBeVisible();

  // Paste until the composer handles it (it does once the page has hydrated): the event is
  // cancelled by the handler, so dispatchEvent answers false.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const canvas = document.createElement("canvas");
          canvas.width = 1600;
          canvas.height = 900;
          const g = canvas.getContext("2d")!;
          g.fillStyle = "#ffffff";
          g.fillRect(0, 0, 1600, 900);
          g.strokeStyle = "#15803d";
          g.lineWidth = 6;
          g.beginPath();
          for (let x = 0; x <= 1600; x += 40) g.lineTo(x, 450 - Math.sin(x / 120) * 200 - x / 10);
          g.stroke();
          const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
          const data = new DataTransfer();
          data.items.add(new File([blob], "skarmbild.png", { type: "image/png" }));
          const textarea = document.querySelector<HTMLTextAreaElement>("textarea#body")!;
          textarea.focus();
          const event = new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true });
          return textarea.dispatchEvent(event);
        }),
      { timeout: 15_000 },
    )
    .toBe(false);

  const progress = page.getByRole("progressbar", { name: pi.progressLabel });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuenow", /^\d{1,3}$/);
  release();
  await expect(progress).toBeHidden();
  await expect(body).toHaveValue(/^!\[bild\]\(\/uploads\/posts\/[A-Za-z0-9_-]{22}-1600x900\.webp\)\n$/);
  await expect(page.getByText(pi.count(1, MAX_POST_IMAGES))).toBeVisible();
  const markdown = (await body.inputValue()).trim();
  const src = /\((\/uploads\/posts\/[^)]+)\)/.exec(markdown)![1]!;

  // Text typed after the image goes after it (the caret was put behind the inserted Markdown).
  await body.pressSequentially("Stödet håller.");
  await expect(body).toHaveValue(`${markdown}\nStödet håller.`);
  await page.screenshot({ path: test.info().outputPath("composer-1280.png") });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath("composer-375.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole("button", { name: f.create }).click();
  await expect(page.getByRole("heading", { name: "OMX-grafen i dag" })).toBeVisible();

  const image = page.locator(`img[src="${src}"]`);
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute("width", "1600");
  await expect(image).toHaveAttribute("height", "900");
  await expect(image).toHaveAttribute("loading", "lazy");
  await expect(image).toHaveAttribute("alt", "bild");
  // A lazy image may still be loading when the post appears: wait until it has.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
  await page.screenshot({ path: test.info().outputPath("post-1280.png") });

  await image.click();
  const dialog = page.getByRole("dialog", { name: pi.lightboxTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(`img[src="${src}"]`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("lightbox-1280.png") });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // Focus went back to the image link, and the page did not navigate to the file.
  await expect(page.locator(`a.post-image[href="${src}"]`)).toBeFocused();
  expect(page.url()).toContain("/trad/");

  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath("post-375.png"), fullPage: true });
  await context.close();
});

test("a foreign image address in a post is a link, not an image", async ({ browser }) => {
  const m = await memberByHttp(env.baseURL, env.mailbox, "Lankare");
  const context = await browser.newContext({ storageState: await m.api.storageState() });
  const page = await context.newPage();
  await page.goto("/forum/create");
  await page.getByLabel(f.chooseCategory).selectOption({ index: 1 });
  await page.getByLabel(f.titleLabel).fill("Extern bild");
  await page.getByLabel(f.bodyLabel).fill("![spårning](https://example.com/pixel.png)");
  await page.getByRole("button", { name: f.create }).click();
  await expect(page.getByRole("heading", { name: "Extern bild" })).toBeVisible();
  const link = page.getByRole("link", { name: "spårning" });
  await expect(link).toHaveAttribute("href", "https://example.com/pixel.png");
  await expect(link).toHaveAttribute("rel", "nofollow ugc noopener");
  await expect(page.locator('img[src*="example.com"]')).toHaveCount(0);
  await context.close();
});

test("pick an image with 'Lägg till bild' in the comment box: it is uploaded, inserted and shown in the comment", async ({ browser }) => {
  const m = await memberByHttp(env.baseURL, env.mailbox, "Kommentarsgraf");
  const context = await browser.newContext({ storageState: await m.api.storageState() });
  const page = await context.newPage();
  await page.goto("/forum/create");
  await page.getByLabel(f.chooseCategory).selectOption({ index: 1 });
  await page.getByLabel(f.titleLabel).fill("Tråd för kommentarsbild");
  await page.getByLabel(f.bodyLabel).fill("Kommentera gärna med en graf.");
  await page.getByRole("button", { name: f.create }).click();
  await expect(page.getByRole("heading", { name: "Tråd för kommentarsbild" })).toBeVisible();

  const chart = await sharp({ create: { width: 900, height: 3000, channels: 3, background: "#0ea5e9" } }).jpeg().toBuffer();
  await page.getByLabel(pi.fileInputLabel).setInputFiles({ name: "graf.jpg", mimeType: "image/jpeg", buffer: chart });
  const box = page.getByLabel(f.commentPlaceholder);
  // The longest side is capped at 2,000 px: 900×3000 → 600×2000.
  await expect(box).toHaveValue(/^!\[bild\]\(\/uploads\/posts\/[A-Za-z0-9_-]{22}-600x2000\.webp\)\n$/);
  await page.getByRole("button", { name: f.send, exact: true }).click();
  const image = page.locator('img[src^="/uploads/posts/"][width="600"][height="2000"]');
  await expect(image).toHaveCount(1);
  await expect(box).toHaveValue("");

  // A refused file (an SVG) shows the server's Swedish message and inserts nothing.
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
  await page.getByLabel(pi.fileInputLabel).setInputFiles({ name: "graf.png", mimeType: "image/png", buffer: svg });
  await expect(page.getByRole("alert").filter({ hasText: up.unsupportedType })).toBeVisible();
  await expect(box).toHaveValue("");
  await context.close();
});
