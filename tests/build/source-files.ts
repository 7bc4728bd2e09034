/**
 * The project's own TypeScript sources, read once, for the guard tests of `tests/build/`.
 *
 * @module
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The repository root. */
export const root = path.resolve(import.meta.dirname, "../..");

/** One source file: repository-relative path with `/` separators, and its text. */
export interface SourceFile {
  path: string;
  text: string;
}

const SKIP = new Set(["node_modules", "build", "data", ".react-router", "test-results", ".git", "migrations"]);

/**
 * Every `.ts`/`.tsx` file under the given top-level folders.
 *
 * @param folders e.g. `["app", "server", "domain"]`
 * @param options.tests include `*.test.ts` files (default false)
 * @returns the files, sorted by path
 */
export function sourceFiles(folders: string[], options: { tests?: boolean } = {}): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (SKIP.has(entry.name) || entry.name.startsWith("build-")) continue;
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        if (!options.tests && /\.(test|spec)\.tsx?$/.test(entry.name)) continue;
        out.push({ path: rel, text: readFileSync(path.join(root, rel), "utf8") });
      }
    }
  };
  for (const folder of folders) walk(folder);
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * The repository-relative files a source file imports by relative path (static `import`/`export
 * … from` and dynamic `import()`), resolved to existing `.ts`/`.tsx`/`.js`/`.mjs` files.
 *
 * @param file the importing file
 * @param exists predicate over repository-relative paths
 * @returns the imported paths (packages and unresolved specifiers are left out)
 */
export function relativeImports(file: SourceFile, exists: (rel: string) => boolean): string[] {
  const out: string[] = [];
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["'](\.{1,2}\/[^"']+)["']/gm;
  for (const m of file.text.matchAll(re)) {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(file.path), m[1]!));
    const hit = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find(exists);
    if (hit) out.push(hit);
  }
  return out;
}
