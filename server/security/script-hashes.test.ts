import { createHash } from "node:crypto";
import { parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { hashedPage, scriptHashSource } from "./script-hashes";

const NONCE = "Ah1KYvJGjfgo3P+EWJuTjg==";

/** A page shaped like the forum's: what React Router, React and app/root.tsx write with the nonce. */
function page(nonce: string, extra = ""): string {
  const n = ` nonce="${nonce}"`;
  return (
    `<!DOCTYPE html><html lang="sv"><head><meta charSet="utf-8"/>` +
    `<script${n}>try{if(matchMedia("(prefers-color-scheme: dark)").matches)document.documentElement.classList.add("dark")}catch(e){}</script>` +
    `<link rel="modulepreload" href="/assets/entry.client-1.js"${n}/><link rel="modulepreload" href="/assets/root-2.js"${n}/>` +
    `<link rel="modulepreload" href="/assets/thread-3.js"${n}/><link${n} rel="stylesheet" href="/assets/root-4.css"/>` +
    `<script type="application/ld+json"${n}>{"@type":"DiscussionForumPosting","headline":"Är $ERIC-B köpvärd?"}</script>` +
    `</head><body><article><p>Åsa: köp &lt;script&gt; nu</p></article>${extra}` +
    `<script${n}>window.__reactRouterContext = {"basename":"/"};</script>` +
    `<script${n} type="module" async="">;\nimport * as route0 from "/assets/root-2.js";\nimport * as route1 from "/assets/thread-3.js";\n` +
    `window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-1.js");</script>` +
    `<script${n}>window.__reactRouterContext.streamController.enqueue("[\\"theme\\",\\"system\\",\\"nonce\\",\\"${nonce}\\",\\"body\\",\\"from 'x' to \\u003cb\\u003e\\"]");</script>` +
    `</body></html>`
  );
}

/** What a browser's parser makes of `html`: every script element's attributes and text. */
function scriptsAsParsed(html: string): Array<{ attribs: Record<string, string>; text: string }> {
  const out: Array<{ attribs: Record<string, string>; text: string }> = [];
  const walk = (node: { type?: string; name?: string; attribs?: Record<string, string>; children?: unknown[]; data?: string }) => {
    if (node.type === "script") {
      const text = (node.children ?? []).map((c) => (c as { data?: string }).data ?? "").join("");
      out.push({ attribs: node.attribs ?? {}, text });
    }
    for (const child of node.children ?? []) walk(child as typeof node);
  };
  walk(parseDocument(html) as unknown as Parameters<typeof walk>[0]);
  return out;
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("a rendered page made fit for many visitors", () => {
  it("hashes exactly the scripts the render wrote with its nonce, as the parser reads the page that is sent", () => {
    const injected = `<script>fetch("/api/stjal?c="+document.cookie)</script><script nonce="gissat">alert(1)</script>`;
    const result = hashedPage(Buffer.from(page(NONCE, injected)), NONCE, { html: true })!;
    const sent = result.body.toString("utf8");
    const parsed = scriptsAsParsed(sent);
    // The theme, context, route-module and stream scripts; not the JSON-LD data block, not the two injected ones.
    const own = parsed.filter((s) => !("src" in s.attribs) && s.attribs.type !== "application/ld+json" && !/stjal|alert/.test(s.text));
    expect(own).toHaveLength(4);
    expect(result.hashes).toEqual(own.map((s) => sha256(s.text)));
    for (const evil of parsed.filter((s) => /stjal|alert/.test(s.text))) expect(result.hashes).not.toContain(sha256(evil.text));
  });

  it("takes the render's nonce out of the page, attributes and page data alike, and changes nothing else", () => {
    const result = hashedPage(Buffer.from(page(NONCE)), NONCE, { html: true })!;
    const sent = result.body.toString("utf8");
    expect(sent).not.toContain(NONCE);
    expect(sent).toBe(page(NONCE).replaceAll(` nonce="${NONCE}"`, "").replaceAll(NONCE, ""));
    expect(sent).toContain(`\\"nonce\\",\\"\\"`);
  });

  it("hashes a script's text after the parser's line-ending normalisation", () => {
    expect(scriptHashSource("a();\r\nb();\rc();")).toBe(sha256("a();\nb();\nc();"));
    expect(scriptHashSource("")).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
  });

  it("refuses a page a hash policy would break: a nonce'd external script, a script the parser might split", () => {
    const n = ` nonce="${NONCE}"`;
    expect(hashedPage(Buffer.from(page(NONCE, `<script src="/assets/x.js"${n}></script>`)), NONCE, { html: true })).toBeNull();
    expect(hashedPage(Buffer.from(page(NONCE, `<script${n}>a("<!--")</script>`)), NONCE, { html: true })).toBeNull();
    // A module that imports what no preload lists is fine: its imports load from 'self'.
    const unpreloaded = page(NONCE).replace(`import * as route1 from "/assets/thread-3.js";`, `import * as route1 from "/assets/other-5.js";`);
    expect(hashedPage(Buffer.from(unpreloaded), NONCE, { html: true })).not.toBeNull();
  });

  it("leaves a page without the nonce as it is, and takes the nonce out of loader data without looking for scripts", () => {
    const plain = Buffer.from("<p>Ingen CSP här</p>");
    expect(hashedPage(plain, "", { html: true })).toEqual({ body: plain, hashes: [] });
    expect(hashedPage(plain, NONCE, { html: true })).toEqual({ body: plain, hashes: [] });
    const data = Buffer.from(`[{"_1":2},"root",{"nonce":"${NONCE}","x":"<script nonce=\\"${NONCE}\\">"}]`);
    const result = hashedPage(data, NONCE, { html: false })!;
    expect(result.hashes).toEqual([]);
    expect(result.body.toString()).not.toContain(NONCE);
  });
});
