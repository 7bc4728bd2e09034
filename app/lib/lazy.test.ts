/**
 * Lazily loaded components: once their module has loaded they render without
 * suspending — what lets a member's page hydrate its member-only parts exactly as the server drew
 * them, and the server render them in `renderToString`.
 */
import { createElement, Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyModule, memberModule, hydrationPartsReady } from "./lazy";

const Hello = ({ name }: { name: string }) => createElement("b", null, `Hej ${name}`);

describe("lazyModule", () => {
  it("renders a loaded module's component synchronously, without a Suspense boundary", async () => {
    let loads = 0;
    const mod = lazyModule(async () => (loads++, { Hello }));
    const Lazy = mod.component((m) => m.Hello);
    await mod.preload();
    expect(renderToString(createElement(Lazy, { name: "Åsa" }))).toBe("<b>Hej Åsa</b>");
    expect(loads).toBe(1);
  });

  it("suspends before the module has loaded (the fallback shows)", () => {
    const mod = lazyModule(() => new Promise<{ Hello: typeof Hello }>(() => {}));
    const Lazy = mod.component((m) => m.Hello);
    const html = renderToString(createElement(Suspense, { fallback: createElement("i", null, "…") }, createElement(Lazy, { name: "Åsa" })));
    expect(html).toContain("<i>…</i>");
    expect(html).not.toContain("Hej");
  });

  it("tries a failed load again on the next preload", async () => {
    let attempt = 0;
    const mod = lazyModule(async () => {
      attempt++;
      if (attempt === 1) throw new Error("nätverksfel");
      return { Hello };
    });
    await expect(mod.preload()).rejects.toThrow("nätverksfel");
    await expect(mod.preload()).resolves.toEqual({ Hello });
  });
});

describe("memberModule on the server", () => {
  it("starts loading at once, so every render after hydrationPartsReady() is synchronous", async () => {
    let started = false;
    const mod = memberModule(async () => ((started = true), { Hello }));
    const Lazy = mod.component((m) => m.Hello);
    expect(started).toBe(true);
    await hydrationPartsReady();
    expect(renderToString(createElement(Lazy, { name: "Maja" }))).toBe("<b>Hej Maja</b>");
  });
});
