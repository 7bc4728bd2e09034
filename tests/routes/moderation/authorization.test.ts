/**
 * The authorisation matrix (issue 7 tests): for every moderation and admin action, a hand-made
 * request — through the route's own loader or action, with a real session cookie — as visitor,
 * member, content owner, blocked member, moderator and admin gets exactly the allowed outcome.
 */
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminLog from "../../../app/routes/admin-log";
import * as adminMessages from "../../../app/routes/admin-messages";
import * as adminReports from "../../../app/routes/admin-reports";
import * as adminRoles from "../../../app/routes/admin-roles";
import * as adminUsers from "../../../app/routes/admin-users";
import * as apiBlock from "../../../app/routes/api-block";
import * as apiMailJob from "../../../app/routes/api-admin-mail-job";
import * as apiReport from "../../../app/routes/api-report";
import * as apiUserEmails from "../../../app/routes/api-admin-user-emails";
import * as threadRoute from "../../../app/routes/thread";
import { createComment, createThread } from "../../../server/forum/commands";
import { listCategories } from "../../../server/forum/queries";
import { servicesContext } from "../../../server/services";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { blockUser } from "../../../server/moderation/blocks";
import { createReport } from "../../../server/moderation/reports";

type Who = "visitor" | "member" | "owner" | "blocked" | "moderator" | "admin";
const WHO: Who[] = ["visitor", "member", "owner", "blocked", "moderator", "admin"];

let forum: TestForum;
let categoryId: string;
const people = {} as Record<Exclude<Who, "visitor">, TestMember>;
const cookies = {} as Record<Who, string>;

async function cookieOf(m: TestMember): Promise<string> {
  const res = await forum.services.auth.api.signInEmail({ body: { email: m.email, password: m.password }, asResponse: true });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

type Handler = (args: any) => Promise<unknown>;

/** Calls a loader/action like React Router would; returns the HTTP status and the body data. */
async function call(handler: Handler, who: Who, options: { url: string; form?: Record<string, string>; params?: Record<string, string> }) {
  const headers: Record<string, string> = { cookie: cookies[who], origin: "http://localhost:3000" };
  let init: RequestInit = { method: "GET", headers };
  if (options.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    init = { method: "POST", headers, body: new URLSearchParams(options.form).toString() };
  }
  const request = new Request(`http://localhost:3000${options.url}`, init);
  const context = new RouterContextProvider();
  context.set(servicesContext, forum.services);
  try {
    const result = (await handler({ request, context, params: options.params ?? {} })) as any;
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), body: null as any };
    if (result && result.type === "DataWithResponseInit") return { status: result.init?.status ?? 200, body: result.data, location: null };
    return { status: 200, body: result, location: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location"), body: null as any };
    if ((thrown as any)?.type === "DataWithResponseInit") return { status: (thrown as any).init?.status ?? 500, body: (thrown as any).data, location: null };
    throw thrown;
  }
}

beforeAll(async () => {
  forum = await createTestForum();
  categoryId = (await listCategories(forum.services.db))[0]!.id;
  people.member = await createMember(forum, { nickname: "Medlemmen" });
  people.owner = await createMember(forum, { nickname: "Ägaren" });
  people.blocked = await createMember(forum, { nickname: "Blockerad" });
  people.moderator = await createMember(forum, { nickname: "Moderatorn", role: "moderator" });
  people.admin = await createMember(forum, { nickname: "Adminen", role: "admin" });
  await blockUser(forum.services.db, { ...people.admin, role: "admin" }, people.blocked.id);
  cookies.visitor = "";
  for (const who of WHO.slice(1) as Array<Exclude<Who, "visitor">>) cookies[who] = await cookieOf(people[who]);
});
afterAll(() => forum.close());

const owner = () => ({ id: people.owner.id, role: "member" as const, nickname: people.owner.nickname });

/** Expected statuses per actor, in {@link WHO} order. */
function expectMatrix(actual: Record<Who, number>, expected: number[]) {
  expect(actual).toEqual(Object.fromEntries(WHO.map((w, i) => [w, expected[i]])));
}

async function matrix(run: (who: Who) => Promise<{ status: number }>): Promise<Record<Who, number>> {
  const out = {} as Record<Who, number>;
  for (const who of WHO) out[who] = (await run(who)).status;
  return out;
}

