import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, session } from "../db/schema";
import { createMember, createTestForum, type TestForum } from "../testing/harness";
import { ACTIVE_USERS_REUSE_MS, countActiveUsers, isOnline, recentActiveUsers } from "./stats";

let forum: TestForum;
beforeAll(async () => {
  forum = await createTestForum();
});
afterAll(async () => forum.close());

describe("online statistics (SPEC §4 Presence)", () => {
  it("counts members active within 15 minutes as online and within 60 minutes as last hour", async () => {
    const now = new Date("2026-11-21T10:00:00Z");
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    const ages = [1, 14, 16, 59, 61, null];
    for (const age of ages) {
      const m = await createMember(forum);
      await forum.services.db
        .update(profiles)
        .set({ lastActivityAt: age === null ? null : at(age) })
        .where(eq(profiles.id, m.id));
    }
    expect(await countActiveUsers(forum.services.db, { now })).toEqual({ totalOnline: 2, lastHourActive: 4 });
    expect(isOnline(at(14), now)).toBe(true);
    expect(isOnline(at(16), now)).toBe(false);
    expect(isOnline(null, now)).toBe(false);
  });

  it("counts a sign-in as activity, each member once", async () => {
    const now = new Date("2026-11-22T10:00:00Z");
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    const addSession = (userId: string, createdAt: Date) =>
      forum.services.db.insert(session).values({
        id: crypto.randomUUID(),
        token: crypto.randomUUID(),
        userId,
        createdAt,
        updatedAt: createdAt,
        expiresAt: new Date(createdAt.getTime() + 86_400_000),
      });
    // Signed in 2 minutes ago, no activity logged yet: online.
    const fresh = await createMember(forum);
    await addSession(fresh.id, at(2));
    // Signed in 30 minutes ago and active a minute ago: online, counted once.
    const both = await createMember(forum);
    await addSession(both.id, at(30));
    await forum.services.db.update(profiles).set({ lastActivityAt: at(1) }).where(eq(profiles.id, both.id));
    // Signed in 40 minutes ago, nothing since: active in the last hour, not online.
    const earlier = await createMember(forum);
    await addSession(earlier.id, at(40));
    expect(await countActiveUsers(forum.services.db, { now })).toEqual({ totalOnline: 2, lastHourActive: 3 });
  });

  it("gives pages a count read at most every 15 s (the header's first paint)", async () => {
    const db = forum.services.db;
    const t0 = 1_000_000;
    const first = await recentActiveUsers(db, t0);
    const m = await createMember(forum);
    await db.update(profiles).set({ lastActivityAt: new Date() }).where(eq(profiles.id, m.id));
    // Within 15 s: the same count, without reading again.
    expect(await recentActiveUsers(db, t0 + ACTIVE_USERS_REUSE_MS - 1)).toEqual(first);
    // After: the new member is counted.
    expect(await recentActiveUsers(db, t0 + ACTIVE_USERS_REUSE_MS)).toEqual({
      totalOnline: first!.totalOnline + 1,
      lastHourActive: first!.lastHourActive + 1,
    });
  });
});
