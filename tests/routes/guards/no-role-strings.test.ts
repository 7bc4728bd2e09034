/**
 * Guard ("permissions decided once"): outside `domain/roles.ts`, no source file in
 * `app/`, `server/` or `domain/` compares against a role name. Pages read the `can` objects their
 * loaders return (`domain/policy/*`); the server asks the same policies. A new `viewer.role ===
 * "admin"` in a component — the UI re-deriving a permission — fails here.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** The one file allowed to compare role names: where the predicates live. */
const ALLOWED = new Set(["domain/roles.ts"]);

/**
 * A comparison with a role name: `=== "admin"`, `"moderator" !==`, `role === "member"` (a bare
 * "member" is also a search-result kind, so only next to a role-ish name), `.role ===` /
 * `.roleId ===` with anything, and `case "admin":`.
 */
const PATTERNS = [
  /(===|!==|==|!=)\s*["'](admin|moderator)["']/,
  /["'](admin|moderator)["']\s*(===|!==|==|!=)/,
  /role\w*\s*(===|!==|==|!=)\s*["']member["']/i,
  /["']member["']\s*(===|!==|==|!=)\s*\w*role/i,
  /\.role(Id)?\s*(===|!==|==|!=)/,
  /(===|!==|==|!=)\s*\w+\.role(Id)?\b/,
  /case\s+["'](admin|moderator|member)["']\s*:/,
];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".") || name === "+types") continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

/**
 * The offending lines of the given files.
 *
 * @param files absolute paths
 * @returns `path:line: text` for each line matching a pattern, paths relative to the repository
 */
function roleComparisons(files: string[]): string[] {
  const hits: string[] = [];
  for (const file of files) {
    const rel = path.relative(ROOT, file).split(path.sep).join("/");
    if (ALLOWED.has(rel)) continue;
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (PATTERNS.some((p) => p.test(line))) hits.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
  }
  return hits;
}

describe("no role-string comparisons outside domain/roles.ts", () => {
  it("app/, server/ and domain/ ask the policies instead", () => {
    const files = ["app", "server", "domain"].flatMap((d) => sourceFiles(path.join(ROOT, d)));
    expect(files.length).toBeGreaterThan(100);
    expect(roleComparisons(files)).toEqual([]);
  });

  it("recognises the comparisons it forbids, and not a search-result kind", () => {
    const probe = (line: string) => PATTERNS.some((p) => p.test(line));
    expect(probe(`{viewer.role === "admin" ? (`)).toBe(true);
    expect(probe(`viewer.role !== "member" || viewer.id === authorId`)).toBe(true);
    expect(probe(`profile.roleId === "moderator"`)).toBe(true);
    expect(probe(`if (role === "moderator")`)).toBe(true);
    expect(probe(`case "admin":`)).toBe(true);
    expect(probe(`{result.kind !== "member" ? (`)).toBe(false);
    expect(probe(`await requireRole(services, request, "moderator");`)).toBe(false);
  });
});
