#!/usr/bin/env node
/**
 * Starts Börssnack: `node server.js` serves the production build (`npm run build` first);
 * `node --conditions=development server.js --dev` (`npm run dev`) serves the app through Vite with
 * hot reload. The condition makes Node load React Router's development build, the one Vite gives
 * the app's own modules; without it `@react-router/express` got the production build and every page
 * answered 500 (two copies of `RouterContextProvider`; server/http/dev-server.test.ts).
 *
 * BUILD_DIR (default "build") names the build folder.
 * Configuration comes from the environment (see server/platform/config.ts and README.md). The operator's
 * NODE_ENV decides how strict configuration is (production: every variable required); the
 * compiled app always runs React's production build.
 */
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { constants as zlibConstants } from "node:zlib";

const dev = process.argv.includes("--dev");
/**
 * A module this file reads before the build (server/platform/memory-settings.ts, server/platform/web-concurrency.ts):
 * the build's plain JavaScript copy when there is one (scripts/server-boot-plugin.ts), so the
 * process does not load Node's type stripping (17 MiB); else the TypeScript file.
 */
function bootModule(name) {
  const built = path.resolve(fileURLToPath(new URL(".", import.meta.url)), process.env.BUILD_DIR ?? "build", "server/boot", `${name}.mjs`);
  return !dev && existsSync(built) ? pathToFileURL(built).href : `./server/platform/${name}.ts`;
}
// The heap flags and allocator settings every server process runs with
// (server/platform/memory-settings.ts, docs/decisions/041-memory-settings.md) must be there when the
// process starts: without them, this process becomes itself again with them (`process.execve`:
// same pid and arguments). A cluster's workers inherit them.
if (!dev && cluster.isPrimary && typeof process.execve === "function") {
  const { memorySettings } = await import(bootModule("memory-settings"));
  const settings = memorySettings({ execPath: process.execPath, execArgv: process.execArgv, argv: process.argv.slice(1), env: process.env });
  if (settings.restart) process.execve(process.execPath, settings.argv, settings.env);
}
// WEB_CONCURRENCY (docs/decisions/037-worker-processes.md): above 1 this process is
// only the cluster primary (server/platform/cluster.ts) and forks that many workers running this file;
// 1 (the default on PGlite), `--dev` and an invalid value (reported by server/platform/config.ts) serve
// from this one process. Decided before the build is loaded, so the primary stays small.
// A worker (the primary has decided) imports no TypeScript file: Node's type stripping would
// cost it about 17 MiB (memory budget); what it needs comes from the build.
if (cluster.isWorker) {
  await serve();
} else {
  const { webConcurrency } = await import(bootModule("web-concurrency"));
  const cores = availableParallelism();
  const concurrency = webConcurrency(process.env, cores);
  if (!dev && "workers" in concurrency && concurrency.workers > 1) {
  const { runPrimary } = await import("./server/platform/cluster.ts");
  runPrimary({ workers: concurrency.workers, cores });
  } else {
  await serve();
  }
}

