/**
 * The page cache's members' middleware (server/cache/page-cache.ts) with a stand-in
 * for React Router that declares parts as `<Personal>` and loaders do: who gets it, one render for
 * many members, the member's parts set in the markup by name, gzip answers that read as the plain
 * ones, and writes emptying it. The real pages are compared with the member's own render in
 * tests/e2e/shared-member-render.spec.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { gunzipSync } from "node:zlib";
import { createPageCache } from "./page-cache";
import { toClientViewer, type Viewer } from "../accounts/session";
import { PERSONAL_DATA, VIEWER_PART, type PersonalAnswer, type PersonalReader, type PersonalStates } from "../../domain/personal";

const member: Viewer = {
  id: "m1",
  nickname: "Anna<&>",
  email: "anna@exempel.se",
  avatarUrl: null,
  edgeLevel: 0.5,
  role: "member",
  hasPassword: true,
  blocked: false,
  mutedIds: new Set(),
  inboxUnread: 0,
};

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** The stand-in's parts: how each renders a state (as the page's `<Personal>` render functions would). */
const renderers = {
  [PERSONAL_DATA]: (json: unknown) => `<script nonce="NONCE">window.__borssnackPersonal=${String(json)}</script>`,
  [VIEWER_PART]: (v: unknown) => `<span class="avatar">${escape((v as { nickname: string }).nickname.slice(0, 1) || "?")}</span><b>${escape((v as { nickname: string }).nickname)}</b>`,
  list: (items: unknown) => ((items as string[] | null) ? `<ul>${(items as string[]).map((i) => `<li>${escape(i)}</li>`).join("")}</ul>` : `<div hidden=""></div>`),
  save: (saved: unknown) => `<button aria-pressed="${String(saved)}">${saved ? "Sparad" : "Spara"}</button>`,
};

/**
 * A page as the build would render it for the generic member, with this render's nonce: the data
 * script, the header's member, a list place, two save toggles and a form key.
 */
function page(nonce: string, options: { filler?: string; key?: string } = {}): string {
  const data = renderers[PERSONAL_DATA]("{}").replace("NONCE", nonce);
  return (
    `<!DOCTYPE html><html><head><script nonce="${nonce}">1</script>${data}</head><body>` +
    `<button>${renderers[VIEWER_PART]({ nickname: "" })}</button>${options.filler ?? ""}<main>${renderers.list(null)}</main>` +
    `<p>${renderers.save(false)}</p><p>${renderers.save(false)}</p><input name="submitKey" value="${options.key ?? "k-1"}.top">` +
    `<script nonce="${nonce}">window.__reactRouterContext={"submitKey":"${options.key ?? "k-1"}"}</script></body></html>`
  );
}

let server: Server | undefined;
afterEach(() => server?.close());

async function start(
  options: {
    reader?: PersonalReader<Viewer> | null;
    viewer?: Viewer | null;
    filler?: string;
    /** Leave a part out of the page (another build). */
    without?: string;
  } = {},
) {
  const calls = { renders: 0, next: 0, rendered: [] as string[] };
  const pages = createPageCache();
  pages.renderMembers({
    render: async (_request, nonce, parts) => {
      calls.renders += 1;
      await new Promise((r) => setTimeout(r, 20));
      const slot = (name: string, kind: keyof typeof renderers, generic: unknown) =>
        parts.slots.push({
          name,
          generic,
          html: (state) => {
            calls.rendered.push(name);
            const html = renderers[kind](state);
            return kind === PERSONAL_DATA ? html.replace("NONCE", nonce) : html;
          },
        });
      slot(PERSONAL_DATA, PERSONAL_DATA, "{}");
      slot(VIEWER_PART, VIEWER_PART, { nickname: "" });
      slot("list", "list", null);
      slot("save:1", "save", false);
      slot("save:2", "save", false);
      if (options.reader !== null) parts.readers.push(options.reader ?? (() => ({})));
      parts.renew.push("k-1");
      let html = page(nonce, { filler: options.filler });
      if (options.without) html = html.replace(renderers.list(null), "");
      return new Response(html, { headers: { "content-type": "text/html" } });
    },
    viewer: async () => (options.viewer === undefined ? member : options.viewer),
    viewerState: toClientViewer,
  });
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = "answer-nonce";
    next();
  });
  app.use(pages.members);
  app.use((_req, res) => {
    calls.next += 1;
    res.send("normal path");
  });
  server = app.listen(0);
  const base = `http://localhost:${(server.address() as AddressInfo).port}`;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(base + path, { headers: { cookie: "borssnack.session_token=abc", ...headers } });
  return { pages, calls, get, base };
}

