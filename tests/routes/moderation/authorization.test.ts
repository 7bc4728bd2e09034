/**
 * The authorisation matrix: for every moderation and admin action, a hand-made
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
import * as root from "../../../app/root";
import { and, eq } from "drizzle-orm";
import { blockedUsers, comments, profiles, reports, threads } from "../../../server/db/schema";
import { createComment, createThread } from "../../../server/forum/commands";
import { listCategories } from "../../../server/forum/queries";
import { servicesContext } from "../../../server/platform/services";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { blockUser } from "../../../server/moderation/blocks";
import { createReport } from "../../../server/moderation/reports";
import { threadUrl } from "../../../server/testing/route-call";

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
async function call(handler: Handler, who: Who | { cookie: string }, options: { url: string; form?: Record<string, string>; params?: Record<string, string> }) {
  const headers: Record<string, string> = { cookie: typeof who === "string" ? cookies[who] : who.cookie, origin: "http://localhost:3000" };
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
  it("report: everyone logged in but the author, visitors 401", async () => {
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
    expect((await call(threadRoute.loader, "blocked", { url: await threadUrl(forum, threadId), params: { categoryId, threadId } })).status).toBe(200);
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

describe("staff cannot act against staff, and a blocked account moderates nothing", () => {
  const db = () => forum.services.db;
  let mod2: TestMember;
  let admin2: TestMember;
  let blockedMod: TestMember;
  let blockedAdmin: TestMember;
  const c = {} as Record<"mod2" | "blockedMod" | "blockedAdmin", { cookie: string }>;
  const as = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
  const isBlocked = async (id: string) => (await db().select().from(blockedUsers).where(eq(blockedUsers.userId, id))).length > 0;
  const threadExists = async (id: string) => (await db().select({ id: threads.id }).from(threads).where(eq(threads.id, id))).length > 0;
  const commentExists = async (id: string) => (await db().select({ id: comments.id }).from(comments).where(eq(comments.id, id))).length > 0;
  const block = (who: Who | { cookie: string }, userId: string) => call(apiBlock.action, who, { url: "/api/block", form: { intent: "block", userId } });
  const unblock = (who: Who | { cookie: string }, userId: string) => call(apiBlock.action, who, { url: "/api/block", form: { intent: "unblock", userId } });
  const deleteThreadAs = (who: Who | { cookie: string }, threadId: string) =>
    call(threadRoute.action, who, { url: `/forum/kategori/${categoryId}/trad/${threadId}`, params: { categoryId, threadId }, form: { intent: "delete-thread" } });
  const threadBy = async (m: TestMember, title = "Tråd") => (await createThread(db(), as(m), { categoryId, title, body: "Text" })).id;

  beforeAll(async () => {
    mod2 = await createMember(forum, { nickname: "Moderator2", role: "moderator" });
    admin2 = await createMember(forum, { nickname: "Admin2", role: "admin" });
    blockedMod = await createMember(forum, { nickname: "BlockadMod", role: "moderator" });
    blockedAdmin = await createMember(forum, { nickname: "BlockadAdmin", role: "admin" });
    await blockUser(db(), as(people.admin), blockedMod.id);
    // No rule lets anyone block an admin: a leftover row (e.g. blocked before a promotion).
    await db().insert(blockedUsers).values({ userId: blockedAdmin.id, blockedBy: people.admin.id });
    c.mod2 = { cookie: await cookieOf(mod2) };
    c.blockedMod = { cookie: await cookieOf(blockedMod) };
    c.blockedAdmin = { cookie: await cookieOf(blockedAdmin) };
  });

  it("a moderator cannot block or unblock another moderator (403, nothing changes)", async () => {
    const r = await block("moderator", mod2.id);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("Moderatorer kan bara blockera och avblockera medlemmar.");
    expect(await isBlocked(mod2.id)).toBe(false);
    expect((await unblock("moderator", blockedMod.id)).status).toBe(403);
    expect(await isBlocked(blockedMod.id)).toBe(true);
  });

  it("a moderator cannot block an admin; an admin cannot block an admin (403, nothing changes)", async () => {
    expect((await block("moderator", people.admin.id)).status).toBe(403);
    const r = await block("admin", admin2.id);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("Administratörer kan inte blockeras.");
    expect(await isBlocked(people.admin.id)).toBe(false);
    expect(await isBlocked(admin2.id)).toBe(false);
  });

  it("an admin blocks and unblocks a moderator", async () => {
    expect((await block("admin", mod2.id)).status).toBe(200);
    expect(await isBlocked(mod2.id)).toBe(true);
    expect((await unblock("admin", mod2.id)).status).toBe(200);
    expect(await isBlocked(mod2.id)).toBe(false);
  });

  it("nobody blocks or unblocks themselves (403, nothing changes)", async () => {
    for (const [who, id] of [["moderator", people.moderator.id], ["admin", people.admin.id]] as const) {
      const r = await block(who, id);
      expect(r.status).toBe(403);
      expect(r.body.error).toBe("Du kan inte blockera dig själv.");
      expect(await isBlocked(id)).toBe(false);
    }
    const self = await unblock(c.blockedMod, blockedMod.id);
    expect(self.status).toBe(403);
    expect(await isBlocked(blockedMod.id)).toBe(true);
    expect((await unblock(c.blockedAdmin, blockedAdmin.id)).status).toBe(403);
    expect(await isBlocked(blockedAdmin.id)).toBe(true);
  });

  it("a blocked moderator blocks, unblocks and reads block states of nobody (403, nothing changes)", async () => {
    const target = await createMember(forum);
    const r = await block(c.blockedMod, target.id);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("Ditt konto är blockerat. Du kan inte moderera förrän blockeringen har hävts.");
    expect(await isBlocked(target.id)).toBe(false);
    expect((await call(apiBlock.loader, c.blockedMod, { url: `/api/block?userId=${people.blocked.id}` })).status).toBe(403);
    expect((await unblock(c.blockedMod, people.blocked.id)).status).toBe(403);
    expect(await isBlocked(people.blocked.id)).toBe(true);
  });

  it("a blocked moderator deletes no one else's content but still deletes their own", async () => {
    const threadId = await threadBy(people.owner);
    expect((await deleteThreadAs(c.blockedMod, threadId)).status).toBe(403);
    expect(await threadExists(threadId)).toBe(true);
    const { id: commentId } = await createComment(db(), owner(), threadId, { body: "Kvar" });
    const d = await call(threadRoute.action, c.blockedMod, {
      url: `/forum/kategori/${categoryId}/trad/${threadId}`,
      params: { categoryId, threadId },
      form: { intent: "delete-comment", id: commentId },
    });
    expect(d.status).toBe(403);
    expect(await commentExists(commentId)).toBe(true);
    // Written before the block (a blocked member cannot post): the owner may always delete it.
    await db().delete(blockedUsers).where(eq(blockedUsers.userId, blockedMod.id));
    const own = await threadBy(blockedMod, "Egen");
    await blockUser(db(), as(people.admin), blockedMod.id);
    expect((await deleteThreadAs(c.blockedMod, own)).status).toBe(302);
    expect(await threadExists(own)).toBe(false);
  });

  it("a blocked moderator cannot use the report queue, the users page or delete users", async () => {
    const threadId = await threadBy(people.owner, "Anmäld tråd");
    await createReport(db(), { id: people.member.id }, { targetType: "thread", targetId: threadId, reason: "spam" });
    const page = await call(adminReports.loader, c.blockedMod, { url: "/admin/reports" });
    expect(page.status).toBe(302);
    expect(page.location).toBe("/forum");
    for (const decision of ["dismiss", "delete", "block"]) {
      expect((await call(adminReports.action, c.blockedMod, { url: "/admin/reports", form: { decision, targetType: "thread", targetId: threadId } })).status).toBe(302);
    }
    const open = await db().select().from(reports).where(and(eq(reports.targetId, threadId), eq(reports.status, "open")));
    expect(open).toHaveLength(1);
    expect(await threadExists(threadId)).toBe(true);
    expect(await isBlocked(people.owner.id)).toBe(false);
    const target = await createMember(forum);
    expect((await call(adminUsers.action, c.blockedMod, { url: "/admin/users", form: { intent: "delete", userId: target.id } })).status).toBe(302);
    expect(await db().select().from(profiles).where(eq(profiles.id, target.id))).toHaveLength(1);
    // A blocked admin has no admin powers either.
    expect((await call(adminRoles.loader, c.blockedAdmin, { url: "/admin/roles" })).status).toBe(302);
    expect((await call(adminRoles.action, c.blockedAdmin, { url: "/admin/roles", form: { intent: "set-role", userId: target.id, role: "moderator" } })).status).toBe(302);
    expect((await db().select({ roleId: profiles.roleId }).from(profiles).where(eq(profiles.id, target.id)))[0]!.roleId).toBe("member");
  });

  it("content removal by moderation: moderators only members' content, admins also moderators' but no admin's", async () => {
    const modThread = await threadBy(mod2);
    expect((await deleteThreadAs("moderator", modThread)).status).toBe(403);
    expect(await threadExists(modThread)).toBe(true);
    const adminThread = await threadBy(admin2);
    expect((await deleteThreadAs("moderator", adminThread)).status).toBe(403);
    expect((await deleteThreadAs("admin", adminThread)).status).toBe(403);
    expect(await threadExists(adminThread)).toBe(true);
    const { id: modComment } = await createComment(db(), as(mod2), adminThread, { body: "Moderatorns kommentar" });
    const d = await call(threadRoute.action, "moderator", {
      url: `/forum/kategori/${categoryId}/trad/${adminThread}`,
      params: { categoryId, threadId: adminThread },
      form: { intent: "delete-comment", id: modComment },
    });
    expect(d.status).toBe(403);
    expect(await commentExists(modComment)).toBe(true);
    expect((await deleteThreadAs("admin", modThread)).status).toBe(302);
    expect(await threadExists(modThread)).toBe(false);
  });

  it("the pages' can flags follow the same rules (no moderation menu for a blocked moderator)", async () => {
    const memberThread = await threadBy(people.owner, "Flaggor");
    const load = async (who: Who | { cookie: string }, threadId: string) =>
      (await call(threadRoute.loader, who, { url: await threadUrl(forum, threadId), params: { categoryId, threadId } })).body.thread.can;
    expect(await load("moderator", memberThread)).toEqual({ edit: true, editReason: true, delete: true, report: true, react: true, block: true, moderate: true });
    expect(await load(c.blockedMod, memberThread)).toEqual({ edit: false, editReason: false, delete: false, report: true, react: true, block: false, moderate: false });
    expect(await load("member", memberThread)).toEqual({ edit: false, editReason: false, delete: false, report: true, react: true, block: false, moderate: false });
    expect(await load("owner", memberThread)).toMatchObject({ edit: true, editReason: false, delete: true, report: false, react: false, block: false, moderate: true });
    expect(await load("visitor", memberThread)).toMatchObject({ delete: false, report: true, react: false, moderate: false });
    const modThread = await threadBy(mod2, "Moderatorns");
    expect(await load("moderator", modThread)).toMatchObject({ edit: false, delete: false, block: false, moderate: false });
    expect(await load("admin", modThread)).toMatchObject({ edit: true, delete: true, block: true, moderate: true });
    const adminThread = await threadBy(admin2, "Adminens");
    expect(await load("admin", adminThread)).toMatchObject({ edit: false, delete: false, block: false, moderate: false });
    const siteOf = async (who: Who | { cookie: string }) => {
      const r = await call(root.loader, who, { url: "/forum" });
      return r.body.viewer.can;
    };
    expect(await siteOf("admin")).toEqual({ admin: true, moderate: true, messages: true, roles: true, log: true });
    expect(await siteOf("moderator")).toEqual({ admin: false, moderate: true, messages: false, roles: false, log: false });
    expect(await siteOf(c.blockedMod)).toEqual({ admin: false, moderate: false, messages: false, roles: false, log: false });
    expect(await siteOf(c.blockedAdmin)).toEqual({ admin: false, moderate: false, messages: false, roles: false, log: false });
  });
});
