/**
 * A real running forum for HTTP-level tests (guard tests): the whole Express app of
 * `createApp` with every route of `app/routes.ts`, compiled by Vite's SSR loader as
 * `node server.js --dev` does, over a fresh test database (PGlite, or PostgreSQL when
 * `TEST_DATABASE_URL` is set), listening on an ephemeral port of 127.0.0.1. The request guard is
 * installed in front, as server.js does.
 *
 * @module
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import path from "node:path";
import express from "express";
import { createServer } from "vite";
import type * as Harness from "./harness";
import type * as RouteCall from "./route-call";

/** A started forum. */
export interface LiveForum {
  /** `http://127.0.0.1:<port>` */
  base: string;
  port: number;
  /** The harness of the same module graph as the app (members, sessions, the mails sent). */
  harness: typeof Harness;
  routeCall: typeof RouteCall;
  forum: Harness.TestForum;
  /** Stops the server, Vite and the database. */
  close(): Promise<void>;
}

/**
 * Starts the forum.
 *
 * @param env extra configuration, e.g. `{ ACTION_LIMIT_MULTIPLIER: "1000" }`
 * @returns the {@link LiveForum}
 */
export async function startLiveForum(env: Record<string, string> = {}): Promise<LiveForum> {
  const root = path.resolve(import.meta.dirname, "../..");
  const vite = await createServer({
    root,
    configFile: path.join(root, "vite.config.ts"),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "error",
  });
  const harness = (await vite.ssrLoadModule("/server/testing/harness.ts")) as typeof Harness;
  const routeCall = (await vite.ssrLoadModule("/server/testing/route-call.ts")) as typeof RouteCall;
  const appModule = await vite.ssrLoadModule("/server/http/app.ts");
  const forum = await harness.createTestForum({ ACTION_LIMIT_MULTIPLIER: "1000", AUTH_IP_LIMIT_PER_MINUTE: "1000", ...env });
  const app = express();
  app.use(appModule.requestGuard());
  app.use(appModule.createApp(forum.services, { dev: true }));
  const server: Server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    harness,
    routeCall,
    forum,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await vite.close();
      await forum.close();
    },
  };
}
