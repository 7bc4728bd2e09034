/**
 * The shared member render's middleware (server/cache/member-pages.ts) with a stand-in
 * for React Router: who gets it, one render for many members, the member's parts set in the
 * markup, gzip answers that read as the plain ones, and writes emptying it. The real pages are
 * compared with the member's own render in tests/e2e/shared-member-render.spec.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { gunzipSync } from "node:zlib";
import { createMemberPages } from "./member-pages";
import { reportManifest, type PageManifest } from "../personal/generic-render";
import type { Viewer } from "../session";
import type { PersonalOverlay } from "../../domain/personal-overlay";
import type { NotificationItem } from "../../domain/notifications";

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
};

/** A page as the build would render it for the generic member, with this render's nonce. */
function page(nonce: string, filler = ""): string {
  return (
    `<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head><body>` +
    `<button><span aria-hidden="true" class="contents" data-personal="avatar"><span class="avatar">G</span></span>` +
    `<span class="max-w-40 truncate" data-personal="nickname"></span></button>${filler}` +
    `<script nonce="${nonce}">window.__reactRouterContext={}</script></body></html>`
  );
}

let server: Server | undefined;
afterEach(() => server?.close());

async function start(
  options: {
    manifest?: PageManifest | null;
    viewer?: Viewer | null;
    filler?: string;
    overlay?: (viewer: Viewer, rendered: boolean) => Omit<PersonalOverlay, "viewer">;
  } = {},
) {
  const calls = { renders: 0, next: 0, lists: 0 };
  const pages = createMemberPages({
    render: async (request, nonce) => {
      calls.renders += 1;
      await new Promise((r) => setTimeout(r, 20));
      if (options.manifest !== null) reportManifest(request, options.manifest ?? { kind: "list", authorIds: ["a1"], search: false });
      return new Response(page(nonce, options.filler), { headers: { "content-type": "text/html" } });
    },
    viewer: async () => (options.viewer === undefined ? member : options.viewer),
    overlay: async (viewer, manifest, _ip, rendered) =>
      options.overlay?.(viewer, rendered) ?? (manifest.kind === "list" && manifest.authorIds.some((id) => viewer.mutedIds.has(id)) ? null : {}),
    avatarMarkup: (viewer) => `<span class="avatar">${viewer.nickname.slice(0, 1)}</span>`,
    followClasses: ["primary", "secondary"],
    ownActions: "<div>menu</div>",
    notificationList: (items) => (calls.lists++, `<ul>${items.map((item) => `<li>${item.title}</li>`).join("")}</ul>`),
  });
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = "answer-nonce";
    next();
  });
  app.use(pages.middleware);
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

