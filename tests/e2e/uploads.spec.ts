/**
 * Avatar and banner uploads against the production build
 * (docs/decisions/008-uploads.md), at HTTP level plus a real browser loading the result:
 * a logged-in member uploads a PNG (named .exe — judged by content) and gets a WebP URL served
 * with long cache and safe headers; replacing removes the old file; text, SVG and oversized files
 * are refused with Swedish messages; visitors get 401.
 */
import { request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./support/test";
import sharp from "sharp";
import { uploads as up } from "../../domain/i18n/sv";
import { MAX_UPLOAD_MB } from "../../domain/uploads";
import { memberByHttp } from "./support/accounts";
import { useMailbox } from "./support/forum";

const env = useMailbox();

function png(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

test("a member uploads an avatar: WebP served with long cache and safe headers; replacing removes the old file", async ({ browser }) => {
  const m = await memberByHttp(env.baseURL, env.mailbox, "Bildbert");
  const upload = await m.api.post("/api/uploads/avatar", {
    multipart: { file: { name: "portratt.exe", mimeType: "application/octet-stream", buffer: await png(640, 480, "#1d4ed8") } },
  });
  expect(upload.status()).toBe(200);
  const { ok, url } = (await upload.json()) as { ok: boolean; url: string };
  expect(ok).toBe(true);
  expect(url).toMatch(/^\/uploads\/avatars\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]{22}\.webp$/);

  // Anyone may fetch the image; it is a WebP that no browser will sniff into anything else.
  const visitor = await playwrightRequest.newContext({ baseURL: env.baseURL });
  const image = await visitor.get(url);
  expect(image.status()).toBe(200);
  const headers = image.headers();
  expect(headers["content-type"]).toBe("image/webp");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(headers["content-security-policy"]).toContain("default-src 'none'");
  const meta = await sharp(await image.body()).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(["webp", 256, 256]);

  // A logged-in browser (the member's session) shows it as a 256×256 image.
  const context = await browser.newContext({ storageState: await m.api.storageState() });
  const page = await context.newPage();
  await page.goto("/forum");
  const size = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, url);
  expect(size).toEqual([256, 256]);

  // A new upload gets a new URL; the old file is gone.
  const again = await m.api.post("/api/uploads/avatar", {
    multipart: { file: { name: "ny.gif", mimeType: "image/gif", buffer: await sharp(await png(300, 300, "#b91c1c")).gif().toBuffer() } },
  });
  expect(again.status()).toBe(200);
  const next = ((await again.json()) as { url: string }).url;
  expect(next).not.toBe(url);
  expect((await visitor.get(url)).status()).toBe(404);
  expect((await visitor.get(next)).status()).toBe(200);

  // Removing clears it.
  expect((await m.api.delete("/api/uploads/avatar")).status()).toBe(200);
  expect((await visitor.get(next)).status()).toBe(404);

  await Promise.all([context.close(), visitor.dispose(), m.api.dispose()]);
});

test("refusals: text 415, SVG with script 415, 20 MB 413, unknown kind 404, visitor 401", async () => {
  const m = await memberByHttp(env.baseURL, env.mailbox, "Vaktis");
  const text = await m.api.post("/api/uploads/avatar", {
    multipart: { file: { name: "bild.png", mimeType: "image/png", buffer: Buffer.from("Det här är bara text.") } },
  });
  expect(text.status()).toBe(415);
  expect(await text.json()).toEqual({ ok: false, error: up.unsupportedType });

  const svg = await m.api.post("/api/uploads/banner", {
    multipart: {
      file: {
        name: "omslag.svg",
        mimeType: "image/svg+xml",
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'),
      },
    },
  });
  expect(svg.status()).toBe(415);

  const huge = await m.api.post("/api/uploads/avatar", {
    multipart: { file: { name: "stor.png", mimeType: "image/png", buffer: Buffer.alloc(20 * 1024 * 1024, 1) } },
  });
  expect(huge.status()).toBe(413);
  expect(await huge.json()).toEqual({ ok: false, error: up.tooLarge(MAX_UPLOAD_MB) });

  const kind = await m.api.post("/api/uploads/bakgrund", {
    multipart: { file: { name: "a.png", mimeType: "image/png", buffer: await png(10, 10, "#000") } },
  });
  expect(kind.status()).toBe(404);

  const visitor = await playwrightRequest.newContext({ baseURL: env.baseURL, extraHTTPHeaders: { Origin: env.baseURL } });
  const anonymous = await visitor.post("/api/uploads/avatar", {
    multipart: { file: { name: "a.png", mimeType: "image/png", buffer: await png(10, 10, "#000") } },
  });
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({ ok: false, error: up.loginRequired });

  // Nothing outside the generated keys is served, whatever the path tries.
  for (const path of ["/uploads/../auth-secret", "/uploads/%2e%2e/auth-secret", "/uploads/pglite/PG_VERSION", "/uploads/avatars/x/y.webp"]) {
    expect((await visitor.get(path)).status(), path).toBe(404);
  }
  await Promise.all([visitor.dispose(), m.api.dispose()]);
});

test("a member uploads an avatar on their profile and sees it on the profile and in the header", async ({ browser }) => {
  const member = await memberByHttp(env.baseURL, env.mailbox, "Bildbytare");
  const context = await browser.newContext({ storageState: await member.api.storageState() });
  const page = await context.newPage();
  await page.goto("/forum/profil");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(member.nickname);
  await page.getByTestId("upload-avatar-input").setInputFiles({
    name: "jag.png",
    mimeType: "image/png",
    buffer: await png(400, 400, "#047857"),
  });
  await expect(page.getByText(up.avatarUpdated)).toBeVisible();
  // The profile's avatar and the header's user menu show the uploaded WebP.
  const profileImg = page.locator("main img[src^='/uploads/']").first();
  await expect(profileImg).toBeVisible();
  const src = await profileImg.getAttribute("src");
  await expect(page.locator(`header img[src='${src}']`)).toBeVisible();
  expect((await page.request.get(src!)).headers()["content-type"]).toBe("image/webp");
  // Removing it brings the initials back.
  await page.getByRole("button", { name: up.remove }).first().click();
  await expect(page.getByText(up.avatarRemoved)).toBeVisible();
  await expect(page.locator("header img[src^='/uploads/']")).toHaveCount(0);
  await Promise.all([context.close(), member.api.dispose()]);
});