describe("content moderation", () => {
  it("report: everyone logged in but the author (issue 15 item 7), visitors 401", async () => {
    const { id } = await createThread(forum.services.db, owner(), { categoryId, title: "Rapport", body: "Text" });
    const m = await matrix((who) => call(apiReport.action, who, { url: "/api/report", form: { targetType: "thread", targetId: id, reason: "spam" } }));
    expectMatrix(m, [401, 200, 403, 200, 200, 200]);
  });

  it("delete comment: owner, moderator and admin; others 403, visitors 401", async () => {
    const { id: threadId } = await createThread(forum.services.db, owner(), { categoryId, title: "Tråd", body: "Text" });
    const m = await matrix(async (who) => {
      const { id } = await createComment(forum.services.db, owner(), threadId, { body: `Kommentar för ${who}` });
      return call(threadRoute.action, who, { url: `/forum/kategori/${categoryId}/trad/${threadId}`, params: { categoryId, threadId }, form: { intent: "delete-comment", id } });
    });
    expectMatrix(m, [401, 403, 200, 403, 200, 200]);
  });

  it("delete thread: owner, moderator and admin (redirect to the category); others 403", async () => {
    const m = await matrix(async (who) => {
      const { id: threadId } = await createThread(forum.services.db, owner(), { categoryId, title: `Tråd ${who}`, body: "Text" });
      return call(threadRoute.action, who, { url: `/forum/kategori/${categoryId}/trad/${threadId}`, params: { categoryId, threadId }, form: { intent: "delete-thread" } });
    });
    expectMatrix(m, [401, 403, 302, 403, 302, 302]);
  });

  it("a blocked member cannot comment (403) but still reads the thread (200)", async () => {
    const { id: threadId } = await createThread(forum.services.db, owner(), { categoryId, title: "Läsbar", body: "Text" });
    const url = `/forum/kategori/${categoryId}/trad/${threadId}`;
    expect((await call(threadRoute.action, "blocked", { url, params: { categoryId, threadId }, form: { intent: "comment", body: "Hej" } })).status).toBe(403);
    expect((await call(threadRoute.loader, "blocked", { url, params: { categoryId, threadId } })).status).toBe(200);
  });

  it("block state, block and unblock: moderators and admins only", async () => {
    const target = await createMember(forum, { nickname: "Måltavla" });
    expectMatrix(await matrix((who) => call(apiBlock.loader, who, { url: `/api/block?userId=${target.id}` })), [401, 403, 403, 403, 200, 200]);
    const m = await matrix(async (who) => {
      const t = await createMember(forum);
      return call(apiBlock.action, who, { url: "/api/block", form: { intent: "block", userId: t.id } });
    });
    expectMatrix(m, [401, 403, 403, 403, 200, 200]);
    const u = await matrix(async (who) => {
      const t = await createMember(forum);
      await blockUser(forum.services.db, { ...people.admin, role: "admin" }, t.id);
      return call(apiBlock.action, who, { url: "/api/block", form: { intent: "unblock", userId: t.id } });
    });
    expectMatrix(u, [401, 403, 403, 403, 200, 200]);
    // Moderators cannot block admins; a second block is a conflict.
    expect((await call(apiBlock.action, "moderator", { url: "/api/block", form: { intent: "block", userId: people.admin.id } })).status).toBe(403);
    expect((await call(apiBlock.action, "admin", { url: "/api/block", form: { intent: "block", userId: people.blocked.id } })).status).toBe(409);
  });
});

