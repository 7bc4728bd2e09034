/**
 * The HTTP application: React Router's request handler inside Express, with the services put in
 * the router context (React Router's node-postgres template). This module is the entry of the SSR
 * build (`vite.config.ts`), so `build/server/index.js` exports it.
 *
 * @module
 */
import { createRequestHandler } from "@react-router/express";
import { createRequestHandler as createFetchHandler, type ServerBuild } from "react-router";
import { createRenderLimit, inTurn, renderQueue, RENDER_TURN_MAX_MS, type RenderLimit } from "./render-queue";
import express from "express";
import { mkdirSync } from "node:fs";
import { RouterContextProvider } from "react-router";
import { CLIENT_IP_HEADER } from "./client-ip";
import { parseConfig } from "../platform/config";
import { kickFanOut } from "../notifications/fanout";
import { kickSubscriptionFanOut } from "../subscriptions/fanout";
import { startAdminMailWorker } from "../admin/mail-worker";
import { createMailer } from "../mail/mailer";
import { forumJobs } from "../jobs/forum-jobs";
import { startJobQueue, type JobQueue } from "../jobs/queue";
import { startPushTrigger } from "../push/jobs";
import { createPageCache, type MemberRender, type PageCache } from "../cache/page-cache";
import { noindexEverything } from "../seo/robots";
import { cacheEffect, publishCacheChange, REALTIME_CHANNEL } from "../realtime/events";
import { createMemberReads, createReadCache, createSharedPageData, markWriter, memberOfKey } from "../cache/read-caches";
import { trackWrites, type CacheChange } from "../cache/page-writes";
import { privateAnswers } from "../security/private-answers";
import { personalContext } from "../cache/share-personal";
import { toClientViewer, viewerFromHeaders } from "../accounts/session";
import { actsAsStaff } from "../../domain/policy/actor";
import { requestLogging } from "../platform/log";
import { crossOriginProtection } from "../security/cross-origin";
import { requestGuard } from "../security/request-guard";
import { cspNonceContext, securityHeaders } from "../security/headers";
import { createServices, servicesContext, VIEWER_CACHE_MAX_ENTRIES, VIEWER_CACHE_TTL_MS, type Services } from "../platform/services";
import { guardDatabaseUnavailable } from "../db/unavailable";
import { acquireServerLock } from "../db/server-lock";

export { ConfigError } from "../platform/config";
export { closeAllStreams } from "../realtime/stream";
export { installConsoleBridge } from "../platform/log";
export { isDatabaseUnavailable } from "../db/unavailable";
export { requestGuard } from "../security/request-guard";
// For server.js in a cluster worker, which loads no TypeScript file of its own.
export { WORKER_HEADER, WORKER_LISTENING_MESSAGE, WORKER_SLOT_ENV } from "../platform/cluster";



/**
 * Parses the environment and starts every service (database, migrations, categories, auth, mail).
 * On embedded PGlite the server marks `DATA_DIR/server.pid` as its own until
 * `services.database.close()` or the process's exit, so the `forum` CLI does not write to the
 * same database behind its back (`server/db/server-lock.ts`).
 *
 * @param env environment variables (normally `process.env`)
 * @returns the services
 * @throws {import("../platform/config").ConfigError} on a missing or invalid variable
 */
