/**
 * The first paint of a thread page, read from a client build's route manifest
 * (`assets/manifest-*.js`): the entry and the routes `root`, `routes/forum-layout` and
 * `routes/thread`, each with its flattened static `imports` and `css` — the set `threadPageAssets`
 * in `bench/run.ts` measures. The manifest file itself is not counted: with React Router's lazy
 * route discovery (the default with server rendering) the page's own routes are in its HTML and
 * the browser never fetches the file (seen in Chromium, 2026-11-26). What the page loads after
 * the first paint by itself is measured in a browser (bench/first-visit-js.ts).
 *
 * @module
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sentGzipSize } from "../../scripts/precompress-plugin";

/** One downloaded file: its URL path and its size in bytes, raw and as sent to a gzip client (the build's Zopfli copy). */
export interface Chunk {
  file: string;
  raw: number;
  gzip: number;
}

/** The route ids whose modules a thread page loads (besides the entry). */
export const THREAD_PAGE_ROUTES = ["root", "routes/forum-layout", "routes/thread"] as const;

/**
 * Lists the thread page's JS and CSS files with their sizes.
 *
 * @param clientDir - the client build folder (`<BUILD_DIR>/client`)
 * @returns `js` and `css`, each one {@link Chunk} per file
 * @throws Error when the folder has no `assets/manifest-*.js` or it lacks a thread-page route
 */
export function threadPageChunks(clientDir: string): { js: Chunk[]; css: Chunk[] } {
  const manifestFile = readdirSync(path.join(clientDir, "assets")).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!manifestFile) throw new Error(`no assets/manifest-*.js in ${clientDir}`);
  const text = readFileSync(path.join(clientDir, "assets", manifestFile), "utf8");
  type Entry = { module: string; imports?: string[]; css?: string[] };
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    entry: Entry;
    routes: Record<string, Entry>;
  };
  const js = new Set<string>();
  const css = new Set<string>();
  for (const e of [manifest.entry, ...THREAD_PAGE_ROUTES.map((id) => manifest.routes[id])]) {
    if (!e) throw new Error("the route manifest lacks a thread-page route");
    js.add(e.module);
    for (const f of e.imports ?? []) js.add(f);
    for (const f of e.css ?? []) css.add(f);
  }
  const sizes = (files: Set<string>) =>
    [...files].map((file) => {
      const buf = readFileSync(path.join(clientDir, file));
      return { file, raw: buf.length, gzip: sentGzipSize(path.join(clientDir, file)) };
    });
  return { js: sizes(js), css: sizes(css) };
}
