#!/usr/bin/env node
/**
 * Writes the app icons of the installable app into public/icons/ with sharp: a white
 * 'B' on the brand green (#047857, app/app.css `brand-700`), drawn as a path so no font is needed.
 * The PNGs are committed; run `node scripts/make-icons.mjs` (through `npx`/npm's node) after
 * changing the mark.
 *
 * Output: icon-192.png, icon-512.png (rounded square, purpose "any"), icon-maskable-512.png
 * (full-bleed green, the mark inside the 80 % safe zone) and apple-touch-icon.png (180 px, opaque).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "public", "icons");
const GREEN = "#047857";

/** The 'B' on a 512 × 512 grid: outer outline and two counters (even-odd fill). */
const B_PATH =
  "M168 104H296C352 104 388 136 388 186C388 218 372 242 346 252C380 262 404 292 404 334C404 380 368 408 308 408H168Z" +
  "M230 160V228H288C312 228 326 214 326 194C326 174 312 160 288 160Z" +
  "M230 282V352H298C326 352 340 338 340 317C340 296 326 282 298 282Z";

/**
 * @param {{ rounded: boolean, scale: number }} options rounded corners (else full bleed); size of the mark
 * @returns SVG text, 512 × 512
 */
function svg({ rounded, scale }) {
  const shift = 256 * (1 - scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${rounded ? 112 : 0}" fill="${GREEN}"/>
  <g transform="translate(${shift + 6 * scale} ${shift}) scale(${scale})"><path fill="#ffffff" fill-rule="evenodd" d="${B_PATH}"/></g>
</svg>`;
}

mkdirSync(out, { recursive: true });
const png = (text, size, file) => sharp(Buffer.from(text)).resize(size, size).png({ compressionLevel: 9, palette: true }).toFile(path.join(out, file));
await png(svg({ rounded: true, scale: 1 }), 192, "icon-192.png");
await png(svg({ rounded: true, scale: 1 }), 512, "icon-512.png");
await png(svg({ rounded: false, scale: 0.78 }), 512, "icon-maskable-512.png");
await png(svg({ rounded: false, scale: 0.86 }), 180, "apple-touch-icon.png");
console.log(`icons written to ${out}`);
