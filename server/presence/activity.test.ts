import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errors } from "../../domain/i18n/sv";
import { profiles, userActivity } from "../db/schema";
import { expectForumError } from "../testing/expect-forum-error";
import { createMember, createTestForum, type TestForum } from "../testing/harness";
import { logUserActivity } from "./activity";
import { countActiveUsers } from "./stats";

let forum: TestForum;
beforeAll(async () => {
  forum = await createTestForum();
});
afterAll(() => forum.close());

const lastActivity = async (id: string) =>
  (await forum.services.db.select({ at: profiles.lastActivityAt }).from(profiles).where(eq(profiles.id, id)))[0]!.at;

describe("activity logging (SPEC §4 Presence, §7 log_user_activity, §9 once per 5 minutes)", () => {
  it("moves last_activity_at at most once per 5 minutes, and records each local hour once", async () => {
    const m = await createMember(forum);
    const t0 = new Date("2026-11-21T09:00:00Z");
    const at = (min: number) => new Date(t0.getTime() + min * 60_000);

    expect(await logUserActivity(forum.services.db, m.id, { date: "2026-11-21", hour: 10 }, { now: t0 })).toEqual({ updated: true });
    expect((await lastActivity(m.id))?.toISOString()).toBe(t0.toISOString());
    // A hand-made burst inside the throttle changes nothing.
    for (const min of [1, 2, 4.9]) {
      expect(await logUserActivity(forum.services.db, m.id, { date: "2026-11-21", hour: "10" }, { now: at(min) })).toEqual({ updated: false });
    }
    expect((await lastActivity(m.id))?.toISOString()).toBe(t0.toISOString());
    expect(await logUserActivity(forum.services.db, m.id, { date: "2026-11-21", hour: 10 }, { now: at(5) })).toEqual({ updated: true });
    expect((await lastActivity(m.id))?.toISOString()).toBe(at(5).toISOString());
    await logUserActivity(forum.services.db, m.id, { date: "2026-11-21", hour: 11 }, { now: at(61) });
    const rows = await forum.services.db
      .select({ date: userActivity.activityDate, hour: userActivity.activityHour })
      .from(userActivity)
      .where(and(eq(userActivity.userId, m.id)))
      .orderBy(userActivity.activityHour);
    expect(rows).toEqual([
      { date: "2026-11-21", hour: 10 },
      { date: "2026-11-21", hour: 11 },
    ]);
  });

  it("counts a member online for 15 minutes after their activity, and in the last hour for 60", async () => {
    const m = await createMember(forum);
    const t0 = new Date("2030-01-01T12:00:00Z");
    const at = (min: number) => new Date(t0.getTime() + min * 60_000);
    const before = await countActiveUsers(forum.services.db, { now: t0 });
    await logUserActivity(forum.services.db, m.id, { date: "2030-01-01", hour: 13 }, { now: t0 });
    expect(await countActiveUsers(forum.services.db, { now: at(14) })).toEqual({
      totalOnline: before.totalOnline + 1,
      lastHourActive: before.lastHourActive + 1,
    });
    expect(await countActiveUsers(forum.services.db, { now: at(16) })).toMatchObject({ totalOnline: 0, lastHourActive: 1 });
    expect(await countActiveUsers(forum.services.db, { now: at(61) })).toEqual({ totalOnline: 0, lastHourActive: 0 });
  });

  it("refuses a malformed date or hour with 400 'Ogiltig förfrågan.'", async () => {
    const m = await createMember(forum);
    for (const input of [
      { date: "2026-02-30", hour: 1 },
      { date: "21/11/2026", hour: 1 },
      { date: "2026-11-21", hour: 24 },
      { date: "2026-11-21", hour: "1.5" },
      { date: "2026-11-21", hour: "" },
      { date: undefined, hour: 3 },
    ]) {
      await expectForumError(logUserActivity(forum.services.db, m.id, input), 400, errors.badRequest);
    }
    expect(await lastActivity(m.id)).toBeNull();
  });
});
