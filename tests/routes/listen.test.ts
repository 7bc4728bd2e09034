/**
 * Live invalidation survives a slow start. An instance whose first LISTEN
 * connect fails (the database briefly unreachable at start-up) keeps trying with back-off, says
 * `degraded` on /healthz meanwhile, and then hears other instances' writes.
 *
 * The database is made unreachable with a TCP proxy in front of the PostgreSQL server of
 * TEST_DATABASE_URL that refuses new connections until it is opened; without TEST_DATABASE_URL
 * (PGlite, which has no network to lose) only the health answer of an embedded database is checked.
 */
import net from "node:net";
import pg from "pg";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as healthz } from "../../app/routes/healthz";
import { servicesContext, type Services } from "../../server/platform/services";
import { createTestDatabaseUrl } from "../../server/testing/harness";
import { openDatabase, type Database } from "../../server/db/client";

/** Calls `GET /healthz` for an instance using `database`. */
async function health(database: Database): Promise<{ status: number; body: { status: string; listening: boolean } }> {
  const context = new RouterContextProvider();
  context.set(servicesContext, { database } as Services);
  const request = new Request("http://localhost:3000/healthz");
  const res = (await healthz({ request, context, params: {}, url: new URL(request.url), pattern: "/healthz" })) as Response;
  return { status: res.status, body: await res.json() };
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(!process.env.TEST_DATABASE_URL)("on PGlite", () => {
  it("the embedded database's listener is always up: /healthz says ok", async () => {
    const database = await openDatabase({ pgliteDir: "memory://" });
    try {
      await database.listen("bs_listen_test", () => {});
      expect(await health(database)).toEqual({ status: 200, body: { status: "ok", database: "pglite", listening: true } });
    } finally {
      await database.close();
    }
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)("on PostgreSQL, briefly unreachable at start-up", () => {
  let postgres: { url: string; drop(): Promise<void> };
  let proxy: net.Server;
  let accepting = true;
  const sockets = new Set<net.Socket>();
  let proxiedUrl: string;

  beforeAll(async () => {
    postgres = (await createTestDatabaseUrl())!;
    const target = new URL(postgres.url);
    proxy = net.createServer((socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {});
      if (!accepting) {
        socket.destroy();
        return;
      }
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      upstream.on("error", () => socket.destroy());
      socket.on("close", () => upstream.destroy());
      upstream.on("close", () => socket.destroy());
      socket.pipe(upstream).pipe(socket);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const url = new URL(postgres.url);
    url.host = `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
    proxiedUrl = url.toString();
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => proxy.close(resolve));
    await postgres.drop();
  });

  it("keeps retrying the first LISTEN connect, says degraded meanwhile, then hears writes", { timeout: 30_000 }, async () => {
    const database = await openDatabase({ databaseUrl: proxiedUrl, poolSize: 1 });
    try {
      // The pool's one connection is made while the database is reachable (pages keep working)…
      expect(await database.ping()).toBe(true);
      // …then new connections fail, as under load at start-up.
      accepting = false;
      const payloads: string[] = [];
      let caughtUp = 0;
      await database.listen(
        "bs_listen_test",
        (payload) => payloads.push(payload),
        () => (caughtUp += 1),
      );
      expect(database.listening()).toBe(false);
      expect(await health(database)).toEqual({ status: 200, body: { status: "degraded", database: "postgres", listening: false } });
      // Several attempts fail while it stays away.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(database.listening()).toBe(false);

      accepting = true;
      await until(() => database.listening(), 10_000);
      expect(caughtUp).toBe(1);
      expect(await health(database)).toEqual({ status: 200, body: { status: "ok", database: "postgres", listening: true } });

      // Another instance's write reaches this one.
      const other = new pg.Client({ connectionString: postgres.url });
      await other.connect();
      await other.query("SELECT pg_notify('bs_listen_test', 'tråd-uppdaterad')");
      await other.end();
      await until(() => payloads.length > 0, 5000);
      expect(payloads).toEqual(["tråd-uppdaterad"]);
    } finally {
      await database.close();
    }
  });
});