/** The states a page's answer carried to the browser. */
function statesOf(html: string): PersonalStates {
  return JSON.parse(/window\.__borssnackPersonal=(.*?)<\/script>/.exec(html)![1]!) as PersonalStates;
}

describe("shared member render middleware", () => {
  it("renders once for many members and sets the member's header, nonce and states", async () => {
    const { calls, get } = await start();
    const answers = await Promise.all(Array.from({ length: 5 }, () => get("/forum")));
    expect(calls.renders).toBe(1);
    const html = await answers[0]!.text();
    expect(answers[0]!.headers.get("x-cache")).toBe("SHARED");
    expect(answers[0]!.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html).toContain('<button><span class="avatar">A</span><b>Anna&lt;&amp;&gt;</b></button>');
    expect(html).not.toContain("<b></b>");
    expect(html.match(/nonce="answer-nonce"/g)).toHaveLength(3);
    // The states: the member's public fields, never the e-mail; `<` escaped inside the script.
    expect(html).toContain('window.__borssnackPersonal={"viewer":{"id":"m1","nickname":"Anna\\u003c\\u0026\\u003e"');
    expect(html).not.toContain("anna@exempel.se");
    expect(statesOf(html)[VIEWER_PART]).toMatchObject({ id: "m1", nickname: "Anna<&>" });
    await get("/forum");
    expect(calls.renders).toBe(1);
  });

  it("sets each part the reader names, by name, and leaves the others generic", async () => {
    const { get } = await start({ reader: () => ({ "save:2": true }) });
    const html = await (await get("/forum")).text();
    expect(html).toContain('<p><button aria-pressed="false">Spara</button></p><p><button aria-pressed="true">Sparad</button></p>');
    expect(statesOf(html)["save:2"]).toBe(true);
  });

  it("gives the strings a loader marked one new value per answer, the same wherever they occur", async () => {
    const { get } = await start();
    const keys = await Promise.all([get("/forum"), get("/forum")].map(async (answer) => {
      const html = await (await answer).text();
      const inForm = /name="submitKey" value="([^"]+)\.top"/.exec(html)![1]!;
      expect(html).toContain(`{"submitKey":"${inForm}"}`);
      expect(html).not.toContain("k-1");
      return inForm;
    }));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("answers gzip clients with a body that reads as the plain one", async () => {
    const { get, base } = await start({ filler: "<p>lång text</p>".repeat(5000), reader: () => ({ "save:1": true, list: ["x"] }) });
    const plain = await (await get("/forum")).text();
    const zipped = await fetch(`${base}/forum`, { headers: { cookie: "borssnack.session_token=abc", "accept-encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    const raw = await new Promise<Buffer>((resolve) => {
      void import("node:http").then(({ get: httpGet }) =>
        httpGet(zipped.url, { headers: { cookie: "borssnack.session_token=abc", "accept-encoding": "gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve(Buffer.concat(chunks)));
        }),
      );
    });
    // The form key is new in every answer: compared without it.
    const same = (html: string) => html.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "KEY");
    expect(same(await zipped.text())).toBe(same(plain));
    expect(same(gunzipSync(raw).toString("utf8"))).toBe(same(plain));
    expect(plain).toContain("<main><ul><li>x</li></ul></main>");
  });

  it("leaves visitors, loader data, flash and fresh-write requests and other pages to the normal path", async () => {
    const { calls, get, base } = await start();
    expect(await (await fetch(`${base}/forum`)).text()).toBe("normal path"); // a visitor
    for (const [path, headers] of [
      ["/forum.data", {}],
      ["/forum/kategori/x/trad/y.data", {}],
      ["/forum/notifications.data", {}],
      ["/forum/konto", {}],
      ["/forum/bevakning", {}],
      ["/forum", { cookie: "borssnack.session_token=abc; borssnack_flash=x" }],
      ["/forum", { cookie: "borssnack.session_token=abc; borssnack_fresh=1" }],
    ] as const) {
      const answer = await get(path, headers);
      expect(await answer.text(), path).toBe("normal path");
    }
    expect(calls.renders).toBe(0);
  });

  it("sends a member the normal render when a reader says so, when no loader declared one, when a part is not in the page, and when logged out", async () => {
    const muting = { ...member, mutedIds: new Set(["a1"]) };
    const reader: PersonalReader<Viewer> = (viewer) => (viewer.mutedIds.has("a1") ? null : {});
    expect(await (await (await start({ viewer: muting, reader })).get("/forum")).text()).toBe("normal path");
    server?.close();
    expect(await (await (await start({ reader: null })).get("/forum")).text()).toBe("normal path");
    server?.close();
    expect(await (await (await start({ without: "list" })).get("/forum")).text()).toBe("normal path");
    server?.close();
    expect(await (await (await start({ viewer: null })).get("/forum")).text()).toBe("normal path");
  });

  it("renders a part once per render and state, and again for a new state", async () => {
    // As the member reads cache hands them out: the same array until a write empties it.
    let kept = ["Första", "Andra<"];
    const { calls, get } = await start({ reader: () => ({ list: kept }) });
    const first = await (await get("/forum/notifications")).text();
    const again = await Promise.all([get("/forum/notifications"), get("/forum/notifications", { "accept-encoding": "gzip" })]);
    const same = (html: string) => html.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "KEY");
    for (const answer of again) expect(same(await answer.text())).toBe(same(first));
    expect(first).toContain("<main><ul><li>Första</li><li>Andra&lt;</li></ul></main>");
    expect(calls.rendered.filter((name) => name === "list")).toHaveLength(2); // the generic one, and the member's
    expect(statesOf(first).list).toEqual(kept);
    kept = ["Ny", ...kept];
    const fresh = await (await get("/forum/notifications", { "accept-encoding": "gzip" })).text();
    expect(fresh).toContain("<main><ul><li>Ny</li><li>Första</li><li>Andra&lt;</li></ul></main>");
    expect(calls.rendered.filter((name) => name === "list")).toHaveLength(3);
  });

  it("renders a large state once per render and sends its JSON whole in gzip and plain answers", async () => {
    // A list whose JSON is over 4 KB, handed out as the same array until a write.
    const big = Array.from({ length: 400 }, (_, i) => `Notis ${i} <b>`);
    const { calls, get } = await start({ reader: () => ({ list: big, "save:2": true }) });
    const answers = await Promise.all([get("/forum/notifications"), get("/forum/notifications", { "accept-encoding": "gzip" }), get("/forum/notifications")]);
    const same = (html: string) => html.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "KEY");
    const texts = await Promise.all(answers.map((a) => a.text()));
    for (const text of texts) expect(same(text)).toBe(same(texts[0]!));
    expect(texts[0]).toContain(`<main><ul><li>Notis 0 &lt;b&gt;</li>`);
    expect(texts[0]).toContain('<p><button aria-pressed="false">Spara</button></p><p><button aria-pressed="true">Sparad</button></p>');
    expect(statesOf(texts[0]!)).toMatchObject({ list: big, "save:2": true });
    expect(calls.rendered.filter((name) => name === "list")).toHaveLength(2); // the generic one, and the member's once
  });

  it("renders a large state read anew for each answer once, by its JSON (a member's own thread list)", async () => {
    const { calls, get } = await start({ reader: () => ({ list: Array.from({ length: 400 }, (_, i) => `Tråd ${i}`) }) });
    const texts = await Promise.all([1, 2, 3].map(async () => (await get("/forum/notifications")).text()));
    for (const text of texts) expect(text).toContain("<main><ul><li>Tråd 0</li>");
    expect(calls.rendered.filter((name) => name === "list")).toHaveLength(2); // the generic one, and the member's once
  });

  it("tells the readers whether the render was made for the answer or kept (a kept search page is not counted)", async () => {
    const told: PersonalAnswer[] = [];
    const { calls, get } = await start({ reader: (_viewer, answer) => (told.push(answer), {}) });
    // Three at once: the first one's render answers all three; only it ran the page's queries.
    await Promise.all([get("/forum/sok?q=SEB"), get("/forum/sok?q=SEB"), get("/forum/sok?q=SEB")]);
    await get("/forum/sok?q=SEB");
    await get("/forum/sok?q=ABB");
    expect(calls.renders).toBe(2);
    expect(told.map((t) => t.fresh)).toEqual([true, false, false, false, true]);
    expect(told[0]!.ip).toMatch(/127\.0\.0\.1|::1/);
  });

  it("renders again after clear() (a write)", async () => {
    const { pages, calls, get } = await start();
    await get("/forum");
    pages.clear();
    await get("/forum");
    expect(calls.renders).toBe(2);
  });
});
