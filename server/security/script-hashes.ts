/**
 * A rendered page made fit to be sent as it is to every visitor, with a hash-based CSP instead of
 * the render's nonce (docs/decisions/045-cached-pages-csp.md; the visitors' page cache,
 * server/cache/page-cache.ts).
 *
 * - Trusted are exactly the inline scripts the render wrote with its nonce (React Router's context,
 *   route-module and stream scripts, `<ScrollRestoration>`, the theme script in the head, React's
 *   own): markup that got into the page any other way cannot know the nonce, so a script it
 *   carries gets no hash and stays refused, as it was under the nonce.
 * - The render's nonce is taken out of the page (its `nonce="…"` attributes and the root loader's
 *   copy in the page data): a nonce is for one answer, and the page now goes to many.
 * - The hash of a script is that of its text as the browser's parser sees it (RFC 6234 SHA-256,
 *   base64, CSP3 §8.4), over the page as it is sent.
 * - The app's modules and their imports load under `'self'` (`cspWithHashes`,
 *   server/security/headers.ts). A page with a trusted external `<script src>` or a trusted script
 *   whose text the parser could split otherwise than this module does (`<!--`) is not fit:
 *   {@link hashedPage} says so and the cache does not keep it.
 *
 * @module
 */
import { createHash } from "node:crypto";

/** A page with its nonce taken out and the hash-sources of the scripts that carried it. */
export interface HashedPage {
  /** The page as every answer sends it (UTF-8). */
  body: Buffer;
  /** `'sha256-…'` hash-sources of its trusted inline scripts, in page order, without repeats. */
  hashes: string[];
}

/** A script element: its start tag's attributes and its text (up to the first end tag). */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script[\t\n\f\r />]/gi;
/** `type` values a browser runs or reads as a script under `script-src` (HTML §4.12.1; JavaScript MIME types). */
const RUN_TYPES = /^(?:|module|importmap|speculationrules|(?:text|application)\/(?:x-)?(?:java|ecma)script|text\/(?:jscript|livescript)|text\/javascript1\.[0-5])$/i;

/** Attribute patterns by name: the name, then an optional quoted or unquoted value. */
const ATTRIBUTES = new Map(
  ["nonce", "src", "type"].map((name) => [
    name,
    new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+)))?(?=\\s|/|$)`, "i"),
  ]),
);

/** The value of attribute `name` in a start tag's attribute text ("" when it has none), or undefined. */
function attribute(attributes: string, name: "nonce" | "src" | "type"): string | undefined {
  const match = ATTRIBUTES.get(name)!.exec(attributes);
  if (!match) return undefined;
  return match[1] ?? match[2] ?? match[3] ?? "";
}

/**
 * The CSP hash-source of an inline script (CSP3 §8.4): SHA-256 of its text as UTF-8, after the
 * HTML parser's input normalisation (CR LF and CR become LF, U+0000 becomes U+FFFD).
 *
 * @param text the script element's text, as it stands between its tags in the page
 * @returns e.g. `'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='` (quotes included)
 */
export function scriptHashSource(text: string): string {
  const parsed = text.replace(/\r\n?/g, "\n").replaceAll("\0", "\uFFFD");
  return `'sha256-${createHash("sha256").update(parsed, "utf8").digest("base64")}'`;
}

/**
 * Takes the render's nonce out of a page and hashes the inline scripts that carried it.
 *
 * @param body the page as rendered (UTF-8), or any other cached answer (`.data`, JSON)
 * @param nonce the render's CSP nonce ("" when no CSP applied: the page is returned as it is)
 * @param options.html whether `body` is an HTML document (`Content-Type: text/html`); other bodies
 *   only lose the nonce, they have no scripts a browser would run
 * @returns the page to send and its hash-sources; null when the page cannot be sent with a hash
 *   policy (see the module comment: a trusted `<script src>`, or `<!--` in a trusted script)
 */
export function hashedPage(body: Buffer, nonce: string, options: { html: boolean }): HashedPage | null {
  if (!nonce) return { body, hashes: [] };
  const text = body.toString("utf8");
  if (!text.includes(nonce)) return { body, hashes: [] };
  const withoutNonce = (s: string) => s.replaceAll(` nonce="${nonce}"`, "").replaceAll(nonce, "");
  const hashes = new Set<string>();
  if (options.html) {
    for (const script of text.matchAll(SCRIPT)) {
      const [, attributes = "", content = ""] = script;
      if (attribute(attributes, "nonce") !== nonce) continue;
      if (attribute(attributes, "src") !== undefined || content.includes("<!--")) return null;
      const type = (attribute(attributes, "type") ?? "").trim();
      if (!RUN_TYPES.test(type)) continue; // a data block (JSON-LD): never run, needs no hash
      hashes.add(scriptHashSource(withoutNonce(content)));
    }
  }
  return { body: Buffer.from(withoutNonce(text)), hashes: [...hashes] };
}
