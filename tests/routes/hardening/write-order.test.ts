/**
 * The order of a write's steps as a member notices it (server/writes/pipeline.ts): a
 * request the rules refuse (own content, oneself, a missing target) or that is malformed (no
 * such intent, a bad date, no file) gets its 4xx and does not use up the member's abuse-limit
 * allowance, so the next allowed request still goes through.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPages as ap, errors, moderation as m, mutes as mu, profile as p, reactions as r, uploads as up } from "../../../domain/i18n/sv";
import * as adminMessages from "../../../app/routes/admin-messages";
import * as adminRoles from "../../../app/routes/admin-roles";
import * as apiFollow from "../../../app/routes/api-follow";
import * as apiMute from "../../../app/routes/api-mute";
import * as apiNotifications from "../../../app/routes/api-notifications";
import * as apiPostImages from "../../../app/routes/api-post-images";
import * as apiPresence from "../../../app/routes/api-presence";
import * as apiUploads from "../../../app/routes/api-uploads";
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

describe("malformed requests cost no abuse-limit points", () => {
  it("61 notification marks with an unknown intent (400) leave the 60 marks a minute untouched", async () => {
    const me = await member();
    const mark = (intent: string) => callRoute(forum, apiNotifications.action, { url: "/api/notifications", form: { intent }, cookie: me.cookie, ip: me.ip });
    for (let i = 0; i < 61; i++) {
      const refused = await mark("läs-allt");
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ ok: false, error: errors.badRequest });
    }
    const allowed = await mark("read-all");
    expect(allowed.status).toBe(200);
    expect(allowed.body).toEqual({ ok: true, changed: 0 });
  });

  it("11 activity pings with an impossible date (400) leave the 10 pings a minute untouched", async () => {
    const me = await member();
    const ping = (date: string) => callRoute(forum, apiPresence.action, { url: "/api/presence", form: { date, hour: "12" }, cookie: me.cookie, ip: me.ip });
    for (let i = 0; i < 11; i++) {
      const refused = await ping("2025-02-30");
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ ok: false, error: errors.badRequest });
    }
    const allowed = await ping("2025-02-28");
    expect(allowed.status).toBe(200);
    expect(allowed.body).toEqual({ ok: true, updated: true });
  });
});

describe("uploads without a file cost no upload points", () => {
  /** A multipart body with `file` (a small PNG), or without it. */
  async function body(withFile: boolean): Promise<FormData> {
    const form = new FormData();
    if (withFile) {
      const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#1d4ed8" } }).png().toBuffer();
      form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "bild.png");
    } else form.set("file", "bara text");
    return form;
  }

  it("11 avatar uploads without a file (400) leave the 10 uploads in 10 minutes untouched", async () => {
    const me = await member();
    const upload = async (withFile: boolean) =>
      callRoute(forum, apiUploads.action, { url: "/api/uploads/avatar", params: { kind: "avatar" }, multipart: await body(withFile), cookie: me.cookie, ip: me.ip });
    for (let i = 0; i < 11; i++) {
      const refused = await upload(false);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ ok: false, error: up.missingFile });
    }
    const allowed = await upload(true);
    expect(allowed.status).toBe(200);
    expect(allowed.body).toEqual({ ok: true, url: expect.stringMatching(/^\/uploads\/avatars\//) });
  });

  it("11 post-image uploads without a file (400) leave the 10 uploads in 10 minutes untouched", async () => {
    const me = await member();
    const upload = async (withFile: boolean) =>
      callRoute(forum, apiPostImages.action, { url: "/api/uploads/post", multipart: await body(withFile), cookie: me.cookie, ip: me.ip });
    for (let i = 0; i < 11; i++) {
      const refused = await upload(false);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ ok: false, error: up.missingFile });
    }
    const allowed = await upload(true);
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ ok: true, width: 32, height: 32 });
  });
});

describe("a staff write answers who may make it before what was sent", () => {
  it("a moderator's message or role change with bad fields is 403, as a good one is", async () => {
    const moderator = await createMember(forum, { role: "moderator" });
    const cookie = await sessionCookie(forum, moderator);
    const send = await callRoute(forum, adminMessages.action, { url: "/admin/messages", form: { intent: "send", subject: "", content: "" }, cookie });
    expect(send.status).toBe(403);
    expect(send.body).toEqual({ ok: false, error: ap.adminsOnlyMessages, title: ap.noPermissionTitle });
    const role = await callRoute(forum, adminRoles.action, { url: "/admin/roles", form: { intent: "set-role", userId: "", role: "kung" }, cookie });
    expect(role.status).toBe(403);
    expect(role.body).toEqual({ ok: false, error: ap.adminsOnlyRoles, title: ap.accessDenied });
  });
});
