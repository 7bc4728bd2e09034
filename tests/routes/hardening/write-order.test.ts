/**
 * The order of a write's steps as a member notices it (server/writes/pipeline.ts): a
 * request the rules refuse (own content, oneself, a missing target) gets its 4xx and does not use
 * up the member's abuse-limit allowance, so the next allowed request still goes through.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moderation as m, mutes as mu, profile as p, reactions as r } from "../../../domain/i18n/sv";
import * as apiFollow from "../../../app/routes/api-follow";
import * as apiMute from "../../../app/routes/api-mute";
import * as apiReport from "../../../app/routes/api-report";
import * as threadRoute from "../../../app/routes/thread";
import { createThread } from "../../../server/forum/commands";
import { listCategories } from "../../../server/forum/queries";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { callRoute, sessionCookie } from "../../../server/testing/route-call";

let forum: TestForum;
let categoryId: string;
let ipCounter = 0;
const nextIp = () => `203.0.113.${++ipCounter}`;

async function member(): Promise<{ member: TestMember; cookie: string; ip: string }> {
  const created = await createMember(forum);
  return { member: created, cookie: await sessionCookie(forum, created), ip: nextIp() };
}

beforeAll(async () => {
  forum = await createTestForum();
  categoryId = (await listCategories(forum.services.db))[0]!.id;
});
afterAll(() => forum.close());

describe("refused writes cost no abuse-limit points", () => {
  it("60 reactions on one's own thread (403) leave the 60 reactions a minute untouched", async () => {
    const me = await member();
    const other = await createMember(forum);
    const own = await createThread(forum.services.db, { ...me.member, role: "member" }, { categoryId, title: "Egen tråd", body: "Text" });
    const theirs = await createThread(forum.services.db, { ...other, role: "member" }, { categoryId, title: "Annans tråd", body: "Text" });
    const react = (threadId: string) =>
      callRoute(forum, threadRoute.action, {
        url: `/forum/kategori/${categoryId}/trad/${threadId}`,
        params: { categoryId, threadId },
        form: { intent: "react", targetType: "thread", targetId: threadId, reactionType: "bull" },
        cookie: me.cookie,
        ip: me.ip,
      });
    for (let i = 0; i < 60; i++) {
      const refused = await react(own.id);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(r.ownContent);
    }
    const allowed = await react(theirs.id);
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ ok: true, active: true, count: 1 });
  });

  it("30 attempts to follow oneself (400) leave the 30 follow clicks a minute untouched", async () => {
    const me = await member();
    const target = await createMember(forum);
    const click = (userId: string) =>
      callRoute(forum, apiFollow.action, { url: "/api/follow", form: { intent: "follow", userId }, cookie: me.cookie, ip: me.ip });
    for (let i = 0; i < 30; i++) {
      const refused = await click(me.member.id);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(p.cannotFollowSelf);
    }
    const allowed = await click(target.id);
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ ok: true, following: true, followersCount: 1 });
  });

  it("30 attempts to mute oneself (400) leave the 30 'follow' clicks a minute untouched", async () => {
    const me = await member();
    const target = await createMember(forum);
    const click = (userId: string) =>
      callRoute(forum, apiMute.action, { url: "/api/mute", form: { intent: "mute", userId }, cookie: me.cookie, ip: me.ip });
    for (let i = 0; i < 30; i++) {
      const refused = await click(me.member.id);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(mu.cannotMuteSelf);
    }
    const allowed = await click(target.id);
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ ok: true, muted: true });
  });

  it("20 reports on a missing thread (404) leave the report allowance untouched", async () => {
    const me = await member();
    const other = await createMember(forum);
    const theirs = await createThread(forum.services.db, { ...other, role: "member" }, { categoryId, title: "Anmäls", body: "Text" });
    const report = (targetId: string) =>
      callRoute(forum, apiReport.action, {
        url: "/api/report",
        form: { targetType: "thread", targetId, reason: "spam", details: "" },
        cookie: me.cookie,
        ip: me.ip,
      });
    for (let i = 0; i < 20; i++) {
      const refused = await report(crypto.randomUUID());
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe(m.reportTargetMissing);
    }
    const allowed = await report(theirs.id);
    expect(allowed.status).toBe(200);
    expect(allowed.body.toast).toEqual({ title: m.reportThanks, description: m.reportThanksDescription });
  });
});
