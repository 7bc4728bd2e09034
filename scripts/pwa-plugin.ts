/**
 * Vite plugin for the installable app (docs/decisions/027-installable-app.md).
 *
 * After `react-router build` has built the client and the server (`buildApp`, order "post"), it
 * writes into the client build folder (`build/client`, or `$BUILD_DIR/client`):
 * - `manifest.webmanifest` and `offline.html` (from `app/pwa/manifest.ts`, Swedish catalogue texts);
 * - `sw.js`: `app/pwa/service-worker.ts` bundled by Vite into one classic script, then Workbox's
 *   `injectManifest` puts the precache list in it: the hashed `assets/*.js|css|woff2`, the icons
 *   and the offline page — never a page, an API answer or an upload.
 *
 * Under `npm run dev` it serves the manifest and the offline page from memory (the dev server
 * registers no worker: `app/pwa/register.ts`).
 *
 * @module
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { build, runnerImport, type Plugin } from "vite";
import { injectManifest } from "workbox-build";

/** `app/pwa/manifest.ts`, loaded through Vite's module runner (it imports the catalogue). */
type PwaModule = typeof import("../app/pwa/manifest");

/** Where the worker is served (the site root); mirrors `PWA_PATHS` of `app/pwa/manifest.ts`. */
const SW_FILE = "sw.js";

async function loadPwaModule(root: string): Promise<PwaModule> {
  const { module } = await runnerImport<PwaModule>(path.join(root, "app/pwa/manifest.ts"), { configFile: false, root, logLevel: "warn" });
  return module;
}

/** Files of the client build the worker precaches (globs relative to `build/client`). */
export const PRECACHE_GLOBS = ["assets/**/*.{js,css,woff2}", "icons/*.png", "offline.html"];

/**
 * Writes the manifest, the offline page and the service worker into a client build folder.
 *
 * @param clientDir absolute path of the client build (`build/client`)
 * @param root project folder (where `app/pwa/service-worker.ts` is)
 * @returns number of precached files and their total size in bytes
 * @throws when bundling fails or Workbox reports a warning (e.g. a glob that matched nothing)
 */
export async function writePwaFiles(clientDir: string, root: string): Promise<{ count: number; size: number }> {
  const { offlinePageHtml, PWA_PATHS, webManifest } = await loadPwaModule(root);
  await writeFile(path.join(clientDir, PWA_PATHS.manifest.slice(1)), `${JSON.stringify(webManifest(), null, 2)}\n`);
  await writeFile(path.join(clientDir, PWA_PATHS.offlinePage.slice(1)), offlinePageHtml());
  const tmp = await mkdtemp(path.join(tmpdir(), "borssnack-sw-"));
  try {
    await build({
      configFile: false,
      root,
      logLevel: "warn",
      publicDir: false,
      define: { "process.env.NODE_ENV": JSON.stringify("production"), "import.meta.env.PROD": "true" },
      build: {
        outDir: tmp,
        emptyOutDir: true,
        copyPublicDir: false,
        minify: true,
        sourcemap: false,
        lib: { entry: path.join(root, "app/pwa/service-worker.ts"), formats: ["iife"], name: "borssnackServiceWorker", fileName: () => "sw.js" },
      },
    });
    const swSrc = path.join(tmp, "sw.js");
    const swDest = path.join(clientDir, SW_FILE);
    const { count, size, warnings } = await injectManifest({
      swSrc,
      swDest,
      globDirectory: clientDir,
      globPatterns: PRECACHE_GLOBS,
      // Hashed file names change with their content: no revision query needed.
      dontCacheBustURLsMatching: /^assets\//,
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    });
    if (warnings.length > 0) throw new Error(`Workbox: ${warnings.join("; ")}`);
    // Sanity: the worker must not name a page or API path in its precache list.
    const text = await readFile(swDest, "utf8");
    if (/"url":"\/?(api|auth|uploads)\//.test(text)) throw new Error("sw.js would precache API or upload URLs");
    return { count, size };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/**
 * The plugin: builds the PWA files after the app build; serves manifest and offline page in dev.
 *
 * @returns a Vite plugin
 */
export function pwa(): Plugin {
  let root = process.cwd();
  return {
    name: "borssnack-pwa",
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? "").split("?")[0];
        if (url !== "/manifest.webmanifest" && url !== "/offline.html") return next();
        server
          .ssrLoadModule("/app/pwa/manifest.ts")
          .then((mod) => {
            const { offlinePageHtml, PWA_PATHS, webManifest } = mod as PwaModule;
            if (url === PWA_PATHS.manifest) {
              res.setHeader("Content-Type", "application/manifest+json; charset=utf-8");
              res.end(JSON.stringify(webManifest()));
            } else {
              res.setHeader("Content-Type", "text/html; charset=utf-8");
              res.end(offlinePageHtml());
            }
          })
          .catch(next);
      });
    },
    buildApp: {
      order: "post",
      async handler(builder) {
        const client = builder.environments.client;
        if (!client) return;
        const clientDir = path.resolve(root, client.config.build.outDir);
        const { count, size } = await writePwaFiles(clientDir, root);
        client.logger.info(`PWA: sw.js precaches ${count} files (${Math.round(size / 1024)} kB)`);
      },
    },
  };
}
