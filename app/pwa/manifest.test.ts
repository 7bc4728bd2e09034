/**
 * The installable app's manifest, icons and offline page: what
 * Chromium needs to offer installation, and the Swedish offline page.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pwa } from "../../domain/i18n/sv";
import { ICONS, offlinePageHtml, PWA_PATHS, THEME_COLOR, webManifest } from "./manifest";

const publicDir = path.resolve(import.meta.dirname, "../../public");

describe("web app manifest", () => {
  it("names the app 'Börssnack' in Swedish, starts at / in its own window, in the brand colour", () => {
    expect(webManifest()).toMatchObject({
      name: "Börssnack",
      short_name: "Börssnack",
      lang: "sv",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#047857",
    });
  });

  it("the theme colour is the brand green of app.css", async () => {
    const css = await import("node:fs/promises").then((fs) => fs.readFile(path.resolve(import.meta.dirname, "../app.css"), "utf8"));
    expect(css).toContain(`--color-brand-700: ${THEME_COLOR};`);
  });

  it("every icon exists in public/ as a PNG of its stated size (192, 512 and a maskable 512)", async () => {
    const all = [...ICONS, { src: PWA_PATHS.appleTouchIcon, sizes: "180x180", type: "image/png" }];
    for (const icon of all) {
      const file = path.join(publicDir, icon.src);
      expect(existsSync(file), icon.src).toBe(true);
      const meta = await sharp(file).metadata();
      expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
      expect(meta.format).toBe("png");
    }
    expect(ICONS.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  });
});

describe("offline page", () => {
  const html = offlinePageHtml();

  it("says 'Du är offline' in Swedish, explains and links to try again", () => {
    expect(html).toContain('<html lang="sv">');
    expect(html).toContain(`<h1>${pwa.offlineTitle}</h1>`);
    expect(pwa.offlineTitle).toBe("Du är offline");
    expect(html).toContain(pwa.offlineText);
    expect(html).toContain(`<a href="">${pwa.offlineRetry}</a>`);
  });

  it("runs no script and allows only its own inline styles and images", () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src 'self'`);
  });
});
