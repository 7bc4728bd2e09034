/**
 * The admin panel 'Jobb' on a real database:
 * with this instance's queue running, an admin sees per job the queued, failed (with the last
 * error message) and completed runs, the last run and the next scheduled run; moderators are sent
 * back to /admin, visitors to the login, members to /forum; without a running queue the page
 * says so.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminJobs from "../../../app/routes/admin-jobs";
import * as adminLayout from "../../../app/routes/admin-layout";
import { forumJobs } from "../../../server/jobs/forum-jobs";
import { startJobQueue, type JobQueue } from "../../../server/jobs/queue";
import { createMember, createTestForum, type TestForum } from "../../../server/testing/harness";
import { callRoute, sessionCookie } from "../../../server/testing/route-call";

let forum: TestForum;
let queue: JobQueue;
const cookies: Record<"member" | "moderator" | "admin", string> = { member: "", moderator: "", admin: "" };

/** Resolves once `check` holds, polling every 100 ms; fails after `timeoutMs`. */
async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  forum = await createTestForum();
  for (const role of ["member", "moderator", "admin"] as const) {
    cookies[role] = await sessionCookie(forum, await createMember(forum, { role }));
  }
}, 60_000);
afterAll(async () => {
  await queue?.stop();
  await forum?.close();
});

const page = (cookie?: string) => callRoute(forum, adminJobs.loader, { url: "/admin/jobb", ...(cookie ? { cookie } : {}) });

describe("/admin/jobb", () => {
  it("says the queue is not running in a process that did not start it", async () => {
    const answer = await page(cookies.admin);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ running: false, jobs: [] });
  });

  it("shows the admin every job: counts, last run, next run and the last error", { timeout: 40_000 }, async () => {
    queue = await startJobQueue(forum.services.database, {
      pollingIntervalSeconds: 0.5,
      jobs: [
        ...forumJobs(forum.services),
        {
          name: "test-broken",
          cron: null,
          retryLimit: 1,
          retryDelaySeconds: 1,
          run: async () => {
            throw new Error("Kunde inte nå lagringen");
          },
        },
      ],
    });
    forum.services.jobQueue = queue;
    await queue.send("trending-refresh");
    await queue.send("test-broken");
    const job = async (name: string) => (await page(cookies.admin)).body.jobs.find((j: { name: string }) => j.name === name);
    await until(async () => (await job("trending-refresh")).completed >= 1 && (await job("test-broken")).failed === 1);

    const answer = await page(cookies.admin);
    expect(answer.status).toBe(200);
    expect(answer.body.running).toBe(true);
    expect(answer.body.jobs.map((j: { name: string }) => j.name)).toEqual([
      "trending-refresh",
      "fanout-sweep",
      "post-image-sweep",
      "edge-level-refresh",
      "email-digest",
      "weekly-digest",
      // Web Push.
      "push-send",
      "push-sweep",
      "limit-sweep",
      "test-broken",
    ]);
    const trending = await job("trending-refresh");
    expect(trending).toMatchObject({ cron: "* * * * *", failed: 0, lastState: "completed", lastError: null });
    expect(Date.parse(trending.lastRunAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(trending.nextRunAt) - Date.now()).toBeLessThanOrEqual(60_000);
    const edge = await job("edge-level-refresh");
    expect(edge.cron).toBe("17 */6 * * *");
    expect(new Date(edge.nextRunAt).getUTCMinutes()).toBe(17);
    const broken = await job("test-broken");
    expect(broken).toMatchObject({ cron: null, queued: 0, failed: 1, lastState: "failed", lastError: "Kunde inte nå lagringen", nextRunAt: null });
  });

  it("is for admins only: moderators go back to /admin, members to /forum, visitors to the login", async () => {
    const moderator = await page(cookies.moderator);
    expect(moderator.status).toBe(302);
    expect(moderator.location).toBe("/admin");
    const member = await page(cookies.member);
    expect(member.status).toBe(302);
    expect(member.location).toBe("/forum");
    const visitor = await page();
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/auth\/login/);
  });

  it("is linked from the admin navigation for admins only", async () => {
    const admin = await callRoute(forum, adminLayout.loader, { url: "/admin", cookie: cookies.admin });
    const moderator = await callRoute(forum, adminLayout.loader, { url: "/admin", cookie: cookies.moderator });
    expect(admin.body.can.admin).toBe(true);
    expect(moderator.body.can.admin).toBe(false);
  });
});
