/**
 * Web Push on the job queue (issue 18; docs/decisions/031-web-push.md):
 *
 * - right after commit: every instance hears the `notifications` event of a write
 *   (`{from, to}` seq range, server/realtime/events.ts) and sends that range's pushes at once
 *   ({@link startPushTrigger}); when some fail, it queues a `push-send` job for the range, which
 *   pg-boss retries with exponential back-off (10 s, 20 s, … up to 5 min; 6 attempts);
 * - `push-sweep` every minute: anything no instance sent (an event missed while an instance was
 *   down) and failed pushes waiting for a retry, from the last 15 minutes.
 *
 * Every path claims each push in `push_deliveries` first, so several instances and the sweep
 * never send one twice (server/push/send.ts).
 *
 * @module
 */
import { parseEvent, REALTIME_CHANNEL } from "../realtime/events";
import type { Services } from "../services";
import type { JobDefinition } from "../jobs/queue";
import { sendPushes, sweepPushes, type PushRunResult } from "./send";
import { vapidDetails } from "./vapid";

/** Thrown by a `push-send` run with failed pushes, so pg-boss retries it. */
export class PushRetryError extends Error {
  constructor(result: PushRunResult) {
    super(`${result.failed} push(ar) misslyckades; nytt försök senare`);
    this.name = "PushRetryError";
  }
}

function isRange(data: unknown): data is { from: number; to: number } {
  const d = data as { from?: unknown; to?: unknown } | null;
  return !!d && Number.isSafeInteger(d.from) && Number.isSafeInteger(d.to);
}

/**
 * The queue's push jobs: `push-send` (data `{from, to}`; throws {@link PushRetryError} while
 * pushes fail, so pg-boss retries with back-off) and `push-sweep` (cron every minute).
 *
 * @param services database and configuration
 * @returns two job definitions for `forumJobs`
 */
export function pushJobs(services: Pick<Services, "db" | "config">): Array<JobDefinition & { name: "push-send" | "push-sweep" }> {
  const { db, config } = services;
  return [
    {
      name: "push-send",
      cron: null,
      run: async (data) => {
        if (!isRange(data)) return;
        const result = await sendPushes(db, data, { vapid: await vapidDetails(db, config) });
        if (result.failed > 0) throw new PushRetryError(result);
      },
      retryLimit: 5,
      retryDelaySeconds: 10,
      retryDelayMaxSeconds: 300,
      expireInSeconds: 300,
    },
    {
      name: "push-sweep",
      cron: "* * * * *",
      run: async () => sweepPushes(db, { vapid: await vapidDetails(db, config) }),
      retryLimit: 1,
      retryDelaySeconds: 20,
      expireInSeconds: 300,
    },
  ];
}

/**
 * Sends the pushes of each `notifications` event this instance hears, right after the write's
 * commit; a range with failed pushes goes to the `push-send` job for retries. Runs one range at
 * a time; errors are logged, never thrown.
 *
 * @param services started services (`database` to listen on; `jobQueue` once started)
 * @returns a function that stops listening
 */
export function startPushTrigger(services: Pick<Services, "database" | "db" | "config" | "jobQueue">): () => Promise<void> {
  let chain: Promise<unknown> = Promise.resolve();
  const handle = (range: { from: number; to: number }) => async () => {
    try {
      const result = await sendPushes(services.db, range, { vapid: await vapidDetails(services.db, services.config) });
      if (result.failed > 0) await services.jobQueue?.send("push-send", { data: range });
    } catch (error) {
      console.error("[push] kunde inte skicka:", (error as Error).message);
      await services.jobQueue?.send("push-send", { data: range }).catch(() => null);
    }
  };
  const stop = services.database
    .listen(REALTIME_CHANNEL, (payload) => {
      const event = parseEvent(payload);
      if (event?.kind !== "notifications") return;
      chain = chain.then(handle({ from: event.from, to: event.to }));
    })
    .catch((error: unknown) => {
      console.error("[push] kunde inte lyssna på notiser:", error);
      return async () => {};
    });
  return async () => {
    await (await stop)();
    await chain;
  };
}
