/**
 * The fragment cache (issue 21): a cached list's HTML equals what the page's own render makes
 * (fetcher forms' actions with the query, links, route params), is reused for the same content,
 * and is rendered again when the content, the URL or the minute changes.
 */
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, Link, StaticRouterProvider, useFetcher, useParams } from "react-router";
import { describe, expect, it } from "vitest";
import { CachedList, FragmentRendererContext } from "./fragment";
import { createFragmentCache } from "./fragment.server";

function Item({ id, mine }: { id: string; mine: boolean }) {
  const fetcher = useFetcher();
  const { threadId } = useParams();
  return h(
    "li",
    null,
    h(Link, { to: `/forum/kommentar/${id}` }, `Kommentar ${id} i ${threadId}`),
    h(fetcher.Form, { method: "post" }, h("button", { type: "submit", "aria-pressed": mine }, "Bullish")),
  );
}

function Page({ items }: { items: { id: string; mine: boolean }[] }) {
  return h(
    "main",
    null,
    h("h1", null, "Tråd"),
    h(CachedList, { name: "test", keyParts: items, className: "space-y-3" }, items.map((item) => h(Item, { key: item.id, ...item }))),
  );
}

async function renderPage(url: string, items: { id: string; mine: boolean }[], cache?: ReturnType<typeof createFragmentCache>) {
  const routes = [{ id: "routes/thread", path: "/forum/kategori/:categoryId/trad/:threadId", element: h(Page, { items }), action: () => null }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  const tree = h(StaticRouterProvider, { router, context, hydrate: false });
  return renderToString(cache ? h(FragmentRendererContext.Provider, { value: cache.render }, tree) : tree);
}

const url = "http://localhost/forum/kategori/c1/trad/t1?sida=2";
const items = [
  { id: "a", mine: false },
  { id: "b", mine: true },
];

describe("CachedList with the fragment cache", () => {
  it("makes the same HTML as rendering in place: links, forms with the page's action and query, params", async () => {
    const inPlace = await renderPage(url, items);
    const cache = createFragmentCache();
    const cached = await renderPage(url, items, cache);
    expect(cached).toBe(inPlace);
    expect(cached).toContain('action="/forum/kategori/c1/trad/t1?sida=2"');
    expect(cached).toContain("Kommentar b i t1");
    expect(cached).toContain('aria-pressed="true"');
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 1, entries: 1 });
  });

  it("reuses a render for the same content and renders again when the content, the URL or the minute changes", async () => {
    let now = Date.UTC(2026, 10, 26, 12, 0, 10);
    const cache = createFragmentCache({ now: () => now });
    await renderPage(url, items, cache);
    await renderPage(url, items, cache);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1 });

    // Another member's own reaction is part of the content.
    const other = await renderPage(url, [items[0]!, { id: "b", mine: false }], cache);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 2 });
    expect(other).not.toContain('aria-pressed="true"');

    // Page 1 of the same thread: its forms post to another URL.
    const first = await renderPage("http://localhost/forum/kategori/c1/trad/t1", items, cache);
    expect(cache.stats()).toMatchObject({ misses: 3 });
    expect(first).toContain('action="/forum/kategori/c1/trad/t1"');

    // Relative times: at most one minute old.
    now += 60_000;
    await renderPage(url, items, cache);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 4 });
  });

  it("keeps its total size under the bound, dropping the least recently used", async () => {
    const cache = createFragmentCache({ maxBytes: 4_000 });
    for (let i = 0; i < 20; i += 1) await renderPage(url, [{ id: `x${i}`, mine: false }], cache);
    expect(cache.stats().bytes).toBeLessThanOrEqual(4_000);
    expect(cache.stats().entries).toBeLessThan(20);
  });
});
