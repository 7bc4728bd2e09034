/**
 * What each write run by a route action declares for the caches (server/cache/page-writes.ts,
 * `WriteSpec.changes`): the real action inside a tracked request, as server/http/app.ts runs it, and
 * the set `onChange` receives once the answer is finished. A write that changes what pages show
 * declares `pages`; a member's own read marks `member` (only when one changed); a private message
 * `own` (its event names whose caches every instance forgets); activity pings, unused post images,
 * queued admin mail and dismissed reports nothing.
 */
import { EventEmitter } from "node:events";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as accountDeleteConfirm from "../../../app/routes/account-delete-confirm";
import * as adminMessages from "../../../app/routes/admin-messages";
import * as adminReports from "../../../app/routes/admin-reports";
import * as adminRoles from "../../../app/routes/admin-roles";
import * as adminUsers from "../../../app/routes/admin-users";
import * as conversationPage from "../../../app/routes/conversation";
import * as inboxNew from "../../../app/routes/inbox-new";
import * as apiNotifications from "../../../app/routes/api-notifications";
import * as apiPostImages from "../../../app/routes/api-post-images";
import * as apiPresence from "../../../app/routes/api-presence";
import * as apiUploads from "../../../app/routes/api-uploads";
import * as notificationsPage from "../../../app/routes/notifications";
import { trackWrites, type CacheChange } from "../../../server/cache/page-writes";
import { createComment, createThread } from "../../../server/forum/commands";
import { listCategories } from "../../../server/forum/queries";
import { createReport } from "../../../server/moderation/reports";
import { DELETE_LINK_PATH, requestDeletionLink } from "../../../server/privacy/account";
import type { Viewer } from "../../../server/accounts/session";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { callRoute, sessionCookie, type RouteAnswer } from "../../../server/testing/route-call";

let forum: TestForum;
let categoryId: string;
let admin: { member: TestMember; cookie: string };
let moderator: { member: TestMember; cookie: string };

beforeAll(async () => {
  forum = await createTestForum();
  categoryId = (await listCategories(forum.services.db))[0]!.id;
  const a = await createMember(forum, { role: "admin" });
  const m = await createMember(forum, { role: "moderator" });
  admin = { member: a, cookie: await sessionCookie(forum, a) };
  moderator = { member: m, cookie: await sessionCookie(forum, m) };
}, 60_000);
afterAll(() => forum.close());

/**
 * Runs a route call inside a tracked POST request (trackWrites, as server/http/app.ts mounts it) and
 * reports its answer and what reached `onChange` when the answer finished.
 */
async function declared(call: () => Promise<RouteAnswer>): Promise<{ answer: RouteAnswer; changes: CacheChange[] }> {
  const changes: CacheChange[] = [];
  const res = Object.assign(new EventEmitter(), { statusCode: 200 });
  const track = trackWrites({ onChange: (set) => changes.push(...[...set].sort()) });
  const answer = await new Promise<RouteAnswer>((resolve, reject) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a stand-in for Express's request and answer
    track({ method: "POST" } as any, res as any, () => {
      call().then(resolve, reject);
    });
  });
  res.statusCode = answer.status;
  res.emit("finish");
  return { answer, changes };
}

async function member(): Promise<{ member: TestMember; cookie: string }> {
  const m = await createMember(forum);
  return { member: m, cookie: await sessionCookie(forum, m) };
}

const png = () => sharp({ create: { width: 48, height: 48, channels: 3, background: "#0f766e" } }).png().toBuffer();
const fileForm = async () => {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(await png())], { type: "image/png" }), "bild.png");
  return form;
};