/** Serves the forum from this process (alone, or as one worker of the cluster). */
async function serve() {
  const { default: compression } = await import("compression");
  const { default: express } = await import("express");
  /** This worker's slot (1–N) in a cluster; undefined in a single process. */
  let workerSlot;
  /** The key of the "listening" message a worker sends its primary (server/platform/cluster.ts). */
  let listeningMessage;
  const buildDir = process.env.BUILD_DIR ?? "build";
  const projectDir = fileURLToPath(new URL(".", import.meta.url));
  const configEnv = process.env.NODE_ENV ?? "development";
  process.env.NODE_ENV = dev ? "development" : "production";
  const env = { ...process.env, NODE_ENV: configEnv };

  const app = express();
  app.disable("x-powered-by");

  let services;
  let stopSchedules = async () => {};
  let closeStreams = () => {};
  try {
    if (dev) {
      const vite = await import("vite");
      const viteServer = await vite.createServer({ server: { middlewareMode: true } });
      // The request guard first: hostile URLs, methods and Host headers never reach Vite.
      const { requestGuard } = await viteServer.ssrLoadModule("./server/security/request-guard.ts");
      app.use(requestGuard());
      app.use(viteServer.middlewares);
      const load = () => viteServer.ssrLoadModule("./server/http/app.ts");
      services = await (await load()).startServices(env);
      stopSchedules = (await load()).startSchedules(services);
      closeStreams = (await load()).closeAllStreams ?? closeStreams;
      app.use(async (req, res, next) => {
        try {
          const mod = await load();
          return mod.createApp(services, { dev: true })(req, res, next);
        } catch (error) {
          if (typeof error === "object" && error instanceof Error) viteServer.ssrFixStacktrace(error);
          next(error);
        }
      });
    } else {
      // Relative BUILD_DIR is taken from the project folder, an absolute one as it is.
      const mod = await import(pathToFileURL(path.resolve(projectDir, buildDir, "server/index.js")).href);
      // In a cluster, which worker answered (its slot 1–N): for operators reading logs, and the
      // test. The first middleware, as before; the names come from the build (server/platform/cluster.ts).
      workerSlot = cluster.isWorker ? process.env[mod.WORKER_SLOT_ENV] : undefined;
      listeningMessage = mod.WORKER_LISTENING_MESSAGE;
      if (workerSlot) app.use((_req, res, next) => (res.setHeader(mod.WORKER_HEADER, workerSlot), next()));
      // JSON log lines with request ids from here on (server/platform/log.ts).
      mod.installConsoleBridge?.();
      services = await mod.startServices(env);
      stopSchedules = mod.startSchedules(services);
      closeStreams = mod.closeAllStreams ?? closeStreams;
      // The request guard before the static files and the app (hostile URLs, methods and
      // Host headers answer 400/405, never 500; oversized bodies 413).
      app.use(mod.requestGuard());
      // The fastest levels. A member's 100-comment thread (465 KB of HTML) costs 0.9 ms
      // at brotli quality 1 (41 KB) instead of 5.9 ms at the package's default 4 (32 KB), and
      // 3 ms at gzip level 1 (57 KB) instead of 9.7 ms at 6 (47 KB); on 2 cores the CPU is the
      // scarce part. Visitors' cached pages are compressed once (server/cache/page-cache.ts).
      app.use(compression({ level: 1, brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } } }));
      // The build's Zopfli `.gz` and Brotli `.br` copies (scripts/precompress-plugin.ts),
      // by the request's Accept-Encoding, Brotli first; `compression` leaves them as they are.
      const { default: expressStaticGzip } = await import("express-static-gzip");
      app.use(
        "/assets",
        expressStaticGzip(path.resolve(projectDir, buildDir, "client/assets"), {
          enableBrotli: true,
          orderPreference: ["br", "gzip"],
          serveStatic: { immutable: true, maxAge: "1y" },
        }),
      );
      // Files at the root of the client build (a favicon, robots.txt): only paths that name a file
      // are looked up, so a page request costs no file-system stat.
      // The service worker, the manifest and the offline page are checked for updates on every use
      // (docs/decisions/027-installable-app.md).
      const revalidate = new Set(["sw.js", "manifest.webmanifest", "offline.html"]);
      const publicFiles = express.static(path.resolve(projectDir, buildDir, "client"), {
        maxAge: "1h",
        index: false,
        setHeaders: (res, file) => {
          if (revalidate.has(path.basename(file))) res.setHeader("Cache-Control", "no-cache");
        },
      });
      // React Router's loader data (`…/trad/x.data`, every client navigation and revalidation) is
      // never a file: no stat for it (a member's page data).
      app.use((req, res, next) => (/\.[A-Za-z0-9]+$/.test(req.path) && !req.path.endsWith(".data") ? publicFiles(req, res, next) : next()));
      app.use(mod.createApp(services));
    }
  } catch (error) {
    if (error && error.name === "ConfigError") {
      console.error(error.message);
      process.exit(1);
    }
    if (error && error.code === "ERR_MODULE_NOT_FOUND" && !dev) {
      console.error(`Hittar inte ${buildDir}/: kör 'npm run build' först (eller 'npm start'). (${error.message})`);
      process.exit(1);
    }
    throw error;
  }

  const port = services.config.port;
  const server = app.listen(port, () => {
    const db = services.database.kind === "pglite" ? `PGlite i ${services.config.dataDir}` : "PostgreSQL";
    const worker = workerSlot ? `, arbetsprocess ${workerSlot}` : "";
    console.log(`Börssnack lyssnar på http://localhost:${port} (${dev ? "utveckling" : "produktionsbygge"}, ${db}${worker})`);
    // The cluster primary's second signal beside Node's `listening` event (server/platform/cluster.ts).
    if (cluster.isWorker && listeningMessage) process.send?.({ [listeningMessage]: port });
  });

  // An idle keep-alive connection stays open 65 s (Node's default is 5 s), longer than the idle
  // timeout of the usual proxies in front (60 s): a client that reuses a connection just as the
  // server drops it gets ECONNRESET instead of an answer, and a form post would be lost.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  let closing = false;
  /** Longest wait (ms) for in-flight requests before the rest are cut (within 10 s). */
  const DRAIN_MS = 8000;
  /** Longest wait (ms) after DRAIN_MS for the schedules and the database to close. */
  const CLOSE_MS = 1500;
  /**
   * SIGTERM/SIGINT: stop accepting, end the live streams (browsers reconnect elsewhere with
   * Last-Event-ID), let in-flight requests finish (at most DRAIN_MS), then stop the schedules,
   * close the database and exit 0 — at the latest DRAIN_MS + CLOSE_MS after the signal.
   */
  async function shutdown(signal) {
    if (closing) return;
    closing = true;
    console.log(`${signal}: stänger ner...`);
    const drained = new Promise((resolve) => server.close(() => resolve(true)));
    server.closeIdleConnections?.();
    closeStreams();
    const timer = setTimeout(() => server.closeAllConnections?.(), DRAIN_MS);
    // Closing the pool waits for every checked-out connection; one stuck under load kept a
    // drained server alive for good (seen in the bench). The exit comes regardless.
    setTimeout(() => {
      console.error(`${signal}: databasen stängdes inte i tid; avslutar ändå`);
      process.exit(0);
    }, DRAIN_MS + CLOSE_MS).unref();
    await drained;
    clearTimeout(timer);
    try {
      await stopSchedules();
      await services.database.close();
    } catch (error) {
      console.error("Fel vid nedstängning:", error);
    } finally {
      process.exit(0);
    }
  }
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}
