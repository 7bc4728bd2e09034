/**
 * The render queue (`RENDER_CONCURRENCY`): at most a few pages and loader data answers
 * are worked on at once per process, the rest wait their turn — 50 renders interleaved cost twice
 * the CPU each of 10 (garbage collection and cache misses), so fewer at once finish more per
 * second. A turn is given back when the answer is sent, when the client goes away (also while the
 * request waits), and at the latest after {@link RENDER_TURN_MAX_MS}, so a render that never
 * finishes cannot take a turn from every later request of the process.
 *
 * @module
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import pLimit from "p-limit";

/**
 * Longest a request holds its turn (ms). A page's stream is abandoned after 5 s
 * (`streamTimeout` in app/entry.server.tsx) and its database reads time out sooner, so a turn held
 * longer belongs to a render that lost its way; the request itself is left to finish or fail on
 * its own, only the turn is given back.
 */
export const RENDER_TURN_MAX_MS = 30_000;

/** A queue with a fixed number of turns: the shared member render's generic renders take turns of it too. */
export type RenderLimit = ReturnType<typeof pLimit>;

/**
 * Makes the queue.
 *
 * @param concurrency turns at once, 1–64 (`RENDER_CONCURRENCY`, default 4)
 * @returns the {@link RenderLimit}
 */
export function createRenderLimit(concurrency: number): RenderLimit {
  return pLimit(concurrency);
}

/**
 * Runs `work` in a turn of `limit`, given back when `work` settles or after `maxMs`.
 *
 * @param limit the queue
 * @param work what to do in the turn
 * @param onOverrun called when the turn is given back by the deadline (for the log)
 * @param maxMs the deadline (ms, default {@link RENDER_TURN_MAX_MS})
 * @returns what `work` returns (the turn may have been given back before it settles)
 */
export function inTurn<T>(limit: RenderLimit, work: () => Promise<T>, onOverrun: () => void, maxMs = RENDER_TURN_MAX_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    void limit(async () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<void>((release) => {
        timer = setTimeout(() => {
          onOverrun();
          release();
        }, maxMs);
        timer.unref?.();
      });
      const running = work().then(resolve, reject);
      await Promise.race([running, deadline]);
      clearTimeout(timer);
    });
  });
}

/**
 * The middleware that queues GET and HEAD page requests for `serve` (writes, `/api/*` and its live
 * stream never wait).
 *
 * @param limit the queue
 * @param serve the page handler (React Router's request handler)
 * @param onOverrun called with the path when a request's turn is given back by the deadline
 * @param maxMs the deadline (ms, default {@link RENDER_TURN_MAX_MS})
 * @returns the Express middleware
 */
export function renderQueue(limit: RenderLimit, serve: RequestHandler, onOverrun: (path: string) => void, maxMs = RENDER_TURN_MAX_MS): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path.startsWith("/api/")) return serve(req, res, next);
    // Settled when the answer is sent or the client goes away, also while the request waits: a
    // request whose client left in the queue is not rendered and gives its turn back at once. The
    // client may have left before this request got here (an earlier middleware awaited the
    // database): then 'close' has already fired, and the request is gone from the start.
    let gone = res.closed || req.socket.destroyed;
    const done = gone
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          res.once("close", () => {
            gone = true;
            resolve();
          });
        });
    void inTurn(
      limit,
      async () => {
        if (gone) return;
        await Promise.race([
          done,
          new Promise<void>((resolve) =>
            serve(req, res, (error?: unknown) => {
              resolve();
              next(error);
            }),
          ),
        ]);
      },
      () => onOverrun(req.path),
      maxMs,
    );
  };
}
