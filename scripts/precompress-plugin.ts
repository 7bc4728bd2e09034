/**
 * Pre-compressed copies of the browser build's scripts and style sheets (the JavaScript
 * a first visit downloads). After the build, each `build/client/assets/*.js|css` gets a `.gz`
 * written by Zopfli (`@gfx/zopfli`: gzip that every client can read, 3–4 % smaller than zlib's
 * best level; measured on the thread page's first visit, 138.1 → 133.7 KiB) and a `.br` at
 * Brotli's best quality (11). `server.js` sends them with `express-static-gzip` by the request's
 * `Accept-Encoding` (Brotli first), instead of compressing each request's copy at level 1 as the
 * `compression` middleware does for pages (fast for pages, but 5–10 % larger files than level 6).
 *
 * A copy is written only when it is smaller than the file. Zopfli is slow (≈ 1 s per 100 KB):
 * the files are compressed in parallel on every core.
 *
 * @module
 */
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { existsSync, statSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { brotliCompressSync, constants as zlibConstants } from "node:zlib";
import type { Plugin } from "vite";

/** Files that get compressed copies. */
const COMPRESSIBLE = /\.(js|css)$/;

/** Zopfli iterations (its default, 15: more gains < 0.1 %, costs time linearly). */
export const ZOPFLI_ITERATIONS = 15;

/**
 * Zopfli in a worker thread: gets `{ file }` messages, answers `{ file, gz }` (the gzip bytes)
 * or `{ file, error }`. Inline source so the plugin needs no separate build step.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { readFileSync } = require("node:fs");
const { gzipAsync } = require(workerData.zopfli);
parentPort.on("message", async ({ file }) => {
  try {
    const gz = await gzipAsync(readFileSync(file), { numiterations: workerData.iterations });
    parentPort.postMessage({ file, gz });
  } catch (error) {
    parentPort.postMessage({ file, error: String(error) });
  }
});
`;

/**
 * Writes `<file>.gz` (Zopfli) and `<file>.br` (Brotli 11) next to every script and style sheet in
 * `dir` (not recursive).
 *
 * @param dir the folder, e.g. `build/client/assets`
 * @returns how many files got copies and their sizes in bytes: raw, gzip and Brotli in total
 * @throws when a file cannot be read or written, or Zopfli fails
 */
export async function precompressDir(dir: string): Promise<{ files: number; raw: number; gz: number; br: number }> {
  const names = (await readdir(dir)).filter((name) => COMPRESSIBLE.test(name));
  const files = names.map((name) => path.join(dir, name));
  const totals = { files: 0, raw: 0, gz: 0, br: 0 };
  if (files.length === 0) return totals;

  const zopfli = createRequire(import.meta.url).resolve("@gfx/zopfli");
  const workers = Array.from(
    { length: Math.max(1, Math.min(availableParallelism(), files.length)) },
    () => new Worker(WORKER_SOURCE, { eval: true, workerData: { zopfli, iterations: ZOPFLI_ITERATIONS } }),
  );
  // Largest first, so the long ones do not come last.
  const sizes = new Map(await Promise.all(files.map(async (file) => [file, (await readFile(file)).length] as const)));
  const queue = [...files].sort((a, b) => sizes.get(b)! - sizes.get(a)!);
  try {
    await Promise.all(
      workers.map(async (worker) => {
        for (let file = queue.shift(); file; file = queue.shift()) {
          const answer = await new Promise<{ gz?: Uint8Array; error?: string }>((resolve) => {
            worker.once("message", resolve);
            worker.postMessage({ file });
          });
          if (answer.error || !answer.gz) throw new Error(`Zopfli: ${file}: ${answer.error}`);
          const raw = await readFile(file);
          const br = brotliCompressSync(raw, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          });
          totals.files += 1;
          totals.raw += raw.length;
          if (answer.gz.length < raw.length) {
            await writeFile(`${file}.gz`, answer.gz);
            totals.gz += answer.gz.length;
          } else totals.gz += raw.length;
          if (br.length < raw.length) {
            await writeFile(`${file}.br`, br);
            totals.br += br.length;
          } else totals.br += raw.length;
        }
      }),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return totals;
}

/**
 * The plugin: after the whole build, compresses the client build's assets.
 *
 * @returns a Vite plugin (build only)
 */
export function precompress(): Plugin {
  let root = process.cwd();
  return {
    name: "borssnack-precompress",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    buildApp: {
      order: "post",
      async handler(builder) {
        const client = builder.environments.client;
        if (!client) return;
        const dir = path.resolve(root, client.config.build.outDir, "assets");
        const started = Date.now();
        const { files, raw, gz, br } = await precompressDir(dir);
        const kb = (n: number) => `${Math.round(n / 1024)} kB`;
        client.logger.info(`Precompressed ${files} files: ${kb(raw)} → gzip ${kb(gz)}, brotli ${kb(br)} (${Date.now() - started} ms)`);
      },
    },
  };
}

/**
 * What the server sends for a build file to a client that accepts only gzip: its Zopfli copy's
 * size when the build wrote one, else the file's own size (a copy is missing only when it would
 * not be smaller).
 *
 * @param file path of a file in the client build, e.g. `build/client/assets/root-x.js`
 * @returns bytes
 * @throws when the file does not exist
 */
export function sentGzipSize(file: string): number {
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : statSync(file).size;
}
