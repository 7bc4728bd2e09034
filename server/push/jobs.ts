/**
 * Web Push on the job queue (docs/decisions/031-web-push.md):
 *
 * - right after commit: every instance hears the `notifications` event of a write
 *   (`{from, to}` seq range, server/realtime/events.ts) and sends that range's pushes at once
 *   ({@link startPushTrigger}); when some fail, it queues a `push-send` job for the range, which
 *   pg-boss retries with exponential back-off (10 s, 20 s, … up to 5 min; 6 attempts);
 * - `push-sweep` every minute: anything no instance sent (an event missed while an instance was
 *   down) and failed pushes waiting for a retry, from the last 15 minutes.
 *
 * Every path claims each push in `push_deliveries` first, so several instances and the sweep
 * never send one twice (server/push/send.ts). Every path passes the operator's extra
 * push-service hosts (`PUSH_SERVICE_HOSTS`) and never the tests' allowances: the second
 * parameter of {@link pushJobs} and {@link startPushTrigger} exists for tests' local receivers
 * only, and `server/jobs/forum-jobs.ts` and `server/http/app.ts` do not pass it.
 *
 * @module
 */
import { parseEvent, REALTIME_CHANNEL } from "../realtime/events";
import type { Services } from "../platform/services";
import type { JobDefinition } from "../jobs/queue";
import { sendPushes, sweepPushes, type PushRunResult, type PushSendOptions, type PushTestingOptions } from "./send";
import { vapidDetails } from "./vapid";

/** Thrown by a `push-send` run with failed pushes, so pg-boss retries it. */
export class PushRetryError extends Error {
  constructor(result: PushRunResult) {
    super(`${result.failed} push(ar) misslyckades; nytt försök senare`);
    this.name = "PushRetryError";
  }
}

/** The send options of every production path: VAPID details and the configured extra hosts. */
async function sendOptions(
  services: Pick<Services, "db" | "config">,
  testing: PushTestingOptions | undefined,
): Promise<PushSendOptions> {
  return {
    vapid: await vapidDetails(services.db, services.config),
    serviceHosts: services.config.pushServiceHosts,
    ...(testing ? { testing } : {}),
  };
}

function isRange(data: unknown): data is { from: number; to: number } {
  const d = data as { from?: unknown; to?: unknown } | null;
  return !!d && Number.isSafeInteger(d.from) && Number.isSafeInteger(d.to);
}

/**
 * The queue's push jobs: `push-send` (data `{from, to}`; throws {@link PushRetryError} while
 * pushes fail, so pg-boss retries with back-off) and `push-sweep` (cron every minute).
 *
 * @param services database and configuration (`pushServiceHosts`, the VAPID settings)
 * @param testingOnly tests' local receivers only ({@link PushTestingOptions}); production passes
 *   nothing
 * @returns two job definitions for `forumJobs`
 */
export function pushJobs(
  services: Pick<Services, "db" | "config">,
  testingOnly?: PushTestingOptions,
): Array<JobDefinition & { name: "push-send" | "push-sweep" }> {
  const { db } = services;
  return [
    {
      name: "push-send",
      cron: null,
      run: async (data) => {
        if (!isRange(data)) return;
        const result = await sendPushes(db, data, await sendOptions(services, testingOnly));
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
      run: async () => sweepPushes(db, await sendOptions(services, testingOnly)),
      retryLimit: 1,
      retryDelaySeconds: 20,
      expireInSeconds: 300,
    },
  ];
}

/**
 * Sends the pushes of each `notifications` event this instance hears, right after the write's
 * commit; a range with failed pushes goes to the `push-send` job for retries. Ranges run side by
 * side (not one after another), so a push service that hangs for one range's devices does not
 * delay the next range; each run is bounded by the send deadline and the per-origin queues
 * (server/push/send.ts). Errors are logged, never thrown.
 *
 * @param services started services (`database` to listen on; `jobQueue` once started)
 * @param testingOnly tests' local receivers only ({@link PushTestingOptions}); `server/http/app.ts`
 *   passes nothing
 * @returns a function that stops listening and waits for the runs in flight
 */
export function startPushTrigger(
  services: Pick<Services, "database" | "db" | "config" | "jobQueue">,
  testingOnly?: PushTestingOptions,
): () => Promise<void> {
  const running = new Set<Promise<void>>();
  const handle = async (range: { from: number; to: number }) => {
    try {
      const result = await sendPushes(services.db, range, await sendOptions(services, testingOnly));
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
      const run = handle({ from: event.from, to: event.to });
      running.add(run);
      void run.finally(() => running.delete(run));
    })
    .catch((error: unknown) => {
      console.error("[push] kunde inte lyssna på notiser:", error);
      return async () => {};
    });
  return async () => {
    await (await stop)();
    await Promise.all([...running]);
  };
}
