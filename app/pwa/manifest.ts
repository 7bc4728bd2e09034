/**
 * The installable app's static documents: the web app manifest and
 * the offline page the service worker shows when the network is gone. Both are written into the
 * client build by `scripts/pwa-plugin.ts` (and served by the dev server from the same functions),
 * so their Swedish texts come from the catalogue.
 *
 * @module
 */
import { app, pwa } from "../../domain/i18n/sv";

/** Theme colour of the app's title bar: the brand green (`--color-brand-700`, app/app.css). */
export const THEME_COLOR = "#047857";

/** Splash-screen background while the installed app starts. */
export const BACKGROUND_COLOR = "#ffffff";

/** Where the manifest, the worker and the offline page are served (the site root). */
export const PWA_PATHS = {
  manifest: "/manifest.webmanifest",
  serviceWorker: "/sw.js",
  offlinePage: "/offline.html",
  appleTouchIcon: "/icons/apple-touch-icon.png",
} as const;

/** One icon entry of the manifest (W3C Web App Manifest `icons`). */
export interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: "any" | "maskable";
}

/** The PNG icons in `public/icons/` (made by `scripts/make-icons.mjs` from its SVG 'B' mark). */
export const ICONS: readonly ManifestIcon[] = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
];

/**
 * The web app manifest (served as `/manifest.webmanifest`, `application/manifest+json`).
 *
 * @returns the manifest object: Swedish name 'Börssnack', `lang: "sv"`, `start_url: "/"`,
 *   `display: "standalone"`, the brand theme colour and the 192/512/maskable icons
 */
export function webManifest() {
  return {
    id: "/",
    name: pwa.name,
    short_name: pwa.shortName,
    description: app.description,
    lang: "sv",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "any",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ["finance", "social"],
    icons: ICONS,
  };
}

/**
 * The offline page, a self-contained HTML document (inline styles, no script) that the service
 * worker precaches and shows for a page request that fails for want of a network. Its own
 * Content-Security-Policy (a meta element) allows only its inline styles and same-origin images.
 *
 * @returns the HTML text (UTF-8), Swedish: 'Du är offline', one line of explanation and a
 *   'Försök igen' link that loads the requested address again
 */
export function offlinePageHtml(): string {
  return `<!doctype html>
<html lang="sv">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'">
<meta name="theme-color" content="${THEME_COLOR}">
<title>${pwa.offlineTitle} – ${app.name}</title>
<style>
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
    font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f8fafc; color: #0f172a; }
  main { max-width: 28rem; padding: 2rem 1.5rem; text-align: center; }
  img { width: 72px; height: 72px; border-radius: 16px; }
  h1 { font-size: 1.5rem; margin: 1rem 0 0.5rem; }
  p { color: #475569; line-height: 1.5; margin: 0 0 1.5rem; }
  a { display: inline-block; padding: 0.625rem 1.25rem; border-radius: 0.5rem; background: ${THEME_COLOR};
    color: #fff; font-weight: 600; text-decoration: none; }
  a:hover { background: #065f46; }
  a:focus-visible { outline: 2px solid #059669; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<img src="${ICONS[0]!.src}" alt="">
<h1>${pwa.offlineTitle}</h1>
<p>${pwa.offlineText}</p>
<a href="">${pwa.offlineRetry}</a>
</main>
</body>
</html>
`;
}