export async function startServices(env: Record<string, string | undefined>): Promise<Services> {
  const config = parseConfig(env);
  if (config.databaseUrl) return createServices(config);
  mkdirSync(config.dataDir, { recursive: true });
  const release = acquireServerLock(config.dataDir);
  try {
    const services = await createServices(config);
    const close = services.database.close.bind(services.database);
    services.database.close = async () => {
      try {
        await close();
      } finally {
        release();
      }
    };
    return services;
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Starts the server's background work
 * (docs/decisions/028-job-queue.md): the pg-boss job queue on the forum's database with the
 * periodic jobs as cron schedules — trending refresh every minute (docs/trending.md), the
 * fan-out sweep every minute (docs/decisions/011), the post-image orphan sweep hourly,
 * the EdgeLevel refresh every 6 h (docs/edge-level.md), the e-mail digest every minute (or every
 * `DIGEST_CHECK_SECONDS`), the weekly summary hourly (server/digest) and the Web Push
 * sweep every minute — the Web Push trigger on each notification event
 * (server/push/jobs.ts), and the admin-mail worker, which keeps
 * its own exactly-once table and resumes an interrupted bulk send at start-up (docs/decisions/012).
 *
 * Returns at once: the queue starts in the background (pg-boss installs or migrates its schema
 * `pgboss` first) and is then put in `services.jobQueue`; a start that fails is logged and the
 * site keeps serving. At start-up the fan-out of a crashed instance is resumed and the trending
 * figures and EdgeLevels are refreshed once, as the timers did (once for instances started within
 * the same five-minute slot).
 *
 * @returns a function that stops them (a job or mail under way finishes first)
 */
export function startSchedules(services: Services): () => Promise<void> {
  // A crashed instance's follower fan-outs, then its subscriber batches, in order:
  // PGlite has one connection.
  void kickFanOut(services.db).finally(() => void kickSubscriptionFanOut(services.db));
  const digestTick: { timer?: ReturnType<typeof setInterval>; stopped?: boolean } = {};
  const queueStarted: Promise<JobQueue | null> = startJobQueue(services.database, {
    jobs: forumJobs(services),
    // A short digest tick needs workers that look for work as often.
    pollingIntervalSeconds: Math.min(5, services.config.digestCheckSeconds),
  }).then(
    async (queue) => {
      services.jobQueue = queue;
      // Once for instances started within the same five-minute slot.
      const once = { onceWithinSeconds: 300 };
      await Promise.all([queue.send("trending-refresh", once), queue.send("edge-level-refresh", once)]);
      // Digest checks more often than the minute cron (DIGEST_CHECK_SECONDS < 60, e.g.
      // browser tests): each tick queues one run per time slot across every instance.
      const every = services.config.digestCheckSeconds;
      if (every < 60 && !digestTick.stopped) {
        digestTick.timer = setInterval(() => {
          void queue.send("email-digest", { onceWithinSeconds: every }).catch(() => {});
        }, every * 1000);
        digestTick.timer.unref?.();
      }
      return queue;
    },
    (error: unknown) => {
      console.error("[jobb] jobbkön kunde inte starta:", error);
      return null;
    },
  );
  const worker = startAdminMailWorker({
    db: services.db,
    // Its own pooled mailer: one SMTP connection reused through a bulk send.
    mailer: services.config.smtpUrl
      ? createMailer({ smtpUrl: services.config.smtpUrl, from: services.config.mailFrom, mailDir: "", pool: true })
      : services.mailer,
    publicUrl: services.config.publicUrl,
    secret: services.config.authSecret,
  });
  services.adminMailWorker = worker;
  // Web Push right after each notification write's commit (server/push/jobs.ts).
  const stopPush = startPushTrigger(services);
  return async () => {
    digestTick.stopped = true;
    clearInterval(digestTick.timer);
    const queue = await queueStarted;
    await Promise.all([queue?.stop(), worker.stop(), stopPush()]);
  };
}

/**
 * The Express handler serving every page and API route of the forum.
 *
 * @param services started services
 * @param options.dev true under the Vite dev server (no CSP: its hot-reload scripts are inline)
 * @returns an Express application (use as middleware or `listen` it)
 */
export function createApp(services: Services, options: { dev?: boolean } = {}): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // A request id for every entry written while handling the request, one entry per answer.
  app.use(requestLogging());
  // Unknown methods, bad Host, broken or control-character URLs, declared oversized bodies;
  // drains what a client still sends after an early answer (security/request-guard.ts).
  app.use(requestGuard());
  // better-auth rate-limits per client IP and reads it from this header only. Whatever a client
  // sent under that name is replaced by the socket's address, so it cannot be spoofed.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.socket.remoteAddress ?? "unknown";
    next();
  });
  app.use(securityHeaders(services.config, { csp: !options.dev }));
  // SEARCH_ENGINES=off: every answer asks search engines not to index it.
  if (!services.config.searchEngines) app.use(noindexEverything);
  app.use(crossOriginProtection(services.config.publicUrl));
  // Answers rendered for a signed-in member, and every /admin answer, are not kept by the
  // browser (server/security/private-answers.ts).
  app.use(privateAnswers);
  // Visitors' and members' pages from one render per page (server/cache/page-cache.ts; members'
  // once the build has loaded, below), the shared page data, the search cache, the session
  // lookups and members' kept reads: each is emptied by the writes that change what it keeps, here and on every other instance
  // (server/cache/page-writes.ts). Not under the dev server, which builds a new app per request.
  let pages: PageCache | undefined;
  if (!options.dev) {
    const sharedPageData = (services.sharedPageData ??= createSharedPageData());
    const viewerCache = (services.viewerCache ??= createReadCache({ ttlMs: VIEWER_CACHE_TTL_MS, max: VIEWER_CACHE_MAX_ENTRIES }));
    const memberReads = (services.memberReads ??= createMemberReads());
    const clearMemberCaches = () => {
      viewerCache.clear();
      memberReads.clear();
    };
    const cache = (pages = createPageCache({
      onClear: () => {
        services.searchCache.clear();
        sharedPageData.clear();
        clearMemberCaches();
      },
    }));
    const apply = (change: Exclude<CacheChange, "own">) => (change === "pages" ? cache.clear() : clearMemberCaches());
    // A private message's participants: their kept reads (keys name the member) and, when their
    // inbox count changed, their session lookups.
    const forgetMembers = (reads: readonly string[], viewers: readonly string[]) => {
      const readers = new Set(reads);
      memberReads.forget((key) => readers.has(memberOfKey(key)));
      if (viewers.length === 0) return;
      const lookups = new Set(viewers);
      viewerCache.forget((_key, value) => lookups.has((value as { viewer: { id: string } | null }).viewer?.id ?? ""));
    };
    // Another instance's (or worker's) writes, realtime events and logouts. Retried until it
    // connects; pages cached while it was down are dropped once it is back,
    // and /healthz says `degraded` meanwhile.
    services.database
      .listen(
        REALTIME_CHANNEL,
        (payload) => {
          const effect = cacheEffect(payload);
          if (effect.kind === "session") viewerCache.delete(effect.session);
          else if (effect.kind === "members") forgetMembers(effect.reads, effect.viewers);
          else apply(effect.kind);
        },
        () => cache.clear(),
      )
      .catch((error: unknown) => console.error("[cache] could not listen for writes:", error));
    // A request that declared changes empties this instance's caches at once and tells the
    // others, not after their TTL: not every write has a realtime event of its own (a new thread
    // of an author nobody follows has none). The writer's answer is marked so their own next
    // reads skip the shared caches.
    app.use(
      trackWrites({
        onHeaders: (req, res) => markWriter(req, res),
        onChange: (changes) => {
          // `own` alone: the write's events do the forgetting, on every instance.
          if (!changes.has("pages") && !changes.has("member")) return;
          const change = changes.has("pages") ? "pages" : "member";
          apply(change);
          publishCacheChange(services.db, change).catch(() => {});
        },
      }),
    );
    app.use(cache.visitors);
  }
  // Database outages answer 503 instead of the 500 error page (server/db/unavailable.ts).
  const getLoadContext = (_req: express.Request, res: express.Response) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(cspNonceContext, String(res.locals.cspNonce ?? ""));
    return context;
  };
  const loadBuild = () => import("virtual:react-router/server-build").then(guardDatabaseUnavailable);
  if (options.dev) {
    // A function: the dev server hands over a fresh build after every edit.
    app.use(createRequestHandler({ build: loadBuild, getLoadContext }));
  } else {
    // The build object itself, once: given a function, React Router derives its routes and
    // request handler again on every request (and Node resolves the import again), which cost
    // about a tenth of the CPU of a logged-in page under load.
    let handler: express.RequestHandler | undefined;
    // At most RENDER_CONCURRENCY pages and loader data answers are worked on at once per
    // process; the rest wait their turn (server/http/render-queue.ts).
    const limit = createRenderLimit(services.config.renderConcurrency);
    const ready = loadBuild().then((build) => {
      pages?.renderMembers(memberRender(services, build, limit));
      return (handler = createRequestHandler({ build, getLoadContext }));
    });
    if (pages) app.use(pages.members);
    const serve: express.RequestHandler = (req, res, next) => {
      if (handler) return handler(req, res, next);
      ready.then((h) => h(req, res, next), next);
    };
    app.use(renderQueue(limit, serve, (path) => console.warn(`[sidor] ${path}: renderingen höll sin tur i över ${RENDER_TURN_MAX_MS / 1000} s; turen lämnades tillbaka`)));
  }
  return app;
}

/**
 * How the page cache makes members' pages from the production build (server/cache/page-cache.ts):
 * generic renders go through React Router's Fetch handler under the same render limit as every
 * page, collecting the page's personal parts in `personalContext`.
 */
function memberRender(services: Services, build: ServerBuild, limit: RenderLimit): MemberRender {
  const handle = createFetchHandler(build);
  return {
    render: (request, nonce, parts) =>
      inTurn(
        limit,
        () => {
          const context = new RouterContextProvider();
          context.set(servicesContext, services);
          context.set(cspNonceContext, nonce);
          context.set(personalContext, parts);
          return handle(request, context);
        },
        () => console.warn(`[medlemssidor] ${new URL(request.url).pathname}: renderingen höll sin tur i över ${RENDER_TURN_MAX_MS / 1000} s; turen lämnades tillbaka`),
      ),
    // Staff and blocked members are rendered alone (every post's `can` differs for them, SPEC
    // §6): no need to look up the shared render for them.
    viewer: async (cookie) => {
      const viewer = await viewerFromHeaders(services, new Headers({ cookie }));
      return viewer && !viewer.blocked && !actsAsStaff(viewer) ? viewer : null;
    },
    viewerState: toClientViewer,
  };
}
