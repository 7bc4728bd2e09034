/**
 * Guards the layer arrows of docs/architecture.md: `domain/` imports neither `app/` nor
 * `server/`; `server/` never imports `app/`; components and browser helpers reach the server only
 * through their route's loader data (types from `domain/views.ts`); and there is no import cycle among the modules of
 * `domain/` and `server/` (type-only imports count: a cycle of types is still a knot to untie).
 */
import { describe, expect, it } from "vitest";
import { relativeImports, sourceFiles } from "./source-files";

const files = sourceFiles(["domain", "server", "app"], { tests: true });
const known = new Set(files.map((f) => f.path));
const graph = new Map(files.map((f) => [f.path, relativeImports(f, (p) => known.has(p))]));
const layer = (p: string) => p.split("/")[0]!;

describe("layers", () => {
  it("domain/ imports nothing from app/ or server/", () => {
    const wrong = [...graph].flatMap(([from, tos]) =>
      layer(from) === "domain" ? tos.filter((to) => layer(to) !== "domain").map((to) => `${from} → ${to}`) : [],
    );
    expect(wrong).toEqual([]);
  });

  it("server/ imports nothing from app/", () => {
    const wrong = [...graph].flatMap(([from, tos]) =>
      layer(from) === "server" ? tos.filter((to) => layer(to) === "app").map((to) => `${from} → ${to}`) : [],
    );
    expect(wrong).toEqual([]);
  });

  it("components and browser helpers (app/components, app/lib) import nothing from server/", () => {
    const wrong = [...graph].flatMap(([from, tos]) =>
      /^app\/(components|lib)\//.test(from) ? tos.filter((to) => layer(to) === "server").map((to) => `${from} → ${to}`) : [],
    );
    expect(wrong).toEqual([]);
  });

  it("no import cycle among the modules of domain/ and server/", () => {
    const inScope = (p: string) => (layer(p) === "domain" || layer(p) === "server") && !/\.test\.tsx?$/.test(p);
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const stack: string[] = [];
    const visit = (node: string) => {
      state.set(node, "open");
      stack.push(node);
      for (const next of (graph.get(node) ?? []).filter(inScope)) {
        if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next].join(" → "));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(node, "done");
    };
    for (const node of [...graph.keys()].filter(inScope)) if (!state.has(node)) visit(node);
    expect(cycles).toEqual([]);
  });

  it("the guard sees the imports it checks (a known arrow is found)", () => {
    expect(graph.get("server/db/schema.ts")).toContain("domain/values.ts");
  });
});
