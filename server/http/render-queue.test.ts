/**
 * The render queue (server/http/render-queue.ts): a page request whose client left before it reached
 * the queue is not rendered and takes no turn, and a render that never finishes gives its turn
 * back after the deadline, so the process keeps answering pages (a bench run once found one
 * worker answering no page at all after a load that closed many connections mid-answer).
 */
import { afterEach, describe, expect, it } from "vitest";
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRenderLimit, renderQueue } from "./render-queue";

let server: http.Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

function listen(app: express.Express): string {
  server = app.listen(0);
  return `http://localhost:${(server.address() as AddressInfo).port}`;
}

/** GET that the client abandons after `ms`. */
function abandon(url: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const req = http.get(url);
    req.on("error", () => resolve());
    setTimeout(() => {
      req.destroy();
      resolve();
    }, ms);
  });
}

describe("render queue", () => {
  it("does not render a page whose client left while an earlier middleware waited, and keeps the turn free", async () => {
    const limit = createRenderLimit(1);
    const rendered: string[] = [];
    const app = express();
    // Like the shared member render: awaits (the database) and then hands the request on.
    app.use((req, res, next) => {
      if (req.path !== "/slow") return next();
      res.once("close", () => setTimeout(next, 20));
    });
    app.use(
      renderQueue(
        limit,
        (req, res) => {
          rendered.push(req.path);
          res.send("sida");
        },
        () => undefined,
      ),
    );
    const base = listen(app);
    await abandon(`${base}/slow`, 50);
    await new Promise((r) => setTimeout(r, 60));
    expect(rendered).toEqual([]);
    expect(limit.activeCount).toBe(0);
    const answer = await fetch(`${base}/ok`, { signal: AbortSignal.timeout(2_000) });
    expect(await answer.text()).toBe("sida");
    expect(rendered).toEqual(["/ok"]);
  });

  it("gives the turn of a render that never finishes back after the deadline and says so", async () => {
    const limit = createRenderLimit(1);
    const overruns: string[] = [];
    const app = express();
    app.use(
      renderQueue(
        limit,
        (req, res) => {
          if (req.path === "/hang") return; // never answers
          res.send("sida");
        },
        (path) => overruns.push(path),
        200,
      ),
    );
    const base = listen(app);
    // The client of /hang stays; /ok waits for the turn, and gets it once the deadline passed.
    http.get(`${base}/hang`).on("error", () => undefined);
    await new Promise((r) => setTimeout(r, 30));
    const started = Date.now();
    const answer = await fetch(`${base}/ok`, { signal: AbortSignal.timeout(5_000) });
    expect(await answer.text()).toBe("sida");
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(overruns).toEqual(["/hang"]);
  });

  it("lets writes and the JSON API past the queue while every turn is taken", async () => {
    const limit = createRenderLimit(1);
    const app = express();
    app.use(
      renderQueue(
        limit,
        (req, res) => {
          if (req.path === "/hang") return;
          res.send(`${req.method} ${req.path}`);
        },
        () => undefined,
        60_000,
      ),
    );
    const base = listen(app);
    http.get(`${base}/hang`).on("error", () => undefined);
    await new Promise((r) => setTimeout(r, 30));
    expect(await (await fetch(`${base}/api/search`, { signal: AbortSignal.timeout(2_000) })).text()).toBe("GET /api/search");
    expect(await (await fetch(`${base}/forum`, { method: "POST", signal: AbortSignal.timeout(2_000) })).text()).toBe("POST /forum");
  });
});