describe("declared cache changes of the converted route actions", () => {
  it("notification read marks: 'member' when one turned read, nothing otherwise (bell and page)", async () => {
    const reader = await member();
    const writer = await createMember(forum);
    const thread = await createThread(forum.services.db, { ...reader.member, role: "member" }, { categoryId, title: "Läses", body: "Text" });
    await createComment(forum.services.db, { ...writer, role: "member" }, thread.id, { body: "En kommentar" });
    const bell = () => callRoute(forum, apiNotifications.action, { url: "/api/notifications", form: { intent: "read-all" }, cookie: reader.cookie });
    expect(await declared(bell)).toMatchObject({ answer: { status: 200, body: { ok: true, changed: 1 } }, changes: ["member"] });
    expect(await declared(bell)).toMatchObject({ answer: { status: 200, body: { ok: true, changed: 0 } }, changes: [] });
    await createComment(forum.services.db, { ...writer, role: "member" }, thread.id, { body: "En till" });
    const page = () => callRoute(forum, notificationsPage.action, { url: "/forum/notifications", form: { intent: "read-all" }, cookie: reader.cookie });
    expect((await declared(page)).changes).toEqual(["member"]);
    expect((await declared(page)).changes).toEqual([]);
  });

  it("private messages: 'own', never everyone's caches; a read of nothing unread: nothing", async () => {
    const a = await member();
    const b = await member();
    const start = () => callRoute(forum, inboxNew.action, { url: "/forum/inkorg/ny", form: { to: b.member.nickname, body: "Hej där!" }, cookie: a.cookie });
    const started = await declared(start);
    expect(started).toMatchObject({ answer: { status: 302 }, changes: ["own"] });
    const id = /inkorg\/([0-9a-f-]{36})/.exec(started.answer.location ?? "")![1]!;
    const at = (who: { cookie: string }, form: Record<string, string>) => () =>
      callRoute(forum, conversationPage.action, { url: `/forum/inkorg/${id}`, params: { conversationId: id }, form, cookie: who.cookie });
    expect(await declared(at(b, { intent: "send", body: "Svar!" }))).toMatchObject({ answer: { status: 302 }, changes: ["own"] });
    expect(await declared(at(a, { intent: "read" }))).toMatchObject({ answer: { status: 200 }, changes: ["own"] });
    expect(await declared(at(a, { intent: "read" }))).toMatchObject({ answer: { status: 200 }, changes: [] });
  });

  it("an activity ping and an uploaded post image: nothing", async () => {
    const me = await member();
    const ping = () => callRoute(forum, apiPresence.action, { url: "/api/presence", form: { date: "2025-03-01", hour: "9" }, cookie: me.cookie });
    expect(await declared(ping)).toMatchObject({ answer: { status: 200 }, changes: [] });
    const image = async () => callRoute(forum, apiPostImages.action, { url: "/api/uploads/post", multipart: await fileForm(), cookie: me.cookie });
    expect(await declared(image)).toMatchObject({ answer: { status: 200 }, changes: [] });
  });

  it("an avatar uploaded or removed: 'pages'; a refused upload: nothing", async () => {
    const me = await member();
    const call = async (form: FormData) =>
      callRoute(forum, apiUploads.action, { url: "/api/uploads/avatar", params: { kind: "avatar" }, multipart: form, cookie: me.cookie });
    expect(await declared(async () => call(await fileForm()))).toMatchObject({ answer: { status: 200 }, changes: ["pages"] });
    const remove = new FormData();
    remove.set("intent", "remove");
    expect(await declared(() => call(remove))).toMatchObject({ answer: { status: 200 }, changes: ["pages"] });
    expect(await declared(() => call(new FormData()))).toMatchObject({ answer: { status: 400 }, changes: [] });
  });

  it("admin: a queued message nothing; a role change and a deleted member 'pages'", async () => {
    const send = () =>
      callRoute(forum, adminMessages.action, {
        url: "/admin/messages",
        form: { intent: "send", recipients: "mottagare@exempel.se", subject: "Hej", content: "<p>Text</p>" },
        cookie: admin.cookie,
      });
    expect(await declared(send)).toMatchObject({ answer: { status: 200 }, changes: [] });
    const target = await createMember(forum);
    const role = () => callRoute(forum, adminRoles.action, { url: "/admin/roles", form: { intent: "set-role", userId: target.id, role: "moderator" }, cookie: admin.cookie });
    expect(await declared(role)).toMatchObject({ answer: { status: 200 }, changes: ["pages"] });
    const gone = await createMember(forum);
    const remove = () => callRoute(forum, adminUsers.action, { url: "/admin/users", form: { intent: "delete", userId: gone.id }, cookie: admin.cookie });
    expect(await declared(remove)).toMatchObject({ answer: { status: 200 }, changes: ["pages"] });
  });

  it("the report queue: a dismissal nothing, a block of the author 'pages'", async () => {
    const author = await createMember(forum);
    const reporter = await createMember(forum);
    const dismissed = await createThread(forum.services.db, { ...author, role: "member" }, { categoryId, title: "Avfärdas", body: "Text" });
    const blocked = await createThread(forum.services.db, { ...author, role: "member" }, { categoryId, title: "Blockeras", body: "Text" });
    for (const thread of [dismissed, blocked]) await createReport(forum.services.db, reporter, { targetType: "thread", targetId: thread.id, reason: "spam" });
    const decide = (decision: string, targetId: string) => () =>
      callRoute(forum, adminReports.action, { url: "/admin/reports", form: { decision, targetType: "thread", targetId }, cookie: moderator.cookie });
    expect(await declared(decide("dismiss", dismissed.id))).toMatchObject({ answer: { status: 200 }, changes: [] });
    expect(await declared(decide("block", blocked.id))).toMatchObject({ answer: { status: 200 }, changes: ["pages"] });
  });

  it("an account deleted by its mailed link: 'pages'", async () => {
    const leaving = await createMember(forum);
    const viewer: Viewer = { ...leaving, avatarUrl: null, edgeLevel: 0, hasPassword: true, blocked: false, mutedIds: new Set(), inboxUnread: 0 };
    expect(await requestDeletionLink(forum.services, viewer)).toEqual({ ok: true });
    const token = new URL(forum.mails.at(-1)!.text.match(/https?:\/\/\S+/)![0]).searchParams.get("token")!;
    const use = () => callRoute(forum, accountDeleteConfirm.action, { url: DELETE_LINK_PATH, form: { token } });
    expect(await declared(use)).toMatchObject({ answer: { status: 302 }, changes: ["pages"] });
  });
});
