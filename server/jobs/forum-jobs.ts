/**
 * The forum's periodic jobs as queue schedules
 * (docs/decisions/028-job-queue.md). Each job calls the same function the in-process timer
 * called before (each is tested on its own); only the trigger moved to pg-boss.
 *
 * @module
 */
import type { Services } from "../platform/services";
import { runPendingFanOuts } from "../notifications/fanout";
import { runPendingSubscriptionFanOuts } from "../subscriptions/fanout";
import { refreshEdgeLevels } from "../profiles/edge-level";
import { refreshTrending } from "../trending/queries";
import { sweepOrphanPostImages } from "../uploads/post-images";
import type { JobDefinition } from "./queue";
import { sendDueDigests, sendWeeklySummaries } from "../digest/digest";
import { createMailer, type Mailer } from "../mail/mailer";
import { pushJobs } from "../push/jobs";
import { sweepExpiredLimits } from "../accounts/sign-in-lockout";

/** Queue names of the forum's periodic jobs (labels in the catalogue `adminJobs.names`). */
export const FORUM_JOB_NAMES = [
  "trending-refresh",
  "fanout-sweep",
  "post-image-sweep",
  "edge-level-refresh",
  // E-mail for members who are away (server/digest).
  "email-digest",
  "weekly-digest",
  // Web Push (server/push/jobs.ts).
  "push-send",
  "push-sweep",
  // Expired rate-limit counters (one sweep, not a timer in every process).
  "limit-sweep",
] as const;
/** One of {@link FORUM_JOB_NAMES}. */
export type ForumJobName = (typeof FORUM_JOB_NAMES)[number];

/**
 * The forum's periodic jobs, crons in UTC:
 * - `trending-refresh` every minute: exact trending figures (docs/trending.md);
 * - `fanout-sweep` every minute: follower fan-outs and subscriber batches left over by
 *   a crashed instance — a safety
 *   net, the fast path `kickFanOut` still runs right after the thread is written (decision 011);
 * - `post-image-sweep` hourly: stored post images no live post refers to;
 * - `edge-level-refresh` every 6 h: EdgeLevel decay of inactive members (docs/edge-level.md);
 * - `email-digest` every minute (more often with `DIGEST_CHECK_SECONDS` below 60, see
 *   `startSchedules`): the e-mail digest of members who are away (server/digest);
 * - `weekly-digest` hourly: 'Veckans hetaste trådar' to members due for it.
 * - `push-send` (no schedule) and `push-sweep` every minute: Web Push (server/push/jobs.ts).
 * - `limit-sweep` every 5 minutes: rate-limit counters that expired over an hour ago
 *   (`sweepExpiredLimits`, server/accounts/sign-in-lockout.ts), once for every instance and worker process.
 *
 * @param services the started services (database, configuration, mailer: the digest uses it when no `SMTP_URL` is set)
 * @returns the job definitions for {@link import("./queue").startJobQueue}
 */
export function forumJobs(services: Pick<Services, "db" | "config" | "mailer">): JobDefinition[] {
  const { db, config } = services;
  // The digest holds its member's row (on PGlite: the one connection) while a message is handed
  // to SMTP, so each run gets a pooled mailer with short timeouts (30 s socket, 10 s connect),
  // closed when the run ends (a closed nodemailer pool refuses later sends, so never reused);
  // without SMTP_URL the forum's own mailer.
  const withMailer = <T>(run: (mailer: Mailer) => Promise<T>) => async () => {
    const mailer = config.smtpUrl
      ? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, mailDir: "", pool: true })
      : services.mailer;
    try {
      return await run(mailer);
    } finally {
      if (mailer !== services.mailer) mailer.close?.();
    }
  };
  const digest = {
    db,
    publicUrl: config.publicUrl,
    secret: config.authSecret,
    intervalMinutes: config.digestIntervalMinutes,
    awayMinutes: config.digestAwayMinutes,
  };
  return [
    { name: "trending-refresh", cron: "* * * * *", run: () => refreshTrending(db), retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 300 },
    {
      name: "fanout-sweep",
      cron: "* * * * *",
      // Follower fan-outs and busy threads' deferred subscriber batches left over by a crash.
      run: async () => (await runPendingFanOuts(db)) + (await runPendingSubscriptionFanOuts(db)),
      retryLimit: 2,
      retryDelaySeconds: 5,
    },
    { name: "post-image-sweep", cron: "7 * * * *", run: () => sweepOrphanPostImages({ db, config }) },
    { name: "edge-level-refresh", cron: "17 */6 * * *", run: () => refreshEdgeLevels(db) },
    // A failed SMTP hand-over leaves the member's cursor where it was; the retry resends.
    { name: "email-digest", cron: "* * * * *", run: withMailer((mailer) => sendDueDigests({ ...digest, mailer })), retryLimit: 2, retryDelaySeconds: 20, expireInSeconds: 300 },
    { name: "weekly-digest", cron: "23 * * * *", run: withMailer((mailer) => sendWeeklySummaries({ ...digest, mailer })), retryLimit: 2, retryDelaySeconds: 60 },
    ...pushJobs({ db, config }),
    { name: "limit-sweep", cron: "*/5 * * * *", run: () => sweepExpiredLimits(db), expireInSeconds: 300 },
  ] satisfies Array<JobDefinition & { name: ForumJobName }>;
}