describe("admin pages", () => {
  const pageStatuses = [302, 302, 302, 302, 200, 200];

  it("users page and user deletion: moderators and admins", async () => {
    const m = await matrix((who) => call(adminUsers.loader, who, { url: "/admin/users" }));
    expectMatrix(m, pageStatuses);
    expect((await call(adminUsers.loader, "visitor", { url: "/admin/users" })).location).toBe("/auth/login?redirectTo=%2Fadmin%2Fusers");
    expect((await call(adminUsers.loader, "member", { url: "/admin/users" })).location).toBe("/forum");
    const d = await matrix(async (who) => {
      const t = await createMember(forum);
      return call(adminUsers.action, who, { url: "/admin/users", form: { intent: "delete", userId: t.id } });
    });
    expectMatrix(d, pageStatuses);
    // Moderators delete members only; nobody deletes an admin here.
    const mod2 = await createMember(forum, { role: "moderator" });
    expect((await call(adminUsers.action, "moderator", { url: "/admin/users", form: { intent: "delete", userId: mod2.id } })).status).toBe(403);
    expect((await call(adminUsers.action, "admin", { url: "/admin/users", form: { intent: "delete", userId: mod2.id } })).status).toBe(200);
    expect((await call(adminUsers.action, "admin", { url: "/admin/users", form: { intent: "delete", userId: people.admin.id } })).status).toBe(403);
  });

  it("report queue and its decisions: moderators and admins", async () => {
    expectMatrix(await matrix((who) => call(adminReports.loader, who, { url: "/admin/reports" })), pageStatuses);
    const m = await matrix(async (who) => {
      const { id } = await createThread(forum.services.db, owner(), { categoryId, title: `Anmäld ${who}`, body: "Text" });
      await createReport(forum.services.db, { id: people.member.id }, { targetType: "thread", targetId: id, reason: "spam" });
      return call(adminReports.action, who, { url: "/admin/reports", form: { decision: "dismiss", targetType: "thread", targetId: id } });
    });
    expectMatrix(m, pageStatuses);
  });

  it("roles: only admins see the table and change roles; moderators get the no-permission page and 403", async () => {
    const m = await matrix((who) => call(adminRoles.loader, who, { url: "/admin/roles" }));
    expectMatrix(m, pageStatuses);
    expect((await call(adminRoles.loader, "moderator", { url: "/admin/roles" })).body.allowed).toBe(false);
    expect((await call(adminRoles.loader, "admin", { url: "/admin/roles" })).body.allowed).toBe(true);
    const target = await createMember(forum);
    const s = await matrix((who) => call(adminRoles.action, who, { url: "/admin/roles", form: { intent: "set-role", userId: target.id, role: "moderator" } }));
    expectMatrix(s, [302, 302, 302, 302, 403, 200]);
    expect((await call(adminRoles.action, "admin", { url: "/admin/roles", form: { intent: "set-role", userId: people.admin.id, role: "member" } })).status).toBe(409);
  });

  it("messages, recipients' addresses and job progress: admins only", async () => {
    expectMatrix(await matrix((who) => call(adminMessages.loader, who, { url: "/admin/messages" })), pageStatuses);
    expect((await call(adminMessages.loader, "moderator", { url: "/admin/messages" })).body.allowed).toBe(false);
    const form = { intent: "send", recipients: "a@exempel.se; b@exempel.se", subject: "Hej", content: "<p>Text</p>" };
    const s = await matrix((who) => call(adminMessages.action, who, { url: "/admin/messages", form }));
    expectMatrix(s, [302, 302, 302, 302, 403, 200]);
    const sent = await call(adminMessages.action, "admin", { url: "/admin/messages", form });
    const e = await matrix((who) => call(apiUserEmails.action, who, { url: "/api/admin/user-emails", form: { userIds: people.member.id } }));
    expectMatrix(e, [401, 403, 403, 403, 403, 200]);
    expect((await call(apiUserEmails.action, "admin", { url: "/api/admin/user-emails", form: { userIds: people.member.id } })).body.emails).toEqual([
      people.member.email,
    ]);
    const p = await matrix((who) => call(apiMailJob.loader, who, { url: `/api/admin/mail-jobs/${sent.body.jobId}`, params: { jobId: sent.body.jobId } }));
    expectMatrix(p, [401, 403, 403, 403, 403, 200]);
  });

  it("bad input is a 400 with a Swedish message, never a 500", async () => {
    const empty = await call(adminMessages.action, "admin", { url: "/admin/messages", form: { intent: "send", recipients: " ; , ", subject: "Hej", content: "x" } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: "Du måste ange minst en e-postadress", title: "Inga mottagare" });
    const badUrl = await call(adminMessages.action, "admin", {
      url: "/admin/messages",
      form: { intent: "send", recipients: "a@exempel.se", subject: "Hej", content: "x", withButton: "on", buttonUrl: "javascript:alert(1)" },
    });
    expect(badUrl.status).toBe(400);
    expect((await call(apiReport.action, "member", { url: "/api/report", form: { targetType: "thread", targetId: "x", reason: "spam" } })).status).toBe(404);
    expect((await call(adminReports.action, "moderator", { url: "/admin/reports", form: { decision: "nuke" } })).status).toBe(400);
  });

  it("moderation log: admins only (moderators go back to /admin)", async () => {
    const m = await matrix((who) => call(adminLog.loader, who, { url: "/admin/logg" }));
    expectMatrix(m, [302, 302, 302, 302, 302, 200]);
    expect((await call(adminLog.loader, "moderator", { url: "/admin/logg" })).location).toBe("/admin");
  });
});
