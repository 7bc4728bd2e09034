/**
 * Prints the JavaScript and CSS a first visit to the thread page downloads, per chunk, gzip-summed
 * exactly like `threadPageAssets` in `bench/run.ts` (entry + routes `root`, `routes/forum-layout`,
 * `routes/thread` with their flattened static imports and CSS; the route manifest file is not
 * fetched by the page).
 *
 * ```sh
 * BUILD_DIR=build-js npx react-router build && BUILD_DIR=build-js npx tsx scripts/thread-page-js.ts
 * ```
 *
 * @module
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { threadPageChunks } from "../tests/build/thread-page-assets";

const root = fileURLToPath(new URL("..", import.meta.url));
const { js, css } = threadPageChunks(path.join(root, process.env.BUILD_DIR ?? "build", "client"));
const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);
for (const c of [...js].sort((a, b) => b.gzip - a.gzip)) console.log(`${kb(c.gzip)} KiB gz ${kb(c.raw)} KiB  ${c.file}`);
const sum = (list: typeof js, key: "gzip" | "raw") => list.reduce((s, c) => s + c[key], 0);
console.log(`JS  ${js.length} files: ${kb(sum(js, "gzip"))} KiB gzip (${kb(sum(js, "raw"))} KiB raw)`);
console.log(`CSS ${css.length} files: ${kb(sum(css, "gzip"))} KiB gzip (${kb(sum(css, "raw"))} KiB raw)`);