describe("shared member render middleware", () => {
  it("renders once for many members and sets the member's header, nonce and overlay", async () => {
    const { calls, get } = await start();
    const answers = await Promise.all(Array.from({ length: 5 }, () => get("/forum")));
    expect(calls.renders).toBe(1);
    const html = await answers[0]!.text();
    expect(answers[0]!.headers.get("x-cache")).toBe("SHARED");
    expect(answers[0]!.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html).toContain('data-personal="nickname">Anna&lt;&amp;&gt;</span>');
    expect(html).toContain('data-personal="avatar"><span class="avatar">A</span></span>');
    expect(html).not.toContain("data-personal=\"nickname\"></span>");
    expect(html.match(/nonce="answer-nonce"/g)).toHaveLength(3);
    // The overlay: the member's public fields, never the e-mail; `<` escaped inside the script.
    expect(html).toContain('window.__borssnackPersonal={"viewer":{"id":"m1","nickname":"Anna\\u003c\\u0026\\u003e"');
    expect(html).not.toContain("anna@exempel.se");
    await get("/forum");
    expect(calls.renders).toBe(1);
  });

  it("answers gzip clients with a body that reads as the plain one", async () => {
    const { get, base } = await start({ filler: "<p>lång text</p>".repeat(5000) });
    const plain = await (await get("/forum")).text();
    const zipped = await fetch(`${base}/forum`, { headers: { cookie: "borssnack.session_token=abc", "accept-encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    // fetch has already gunzipped it.
    expect(await zipped.text()).toBe(plain);
    const raw = await new Promise<Buffer>((resolve) => {
      void import("node:http").then(({ get: httpGet }) =>
        httpGet(zipped.url, { headers: { cookie: "borssnack.session_token=abc", "accept-encoding": "gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve(Buffer.concat(chunks)));
        }),
      );
    });
    expect(gunzipSync(raw).toString("utf8")).toBe(plain);
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

  it("sends a member the normal render when the overlay says so, when no page manifest came, and when logged out", async () => {
    const muting = { ...member, mutedIds: new Set(["a1"]) };
    expect(await (await (await start({ viewer: muting })).get("/forum")).text()).toBe("normal path");
    server?.close();
    expect(await (await (await start({ manifest: null })).get("/forum")).text()).toBe("normal path");
    server?.close();
    expect(await (await (await start({ viewer: null })).get("/forum")).text()).toBe("normal path");
  });

  it("sets the member's own notification list into the notifications page, in the markup and the overlay", async () => {
    const item = (title: string): NotificationItem => ({
      id: title,
      seq: 1,
      type: "new_comment",
      title,
      actorNickname: "B",
      read: false,
      createdAt: "2026-11-26T10:00:00.000Z",
      href: "/forum",
      count: 1,
    });
    const notificationsPage = {
      manifest: { kind: "notifications" } as const,
      filler: '<main><div hidden="" data-personal="notifications"></div></main>',
      overlay: (v: Viewer) => ({ notifications: [item(`Till ${v.id}`)] }),
    };
    const { calls, get } = await start(notificationsPage);
    const answer = await get("/forum/notifications");
    expect(answer.headers.get("x-cache")).toBe("SHARED");
    const html = await answer.text();
    expect(html).toContain("<main><ul><li>Till m1</li></ul></main>");
    expect(html).not.toContain('data-personal="notifications"');
    expect(html).toContain('"notifications":[{"id":"Till m1"');
    const zipped = await get("/forum/notifications", { "accept-encoding": "gzip" });
    expect(await zipped.text()).toBe(html);
    expect(calls.renders).toBe(1);
    server?.close();
    // A render without the list's place (another build): the normal path, never an empty list.
    const other = await start({ ...notificationsPage, filler: "<main></main>" });
    expect(await (await other.get("/forum/notifications")).text()).toBe("normal path");
  });

  it("renders a member's notification list once per list read, and again for a new read", async () => {
    const item = (title: string, read = false): NotificationItem => ({
      id: title,
      seq: 1,
      type: "new_comment",
      title,
      actorNickname: "B<",
      read,
      createdAt: "2026-11-26T10:00:00.000Z",
      href: "/forum",
      count: 1,
    });
    // As the member reads cache hands them out: the same array until a write empties it.
    let kept = [item("Första"), item("Andra", true)];
    const { calls, get } = await start({
      manifest: { kind: "notifications" },
      filler: '<main><div hidden="" data-personal="notifications"></div></main>',
      overlay: () => ({ notifications: kept }),
    });
    const first = await (await get("/forum/notifications")).text();
    const again = await Promise.all([get("/forum/notifications"), get("/forum/notifications", { "accept-encoding": "gzip" })]);
    for (const answer of again) expect(await answer.text()).toBe(first);
    expect(calls.lists).toBe(1);
    expect(first).toContain("<main><ul><li>Första</li><li>Andra</li></ul></main>");
    // The overlay is one JSON object with the member and the same items, `<` escaped.
    const script = /window\.__borssnackPersonal=(.*?)<\/script>/.exec(first)![1]!;
    const overlay = JSON.parse(script) as PersonalOverlay;
    expect(overlay.viewer.nickname).toBe("Anna<&>");
    expect(overlay.notifications).toEqual(kept);
    expect(script).not.toContain("<");
    // A new read (a new notification emptied the cache): the new list, rendered once more.
    kept = [item("Ny"), ...kept];
    const fresh = await (await get("/forum/notifications", { "accept-encoding": "gzip" })).text();
    expect(fresh).toContain("<main><ul><li>Ny</li><li>Första</li><li>Andra</li></ul></main>");
    expect(calls.lists).toBe(2);
  });

  it("tells the overlay whether the render was made for the request or kept (a kept search page is not counted)", async () => {
    const told: boolean[] = [];
    const { calls, get } = await start({ overlay: (_viewer, rendered) => (told.push(rendered), {}) });
    // Three at once wait for the one render: each was made for them.
    await Promise.all([get("/forum/sok?q=SEB"), get("/forum/sok?q=SEB"), get("/forum/sok?q=SEB")]);
    await get("/forum/sok?q=SEB");
    await get("/forum/sok?q=ABB");
    expect(calls.renders).toBe(2);
    expect(told).toEqual([true, true, true, false, true]);
  });

  it("renders again after clear() (a write)", async () => {
    const { pages, calls, get } = await start();
    await get("/forum");
    pages.clear();
    await get("/forum");
    expect(calls.renders).toBe(2);
  });
});
