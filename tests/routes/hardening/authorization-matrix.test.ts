/**
 * The authorisation matrix of every member route ("every loader and action
 * that reads or writes private data is covered by the matrix test"). Moderation and admin routes
 * have their own matrix (`tests/routes/moderation/authorization.test.ts`); the member-to-member id
 * tricks are in `object-access.test.ts`. This file covers the rest, as a table: for each route
 * and operation a row with the expected answer for a visitor, a member, the owner of the object,
 * a blocked member, a moderator and an admin, and the expected effect in the database (a
 * forbidden write changed nothing, an allowed one did; a read carried the private data only to
 * whom it belongs). Every request is a hand-made `Request` through the route's own loader or
 * action with a real session cookie (`server/testing/route-call.ts`). Private messages ('Inkorg')
 * are here whole: the inbox, 'Nytt meddelande', every form of a conversation (the owner is its
 * participant; anyone else, staff included, must get the very answer of a conversation that does
 * not exist) and the moderators' decision on a message (`/admin/reports`, intent `message`).
 *
 * The last describe is a guard: every module in `app/routes/` with a loader or action must be in
 * this matrix, in the moderation matrix, or in {@link PUBLIC_ROUTES} with a reason, so a new route
 * without coverage fails the suite.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { and, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as accountDeleteConfirm from "../../../app/routes/account-delete-confirm";
import * as account from "../../../app/routes/account";
import * as adminJobs from "../../../app/routes/admin-jobs";
import * as adminLayout from "../../../app/routes/admin-layout";
import * as apiBio from "../../../app/routes/api-bio";
import * as apiEvents from "../../../app/routes/api-events";
import * as apiFollow from "../../../app/routes/api-follow";
import * as apiWatchlist from "../../../app/routes/api-watchlist";
import * as apiMute from "../../../app/routes/api-mute";
import * as apiBookmark from "../../../app/routes/api-bookmark";
import * as savedPage from "../../../app/routes/saved";
import * as apiPush from "../../../app/routes/api-push";
import * as apiRevisions from "../../../app/routes/api-revisions";
import * as apiTheme from "../../../app/routes/api-theme";
import * as tickerPage from "../../../app/routes/ticker";
import * as watchlistPage from "../../../app/routes/watchlist";
import * as apiMentions from "../../../app/routes/api-mentions";
import * as apiMyData from "../../../app/routes/api-my-data";
import * as apiNicknameAvailable from "../../../app/routes/api-nickname-available";
import * as apiNotifications from "../../../app/routes/api-notifications";
import * as apiPresence from "../../../app/routes/api-presence";
import * as apiUnread from "../../../app/routes/api-unread";
import * as apiInbox from "../../../app/routes/api-inbox";
import * as adminReports from "../../../app/routes/admin-reports";
import * as conversationRoute from "../../../app/routes/conversation";
import * as inboxPage from "../../../app/routes/inbox";
import * as inboxNew from "../../../app/routes/inbox-new";
import * as apiPreview from "../../../app/routes/api-preview";
import * as apiProfileCard from "../../../app/routes/api-profile-card";
import * as apiSearch from "../../../app/routes/api-search";
import * as apiUploads from "../../../app/routes/api-uploads";
import * as apiPostImages from "../../../app/routes/api-post-images";
import * as authLogout from "../../../app/routes/auth-logout";
import * as authSetPassword from "../../../app/routes/auth-set-password";
import * as category from "../../../app/routes/category";
import * as editThreadRoute from "../../../app/routes/edit-thread";
import * as forumHome from "../../../app/routes/forum-home";
import * as newThread from "../../../app/routes/new-thread";
import * as notFound from "../../../app/routes/not-found";
import * as notificationsPage from "../../../app/routes/notifications";
import * as profilePage from "../../../app/routes/profile";
import * as profileRedirect from "../../../app/routes/profile-redirect";
import * as searchPage from "../../../app/routes/search";
import * as threadRoute from "../../../app/routes/thread";
import * as unsubscribe from "../../../app/routes/unsubscribe";
import * as digestUnsubscribe from "../../../app/routes/digest-unsubscribe";
import { digestUnsubscribeToken } from "../../../server/digest/unsubscribe";
import { conversationPath } from "../../../domain/messages";
import { conversationMembers, messageReports, messages } from "../../../server/db/schema";
import { reportMessageWrite, sendMessageWrite, startConversationWrite } from "../../../server/messages/commands";
import { runWrite, unwrap } from "../../../server/writes/pipeline";
import { notificationSettings } from "../../../server/db/schema";
import { unsubscribeToken } from "../../../server/admin/unsubscribe";
import { comments, moderationLog, notifications, postImages, postRevisions, profiles, reactions, threads, threadSubscriptions, user, userActivity, userFollows, watchlistTickers } from "../../../server/db/schema";
import { createComment, createThread } from "../../../server/forum/commands";
import { editComment } from "../../../server/forum/edits";
import { deleteMember } from "../../../server/privacy/delete-account";
import { listCategories } from "../../../server/forum/queries";
import { follow } from "../../../server/follows/commands";
import { blockUser } from "../../../server/moderation/blocks";
import { createReport } from "../../../server/moderation/reports";
import { servicesContext } from "../../../server/platform/services";
import { bookmarks, memberMutes, pushSubscriptions } from "../../../server/db/schema";
import { pollOptions, polls, pollVotes } from "../../../server/db/schema";
import { threadReads } from "../../../server/db/schema";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { lockThread, pinThread, setSlowMode } from "../../../server/thread-tools/commands";
import { callRoute, threadUrl as canonicalUrl, sessionCookie, type RouteAnswer, type RouteHandler } from "../../../server/testing/route-call";

type Who = "visitor" | "member" | "owner" | "blocked" | "moderator" | "admin";
const WHO: Who[] = ["visitor", "member", "owner", "blocked", "moderator", "admin"];
type Person = Exclude<Who, "visitor">;

/**
 * An expected answer: an HTTP status, `"login"` (302 to /auth/login carrying the page) or
 * `"forum"` (302 to /forum: a member without the role on an admin page, or where a finished
 * logout, password change or account deletion goes).
 */
type Outcome = number | "login" | "forum";

/** What one call of a row did. */
interface Done {
  answer: RouteAnswer;
  /** Whether the operation took effect, as the row's `effect` column describes it. */
  effect: boolean;
}

/** One line of the matrix. */
interface Row {
  /** The module in app/routes/. */
  route: string;
  /** The operation, and what "effect" means for it. */
  op: string;
  /** Expected answer per actor, in {@link WHO} order. */
  status: [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome];
  /** Expected effect per actor, in {@link WHO} order: `+` took effect, `-` did not. */
  effect: string;
  /** Makes the request as `who` (fresh objects per call) and reads the effect from the database. */
  run(who: Who): Promise<Done>;
}

let forum: TestForum;
let categoryId: string;
const people = {} as Record<Person, TestMember>;
const cookies = {} as Record<Who, string>;
/** A member the owner follows: their new threads notify the owner. */
let poster: TestMember;
/** The third member of the owner's group conversations ('Inkorg'), and the owner's one-to-one pen pal. */
let penPal: TestMember;
const db = () => forum.services.db;
const asActor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
const threadUrl = (threadId: string) => `/forum/kategori/${categoryId}/trad/${threadId}`;
let counter = 0;
const unique = (label: string) => `${label} ${++counter}`;

beforeAll(async () => {
  forum = await createTestForum({ ACTION_LIMIT_MULTIPLIER: "1000" });
  categoryId = (await listCategories(db()))[0]!.id;
  people.member = await createMember(forum, { nickname: "MatrisMedlem" });
  people.owner = await createMember(forum, { nickname: "MatrisÄgare" });
  people.blocked = await createMember(forum, { nickname: "MatrisBlockerad" });
  people.moderator = await createMember(forum, { nickname: "MatrisModerator", role: "moderator" });
  people.admin = await createMember(forum, { nickname: "MatrisAdmin", role: "admin" });
  poster = await createMember(forum, { nickname: "MatrisSkribent" });
  penPal = await createMember(forum, { nickname: "MatrisBrevvän" });
  await blockUser(db(), asActor(people.admin), people.blocked.id);
  await follow(db(), people.owner.id, poster.id);
  await db().update(profiles).set({ bio: "Ägarens egen text" }).where(eq(profiles.id, people.owner.id));
  cookies.visitor = "";
  for (const who of WHO.slice(1) as Person[]) cookies[who] = await sessionCookie(forum, people[who]);
}, 60_000);
afterAll(async () => forum?.close());

/** Every fixture member's e-mail address: none may show up where it does not belong. */
const allEmails = () => (WHO.slice(1) as Person[]).map((w) => people[w].email);

/** Calls `handler` as `who` with the fixture cookie (or `cookie` when given). */
const call = (handler: RouteHandler, who: Who, options: Parameters<typeof callRoute>[2]) =>
  callRoute(forum, handler, { cookie: cookies[who] || undefined, ...options });

/** The caller's watchlist rows (of one ticker when given). */
const watchedBy = (who: Person, ticker?: string) =>
  db()
    .select()
    .from(watchlistTickers)
    .where(ticker ? and(eq(watchlistTickers.userId, people[who].id), eq(watchlistTickers.ticker, ticker)) : eq(watchlistTickers.userId, people[who].id));

/** A thread of the owner's. */
async function ownersThread(): Promise<string> {
  return (await createThread(db(), asActor(people.owner), { categoryId, title: unique("Ägarens tråd"), body: "Text" })).id;
}

/** A comment of the owner's in a thread of the owner's. */
async function ownersComment(): Promise<{ threadId: string; commentId: string }> {
  const threadId = await ownersThread();
  const { id } = await createComment(db(), asActor(people.owner), threadId, { body: unique("Ägarens kommentar") });
  return { threadId, commentId: id };
}

/** A thread of the owner's with a single-choice poll ('Omröstning'): its id and option ids. */
async function ownersPoll(): Promise<{ threadId: string; optionIds: string[] }> {
  const { id } = await createThread(db(), asActor(people.owner), { categoryId, title: unique("Ägarens omröstning"), body: "Rösta", pollOptions: ["Ja", "Nej"] });
  const rows = await db().select({ id: pollOptions.id }).from(pollOptions).where(eq(pollOptions.threadId, id)).orderBy(pollOptions.position);
  return { threadId: id, optionIds: rows.map((r) => r.id) };
}

/** The poll votes of a thread. */
const votesIn = (threadId: string) => db().select().from(pollVotes).where(eq(pollVotes.threadId, threadId));

/** A fresh unread notification of the owner's (a followed member starts a thread). */
async function ownersNotification(): Promise<string> {
  const { id: threadId } = await createThread(db(), asActor(poster), { categoryId, title: unique("Skribentens tråd"), body: "Hej" });
  const [row] = await db()
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, people.owner.id), eq(notifications.referenceId, threadId)));
  return row!.id;
}

const isRead = async (id: string) => (await db().select({ read: notifications.read }).from(notifications).where(eq(notifications.id, id)))[0]!.read;
const exists = async (table: typeof threads | typeof comments, id: string) =>
  (await db().select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0;
const profileOf = async (id: string) => (await db().select().from(profiles).where(eq(profiles.id, id)))[0];
const userExists = async (id: string) => (await db().select({ id: user.id }).from(user).where(eq(user.id, id))).length > 0;

/**
 * A throwaway account with the role of `who` (blocked for "blocked"), signed in: for rows that
 * delete the account or change its password, so the fixtures stay intact.
 */
async function disposable(who: Who): Promise<{ member: TestMember | null; cookie: string }> {
  if (who === "visitor") return { member: null, cookie: "" };
  const role = who === "moderator" ? "moderator" : who === "admin" ? "admin" : "member";
  const member = await createMember(forum, { role });
  if (who === "blocked") await blockUser(db(), asActor(people.admin), member.id);
  return { member, cookie: await sessionCookie(forum, member) };
}

/** A comment whose author edited it and then deleted their account (made once). */
let deletedEditor: Promise<{ commentId: string; nickname: string; email: string }> | undefined;
function deletedEditorsComment() {
  deletedEditor ??= (async () => {
    const editor = await createMember(forum, { nickname: "MatrisRaderad" });
    const threadId = await ownersThread();
    const { id: commentId } = await createComment(db(), asActor(editor), threadId, { body: "Första versionen" });
    await editComment(db(), asActor(editor), threadId, commentId, { body: "Andra versionen, rättad" });
    expect((await deleteMember(db(), editor.id)).deleted).toBe(true);
    return { commentId, nickname: editor.nickname, email: editor.email };
  })();
  return deletedEditor;
}

/** Whether a sign-in with the password works (the account exists with that password). */
async function canSignIn(email: string, password: string): Promise<boolean> {
  try {
    await forum.services.auth.api.signInEmail({ body: { email, password } });
    return true;
  } catch {
    return false;
  }
}

/**
 * Opens `/api/events` as `who` and reads until the `ready` event (or 5 s), then closes the
 * stream: the route answers a never-ending body, which {@link callRoute} cannot read.
 */
async function openEvents(who: Who, url: string, lastEventId?: string): Promise<{ status: number; text: string }> {
  const abort = new AbortController();
  const headers: Record<string, string> = { origin: "http://localhost:3000" };
  if (cookies[who]) headers.cookie = cookies[who];
  if (lastEventId !== undefined) headers["last-event-id"] = lastEventId;
  const request = new Request(`http://localhost:3000${url}`, { headers, signal: abort.signal });
  const context = new RouterContextProvider();
  context.set(servicesContext, forum.services);
  const res = (await apiEvents.loader({ request, context, params: {} } as any)) as Response;
  if (res.status !== 200 || !res.headers.get("content-type")?.startsWith("text/event-stream")) {
    return { status: res.status, text: await res.text() };
  }
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + 5000;
  while (!text.includes("event: ready") && Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), 500))]);
    if (chunk && !chunk.done) text += decoder.decode(chunk.value, { stream: true });
    if (chunk?.done) break;
  }
  abort.abort();
  await reader.cancel().catch(() => {});
  return { status: 200, text };
}

/**
 * Calls a handler that answers plain text (405 "Method Not Allowed"), which {@link callRoute}
 * would try to parse as JSON.
 */
/** Browser-shaped keys of a push subscription (87 and 22 base64url characters). */
function pushKeys() {
  return { p256dh: "B" + "x".repeat(86), auth: "a".repeat(22) };
}

/** A DELETE with form fields, as the push toggle sends it. */
async function callDelete(handler: RouteHandler, who: Who, url: string, form: Record<string, string>): Promise<RouteAnswer> {
  const headers: Record<string, string> = { origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded" };
  if (cookies[who]) headers.cookie = cookies[who];
  const context = new RouterContextProvider();
  context.set(servicesContext, forum.services);
  const request = new Request(`http://localhost:3000${url}`, { method: "DELETE", headers, body: new URLSearchParams(form).toString() });
  const res = (await handler({ request, context, params: {} })) as Response;
  return { status: res.status, headers: res.headers, location: res.headers.get("location"), body: await res.json() };
}

async function callText(handler: RouteHandler, who: Who, url: string, params: Record<string, string> = {}): Promise<RouteAnswer> {
  const headers: Record<string, string> = { origin: "http://localhost:3000" };
  if (cookies[who]) headers.cookie = cookies[who];
  const context = new RouterContextProvider();
  context.set(servicesContext, forum.services);
  const res = (await handler({ request: new Request(`http://localhost:3000${url}`, { headers }), context, params })) as Response;
  return { status: res.status, headers: res.headers, location: res.headers.get("location"), body: await res.text() };
}

/** A row's answer compared with its {@link Outcome}. */
function outcomeOf(answer: RouteAnswer): Outcome {
  if (answer.status === 302 && answer.location?.startsWith("/auth/login")) return "login";
  if (answer.status === 302 && answer.location === "/forum") return "forum";
  return answer.status;
}

const png = () => sharp({ create: { width: 32, height: 32, channels: 3, background: "#0a7" } }).png().toBuffer();
async function imageForm(): Promise<FormData> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(await png())], { type: "image/png" }), "bild.png");
  return form;
}


// --- 'Inkorg': private conversations ---------------------------------------------------------

/** A conversation id and a message id that exist nowhere: what a non-participant must not tell apart. */
const NO_CONVERSATION = "00000000-0000-4000-8000-00000000c0de";
const NO_MESSAGE = "00000000-0000-4000-8000-00000000beef";

/**
 * A fresh group conversation of the owner's with the poster and the pen pal: the owner's opening
 * message and the poster's reply (unread for the owner).
 */
async function ownersConversation(): Promise<{ id: string; ownMessageId: string; posterMessageId: string }> {
  const opened = unwrap(
    await runWrite(startConversationWrite, { db: db(), actor: asActor(people.owner) }, { to: `${poster.nickname}, ${penPal.nickname}`, body: unique("Ägarens meddelande") }),
  ).value;
  const reply = unwrap(await runWrite(sendMessageWrite, { db: db(), actor: asActor(poster) }, { conversationId: opened.conversationId, body: unique("Skribentens svar") })).value;
  return { id: opened.conversationId, ownMessageId: opened.messageId, posterMessageId: reply.messageId };
}

/** The owner's membership row of a conversation. */
const ownersMembership = async (conversationId: string) =>
  (
    await db()
      .select()
      .from(conversationMembers)
      .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, people.owner.id)))
  )[0]!;

const messageRow = async (id: string) => (await db().select().from(messages).where(eq(messages.id, id)))[0]!;

/**
 * A conversation form posted as `who`; for anyone but the owner (a participant) and a visitor, the
 * same form against a conversation and message that do not exist must get the very same answer,
 * so the answer does not tell that the conversation exists (the echoed `messageId` aside).
 */
async function conversationForm(who: Who, conversationId: string, form: Record<string, string>): Promise<RouteAnswer> {
  const post = (id: string, fields: Record<string, string>) =>
    call(conversationRoute.action, who, { url: conversationPath(id), params: { conversationId: id }, form: fields });
  const answer = await post(conversationId, form);
  if (who !== "owner" && who !== "visitor") {
    const nothing = await post(NO_CONVERSATION, form.messageId ? { ...form, messageId: NO_MESSAGE } : form);
    const strip = (body: any) => (body && typeof body === "object" ? { ...body, messageId: undefined } : body);
    expect({ status: answer.status, body: strip(answer.body) }, `${who}: the same answer as for no conversation`).toEqual({
      status: nothing.status,
      body: strip(nothing.body),
    });
  }
  return answer;
}

/** A moderator's decision on a message ('intent=message' of /admin/reports), compared like {@link conversationForm} for staff. */
async function messageDecision(who: Who, messageId: string, action: string): Promise<RouteAnswer> {
  const post = (id: string) => call(adminReports.action, who, { url: "/admin/reports", form: { intent: "message", messageId: id, action } });
  const answer = await post(messageId);
  if (answer.status === 404) expect(answer.body, `${who}: the same answer as for no message`).toEqual((await post(NO_MESSAGE)).body);
  return answer;
}

// ---------------------------------------------------------------------------------------------
// The matrix. Columns: visitor, member, owner, blocked, moderator, admin.
// ---------------------------------------------------------------------------------------------

const ROWS: Row[] = [
  // --- thread.tsx: the thread page and every write of it -------------------------------------
  {
    route: "thread.tsx",
    op: "read the owner's thread (effect: the page carries it, with no e-mail address)",
    status: [200, 200, 200, 200, 200, 200],
    effect: "++++++",
    async run(who) {
      const threadId = await ownersThread();
      const answer = await call(threadRoute.loader, who, { url: await canonicalUrl(forum, threadId), params: { categoryId, threadId } });
      const text = JSON.stringify(answer.body);
      return { answer, effect: answer.body?.thread?.id === threadId && !allEmails().some((e) => text.includes(e)) };
    },
  },
  {
    route: "thread.tsx",
    op: "comment on the owner's thread (effect: the comment is stored)",
    status: [401, 200, 200, 403, 200, 200],
    effect: "-++-++",
    async run(who) {
      const threadId = await ownersThread();
      const body = unique(`Kommentar av ${who}`);
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "comment", body } });
      const stored = await db().select().from(comments).where(and(eq(comments.threadId, threadId), eq(comments.body, body)));
      return { answer, effect: stored.length === 1 };
    },
  },
  {
    route: "thread.tsx",
    op: "reply to the owner's comment (effect: the reply is stored under it)",
    status: [401, 200, 200, 403, 200, 200],
    effect: "-++-++",
    async run(who) {
      const { threadId, commentId } = await ownersComment();
      const body = unique(`Svar av ${who}`);
      const answer = await call(threadRoute.action, who, {
        url: threadUrl(threadId),
        params: { categoryId, threadId },
        form: { intent: "comment", body, parentId: commentId },
      });
      const stored = await db().select().from(comments).where(and(eq(comments.parentId, commentId), eq(comments.body, body)));
      return { answer, effect: stored.length === 1 };
    },
  },
  {
    route: "thread.tsx",
    op: "react to the owner's thread (effect: the reaction is stored; never on one's own)",
    status: [401, 200, 403, 200, 200, 200],
    effect: "-+-+++",
    async run(who) {
      const threadId = await ownersThread();
      const answer = await call(threadRoute.action, who, {
        url: threadUrl(threadId),
        params: { categoryId, threadId },
        form: { intent: "react", targetType: "thread", targetId: threadId, reactionType: "bull" },
      });
      const stored = await db().select().from(reactions).where(eq(reactions.targetId, threadId));
      return { answer, effect: stored.length === 1 && stored[0]!.userId === people[who as Person]?.id };
    },
  },
  {
    route: "thread.tsx",
    op: "react to the owner's comment (effect: the reaction is stored)",
    status: [401, 200, 403, 200, 200, 200],
    effect: "-+-+++",
    async run(who) {
      const { threadId, commentId } = await ownersComment();
      const answer = await call(threadRoute.action, who, {
        url: threadUrl(threadId),
        params: { categoryId, threadId },
        form: { intent: "react", targetType: "comment", targetId: commentId, reactionType: "fire" },
      });
      const stored = await db().select().from(reactions).where(eq(reactions.targetId, commentId));
      return { answer, effect: stored.length === 1 && stored[0]!.userId === people[who as Person]?.id };
    },
  },
  {
    route: "thread.tsx",
    op: "delete the owner's comment (effect: the row is gone)",
    status: [401, 403, 200, 403, 200, 200],
    effect: "--+-++",
    async run(who) {
      const { threadId, commentId } = await ownersComment();
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "delete-comment", id: commentId } });
      return { answer, effect: !(await exists(comments, commentId)) };
    },
  },
  {
    route: "thread.tsx",
    op: "delete the owner's comment through another thread's URL (effect: the row is gone)",
    status: [401, 404, 404, 404, 404, 404],
    effect: "------",
    async run(who) {
      const { commentId } = await ownersComment();
      const other = await ownersThread();
      const answer = await call(threadRoute.action, who, { url: threadUrl(other), params: { categoryId, threadId: other }, form: { intent: "delete-comment", id: commentId } });
      return { answer, effect: !(await exists(comments, commentId)) };
    },
  },
  {
    route: "thread.tsx",
    op: "delete the owner's thread (effect: the row is gone; success redirects to the category)",
    status: [401, 403, 302, 403, 302, 302],
    effect: "--+-++",
    async run(who) {
      const threadId = await ownersThread();
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "delete-thread" } });
      if (answer.status === 302) expect(answer.location).toBe(`/forum/kategori/${categoryId}`);
      return { answer, effect: !(await exists(threads, threadId)) };
    },
  },
  {
    route: "thread.tsx",
    op: "an unknown intent (effect: the thread changed)",
    status: [401, 400, 400, 400, 400, 400],
    effect: "------",
    async run(who) {
      const threadId = await ownersThread();
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "edit-thread", title: "Kapad" } });
      const [row] = await db().select({ title: threads.title }).from(threads).where(eq(threads.id, threadId));
      return { answer, effect: row?.title === "Kapad" };
    },
  },

  {
    route: "thread.tsx",
    op: "edit the owner's comment in place (effect: the text changed; staff's edit is logged with its reason and kept as a revision)",
    status: [401, 403, 200, 403, 200, 200],
    effect: "--+-++",
    async run(who) {
      const { threadId, commentId } = await ownersComment();
      const body = unique(`Redigerad av ${who}`);
      const answer = await call(threadRoute.action, who, {
        url: threadUrl(threadId),
        params: { categoryId, threadId },
        form: { intent: "edit-comment", id: commentId, body, reason: "Rättade länk" },
      });
      const [row] = await db().select({ body: comments.body }).from(comments).where(eq(comments.id, commentId));
      const logged = await db().select().from(moderationLog).where(eq(moderationLog.targetId, commentId));
      const kept = await db().select().from(postRevisions).where(eq(postRevisions.commentId, commentId));
      const staff = who === "moderator" || who === "admin";
      if (row?.body === body) {
        // The owner's edit right after posting leaves no trace; staff's always does.
        expect(logged.map((l) => [l.action, l.reason]), who).toEqual(staff ? [["edit_comment", "Rättade länk"]] : []);
        expect(kept.length, who).toBe(staff ? 1 : 0);
      }
      return { answer, effect: row?.body === body };
    },
  },
  {
    route: "thread.tsx",
    op: "edit the owner's comment through another thread's URL (effect: the text changed)",
    status: [401, 404, 404, 404, 404, 404],
    effect: "------",
    async run(who) {
      const { commentId } = await ownersComment();
      const other = await ownersThread();
      const answer = await call(threadRoute.action, who, { url: threadUrl(other), params: { categoryId, threadId: other }, form: { intent: "edit-comment", id: commentId, body: "Kapad" } });
      const [row] = await db().select({ body: comments.body }).from(comments).where(eq(comments.id, commentId));
      return { answer, effect: row?.body === "Kapad" };
    },
  },
  {
    route: "thread.tsx",
    op: "vote in the owner's poll (effect: the caller's vote is stored; a blocked member cannot vote)",
    status: [401, 200, 200, 403, 200, 200],
    effect: "-++-++",
    async run(who) {
      const { threadId, optionIds } = await ownersPoll();
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "vote", optionId: optionIds[1]! } });
      const stored = await votesIn(threadId);
      return { answer, effect: stored.length === 1 && stored[0]!.userId === people[who as Person]?.id && stored[0]!.optionId === optionIds[1] };
    },
  },
  {
    route: "thread.tsx",
    op: "vote in the owner's closed poll (effect: a vote is stored)",
    status: [401, 403, 403, 403, 403, 403],
    effect: "------",
    async run(who) {
      const { threadId, optionIds } = await ownersPoll();
      await db().update(polls).set({ closesAt: new Date(Date.now() - 1000) }).where(eq(polls.threadId, threadId));
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "vote", optionId: optionIds[0]! } });
      return { answer, effect: (await votesIn(threadId)).length > 0 };
    },
  },
  {
    route: "thread.tsx",
    op: "vote with an option of another poll (effect: a vote is stored in either poll)",
    status: [401, 400, 400, 403, 400, 400],
    effect: "------",
    async run(who) {
      const target = await ownersPoll();
      const other = await ownersPoll();
      const answer = await call(threadRoute.action, who, {
        url: threadUrl(target.threadId),
        params: { categoryId, threadId: target.threadId },
        form: { intent: "vote", optionId: other.optionIds[0]! },
      });
      return { answer, effect: (await votesIn(target.threadId)).length + (await votesIn(other.threadId)).length > 0 };
    },
  },

  // --- thread.tsx: the moderators' thread tools and a locked thread ---------------------------
  // Staff act on the thread as a place ('Fäst', 'Lås', 'Flytta', 'Långsamt läge'); 'Fäst på
  // startsidan' is the admins'; 'Slå ihop' removes the merged thread, so it needs the power to
  // delete it; a lock gives staff no power over posts beyond their usual ones.
  {
    route: "thread.tsx",
    op: "pin the owner's thread in its category (effect: pinned and logged)",
    status: [401, 403, 403, 403, 200, 200],
    effect: "----++",
    async run(who) {
      const threadId = await ownersThread();
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "pin", pin: "category" } });
      const [row] = await db().select({ pinnedAt: threads.pinnedAt }).from(threads).where(eq(threads.id, threadId));
      const logged = await db().select().from(moderationLog).where(and(eq(moderationLog.targetId, threadId), eq(moderationLog.action, "pin_thread")));
      return { answer, effect: row?.pinnedAt != null && logged.length === 1 };
    },
  },
  {
    route: "thread.tsx",
    op: "pin the owner's thread to the forum home (effect: pinned there; admins only)",
    status: [401, 403, 403, 403, 403, 200],
    effect: "-----+",
    async run(who) {
      const threadId = await ownersThread();
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "pin", pin: "home" } });
      const [row] = await db().select({ pinnedHome: threads.pinnedHome }).from(threads).where(eq(threads.id, threadId));
      return { answer, effect: row?.pinnedHome === true };
    },
  },
  {
    route: "thread.tsx",
    op: "loosen a thread an admin pinned to the forum home (effect: no longer pinned; admins only)",
    status: [401, 403, 403, 403, 403, 200],
    effect: "-----+",
    async run(who) {
      const threadId = await ownersThread();
      await pinThread(db(), asActor(people.admin), threadId, "home");
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "pin", pin: "off" } });
      const [row] = await db().select({ pinnedAt: threads.pinnedAt }).from(threads).where(eq(threads.id, threadId));
      return { answer, effect: row?.pinnedAt === null };
    },
  },
  {
    route: "thread.tsx",
    op: "lock the owner's thread (effect: locked and logged)",
    status: [401, 403, 403, 403, 200, 200],
    effect: "----++",
    async run(who) {
      const threadId = await ownersThread();
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "lock" } });
      const [row] = await db().select({ lockedAt: threads.lockedAt }).from(threads).where(eq(threads.id, threadId));
      const logged = await db().select().from(moderationLog).where(and(eq(moderationLog.targetId, threadId), eq(moderationLog.action, "lock_thread")));
      return { answer, effect: row?.lockedAt != null && logged.length === 1 };
    },
  },
  {
    route: "thread.tsx",
    op: "unlock the owner's locked thread (effect: open again)",
    status: [401, 403, 403, 403, 200, 200],
    effect: "----++",
    async run(who) {
      const threadId = await ownersThread();
      await lockThread(db(), asActor(people.moderator), threadId, true);
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "unlock" } });
      const [row] = await db().select({ lockedAt: threads.lockedAt }).from(threads).where(eq(threads.id, threadId));
      return { answer, effect: row?.lockedAt === null };
    },
  },
  {
    route: "thread.tsx",
    op: "move the owner's thread to another category (effect: moved; success redirects to its new URL)",
    status: [401, 403, 403, 403, 302, 302],
    effect: "----++",
    async run(who) {
      const threadId = await ownersThread();
      const other = (await listCategories(db())).find((c) => c.id !== categoryId)!.id;
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "move", categoryId: other } });
      const [row] = await db().select({ categoryId: threads.categoryId }).from(threads).where(eq(threads.id, threadId));
      if (answer.status === 302) expect(answer.location).toContain(`/forum/kategori/${other}/trad/${threadId}`);
      return { answer, effect: row?.categoryId === other };
    },
  },
  {
    route: "thread.tsx",
    op: "merge the owner's thread into another (effect: the thread is gone; success redirects to the target)",
    status: [401, 403, 403, 403, 302, 302],
    effect: "----++",
    async run(who) {
      const threadId = await ownersThread();
      const target = await ownersThread();
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "merge", target } });
      if (answer.status === 302) expect(answer.location).toContain(`/trad/${target}`);
      return { answer, effect: !(await exists(threads, threadId)) };
    },
  },
  {
    route: "thread.tsx",
    op: "merge an admin's thread into another (effect: the thread is gone; a moderator may not remove an admin's thread)",
    status: [401, 403, 403, 403, 403, 302],
    effect: "-----+",
    async run(who) {
      const threadId = (await createThread(db(), asActor(people.admin), { categoryId, title: unique("Adminens tråd"), body: "Text" })).id;
      const target = await ownersThread();
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "merge", target } });
      return { answer, effect: !(await exists(threads, threadId)) };
    },
  },
  {
    route: "thread.tsx",
    op: "set slow mode on the owner's thread (effect: one comment per 5 minutes)",
    status: [401, 403, 403, 403, 200, 200],
    effect: "----++",
    async run(who) {
      const threadId = await ownersThread();
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "slow-mode", minutes: "5" } });
      const [row] = await db().select({ minutes: threads.slowModeMinutes }).from(threads).where(eq(threads.id, threadId));
      return { answer, effect: row?.minutes === 5 };
    },
  },
  {
    route: "thread.tsx",
    op: "comment twice within slow mode's 5 minutes (effect: the second comment is stored; staff are exempt)",
    status: [401, 429, 429, 403, 200, 200],
    effect: "----++",
    async run(who) {
      const threadId = await ownersThread();
      await setSlowMode(db(), asActor(people.moderator), threadId, "5");
      const post = (body: string) => call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "comment", body } });
      await post(unique(`Första av ${who}`));
      const body = unique(`Andra av ${who}`);
      const answer = await post(body);
      const stored = await db().select().from(comments).where(and(eq(comments.threadId, threadId), eq(comments.body, body)));
      return { answer, effect: stored.length === 1 };
    },
  },
  {
    route: "thread.tsx",
    op: "comment on the owner's locked thread (effect: the comment is stored; staff only)",
    status: [401, 403, 403, 403, 200, 200],
    effect: "----++",
    async run(who) {
      const threadId = await ownersThread();
      await lockThread(db(), asActor(people.moderator), threadId, true);
      const body = unique(`Låst kommentar av ${who}`);
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "comment", body } });
      const stored = await db().select().from(comments).where(and(eq(comments.threadId, threadId), eq(comments.body, body)));
      return { answer, effect: stored.length === 1 };
    },
  },
  {
    route: "thread.tsx",
    op: "reply to the owner's comment in a locked thread (effect: the reply is stored; staff only)",
    status: [401, 403, 403, 403, 200, 200],
    effect: "----++",
    async run(who) {
      const { threadId, commentId } = await ownersComment();
      await lockThread(db(), asActor(people.moderator), threadId, true);
      const body = unique(`Låst svar av ${who}`);
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "comment", body, parentId: commentId } });
      const stored = await db().select().from(comments).where(and(eq(comments.parentId, commentId), eq(comments.body, body)));
      return { answer, effect: stored.length === 1 };
    },
  },
  {
    route: "thread.tsx",
    op: "react to the owner's locked thread (effect: the reaction is stored; staff only)",
    status: [401, 403, 403, 403, 200, 200],
    effect: "----++",
    async run(who) {
      const threadId = await ownersThread();
      await lockThread(db(), asActor(people.moderator), threadId, true);
      const answer = await call(threadRoute.action, who, {
        url: threadUrl(threadId),
        params: { categoryId, threadId },
        form: { intent: "react", targetType: "thread", targetId: threadId, reactionType: "bull" },
      });
      const stored = await db().select().from(reactions).where(eq(reactions.targetId, threadId));
      return { answer, effect: stored.length === 1 };
    },
  },
  {
    route: "thread.tsx",
    op: "edit the owner's comment in a locked thread (effect: the text changed; the author no longer may)",
    status: [401, 403, 403, 403, 200, 200],
    effect: "----++",
    async run(who) {
      const { threadId, commentId } = await ownersComment();
      await lockThread(db(), asActor(people.moderator), threadId, true);
      const body = unique(`Låst redigering av ${who}`);
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "edit-comment", id: commentId, body, reason: "Låst" } });
      const [row] = await db().select({ body: comments.body }).from(comments).where(eq(comments.id, commentId));
      return { answer, effect: row?.body === body };
    },
  },
  {
    route: "thread.tsx",
    op: "delete the owner's comment in a locked thread (effect: the row is gone; the lock changes no one's powers)",
    status: [401, 403, 200, 403, 200, 200],
    effect: "--+-++",
    async run(who) {
      const { threadId, commentId } = await ownersComment();
      await lockThread(db(), asActor(people.moderator), threadId, true);
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "delete-comment", id: commentId } });
      return { answer, effect: !(await exists(comments, commentId)) };
    },
  },
  {
    route: "thread.tsx",
    op: "edit an admin's comment in a locked thread (effect: the text changed; a moderator never edits an admin's post)",
    status: [401, 403, 403, 403, 403, 200],
    effect: "-----+",
    async run(who) {
      const threadId = await ownersThread();
      const { id: commentId } = await createComment(db(), asActor(people.admin), threadId, { body: unique("Adminens kommentar") });
      await lockThread(db(), asActor(people.moderator), threadId, true);
      const body = unique(`Låst redigering av ${who}`);
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "edit-comment", id: commentId, body, reason: "Låst" } });
      const [row] = await db().select({ body: comments.body }).from(comments).where(eq(comments.id, commentId));
      return { answer, effect: row?.body === body };
    },
  },

  // --- edit-thread.tsx ------------------------------------------------------------------------
  {
    route: "edit-thread.tsx",
    op: "open the owner's thread's edit page (effect: the form is prefilled with its title)",
    status: ["login", 403, 200, 403, 200, 200],
    effect: "--+-++",
    async run(who) {
      const threadId = await ownersThread();
      const answer = await call(editThreadRoute.loader, who, { url: `/forum/edit/${threadId}`, params: { postId: threadId } });
      const [row] = await db().select({ title: threads.title }).from(threads).where(eq(threads.id, threadId));
      return { answer, effect: answer.status === 200 && answer.body?.thread?.title === row!.title };
    },
  },
  {
    route: "edit-thread.tsx",
    op: "save an edit of the owner's thread (effect: the title changed; success redirects to the thread)",
    status: [401, 403, 302, 403, 302, 302],
    effect: "--+-++",
    async run(who) {
      const threadId = await ownersThread();
      const title = unique(`Ny rubrik av ${who}`);
      const answer = await call(editThreadRoute.action, who, {
        url: `/forum/edit/${threadId}`,
        params: { postId: threadId },
        form: { title, body: "Ny text", reason: "Rubriken var vilseledande" },
      });
      if (answer.status === 302) expect(answer.location).toBe(await canonicalUrl(forum, threadId));
      const [row] = await db().select({ title: threads.title }).from(threads).where(eq(threads.id, threadId));
      const logged = await db().select().from(moderationLog).where(eq(moderationLog.targetId, threadId));
      if (row?.title === title) {
        const staff = who === "moderator" || who === "admin";
        expect(logged.map((l) => [l.action, l.reason]), who).toEqual(staff ? [["edit_thread", "Rubriken var vilseledande"]] : []);
      }
      return { answer, effect: row?.title === title };
    },
  },
  {
    route: "edit-thread.tsx",
    op: "save an empty title (effect: the title changed; the answer keeps what was typed; input is parsed before the policy, as for every write)",
    status: [401, 400, 400, 400, 400, 400],
    effect: "------",
    async run(who) {
      const threadId = await ownersThread();
      const answer = await call(editThreadRoute.action, who, { url: `/forum/edit/${threadId}`, params: { postId: threadId }, form: { title: " ", body: "Behålls" } });
      if (answer.status === 400) expect(answer.body?.values?.body).toBe("Behålls");
      const [row] = await db().select({ title: threads.title }).from(threads).where(eq(threads.id, threadId));
      return { answer, effect: row?.title === " " };
    },
  },

  // --- new-thread.tsx -------------------------------------------------------------------------
  {
    route: "new-thread.tsx",
    op: "open the form (effect: it knows who is logged in)",
    status: [200, 200, 200, 200, 200, 200],
    effect: "++++++",
    async run(who) {
      const answer = await call(newThread.loader, who, { url: `/forum/ny-trad/${categoryId}`, params: { categoryId } });
      return { answer, effect: answer.body.loggedIn === (who !== "visitor") && answer.body.category.id === categoryId };
    },
  },
  {
    route: "new-thread.tsx",
    op: "create a thread (effect: it is stored with the caller as author)",
    status: [401, 302, 302, 403, 302, 302],
    effect: "-++-++",
    async run(who) {
      const title = unique(`Ny tråd av ${who}`);
      const answer = await call(newThread.action, who, { url: `/forum/ny-trad/${categoryId}`, params: { categoryId }, form: { title, body: "Innehåll" } });
      const stored = await db().select().from(threads).where(eq(threads.title, title));
      return { answer, effect: stored.length === 1 && stored[0]!.authorId === people[who as Person]?.id };
    },
  },
  {
    route: "new-thread.tsx",
    op: "create a thread with a poll (effect: it is stored with its poll and options)",
    status: [401, 302, 302, 403, 302, 302],
    effect: "-++-++",
    async run(who) {
      const title = unique(`Omröstning av ${who}`);
      const answer = await call(newThread.action, who, {
        url: `/forum/ny-trad/${categoryId}`,
        params: { categoryId },
        form: { title, body: "Rösta", poll: "on", "pollOption.0": "Köp", "pollOption.1": "Sälj" },
      });
      const [stored] = await db().select().from(threads).where(eq(threads.title, title));
      const options = stored ? await db().select().from(pollOptions).where(eq(pollOptions.threadId, stored.id)) : [];
      return { answer, effect: stored?.authorId === people[who as Person]?.id && options.length === 2 };
    },
  },

  // --- api-follow.ts --------------------------------------------------------------------------
  {
    route: "api-follow.ts",
    op: "follow the owner (effect: the caller now follows the owner; nobody follows themself)",
    status: [401, 200, 400, 200, 200, 200],
    effect: "-+-+++",
    async run(who) {
      const answer = await call(apiFollow.action, who, { url: "/api/follow", form: { intent: "follow", userId: people.owner.id } });
      const edge = who === "visitor" ? [] : await db().select().from(userFollows).where(and(eq(userFollows.followerId, people[who].id), eq(userFollows.followingId, people.owner.id)));
      return { answer, effect: edge.length === 1 };
    },
  },
  {
    route: "api-follow.ts",
    op: "unfollow the owner after following (effect: the edge is gone)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      if (who !== "visitor" && who !== "owner") await follow(db(), people[who].id, people.owner.id).catch(() => {});
      const before = await db().select().from(userFollows).where(eq(userFollows.followingId, people.owner.id));
      const answer = await call(apiFollow.action, who, { url: "/api/follow", form: { intent: "unfollow", userId: people.owner.id } });
      const after = await db().select().from(userFollows).where(eq(userFollows.followingId, people.owner.id));
      const mine = (rows: typeof after) => rows.filter((r) => who !== "visitor" && r.followerId === people[who].id).length;
      // The owner follows nobody called the owner: "effect" is then that nothing of anyone else's moved.
      const effect = who === "owner" ? after.length === before.length : mine(before) === 1 && mine(after) === 0 && after.length === before.length - 1;
      return { answer, effect: who === "visitor" ? after.length !== before.length : effect };
    },
  },
  {
    route: "api-follow.ts",
    op: "GET is not a follow (effect: none possible)",
    status: [405, 405, 405, 405, 405, 405],
    effect: "------",
    async run(who) {
      const answer = await callText(apiFollow.loader, who, `/api/follow?intent=follow&userId=${people.owner.id}`);
      return { answer, effect: false };
    },
  },

  // --- api-bio.ts -----------------------------------------------------------------------------
  {
    route: "api-bio.ts",
    op: "save a bio naming the owner's id (effect: the caller's own bio changed, the owner's only by the owner)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      const bio = unique(`Bio av ${who}`);
      const ownerBefore = (await profileOf(people.owner.id))!.bio;
      const answer = await call(apiBio.action, who, { url: "/api/bio", form: { bio, userId: people.owner.id, id: people.owner.id } });
      const ownerAfter = (await profileOf(people.owner.id))!.bio;
      if (who !== "owner") expect(ownerAfter, "the owner's bio").toBe(ownerBefore);
      const own = who === "visitor" ? null : (await profileOf(people[who].id))!.bio;
      return { answer, effect: own === bio };
    },
  },
  {
    route: "api-bio.ts",
    op: "GET is not a save (effect: none possible)",
    status: [405, 405, 405, 405, 405, 405],
    effect: "------",
    async run(who) {
      const answer = await callText(apiBio.loader, who, "/api/bio?bio=Kapad");
      return { answer, effect: (await profileOf(people.owner.id))!.bio === "Kapad" };
    },
  },

  // --- api-uploads.ts -------------------------------------------------------------------------
  {
    route: "api-uploads.ts",
    op: "upload an avatar (effect: the caller's avatar changed, nobody else's)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      const ownerBefore = (await profileOf(people.owner.id))!.avatarUrl;
      const answer = await call(apiUploads.action, who, { url: "/api/uploads/avatar", params: { kind: "avatar" }, multipart: await imageForm() });
      if (who !== "owner") expect((await profileOf(people.owner.id))!.avatarUrl, "the owner's avatar").toBe(ownerBefore);
      const own = who === "visitor" ? null : (await profileOf(people[who].id))!.avatarUrl;
      return { answer, effect: own !== null && own === answer.body?.url };
    },
  },
  {
    route: "api-uploads.ts",
    op: "remove a banner (effect: the caller's banner is gone, the owner's stays)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      // Everyone (the owner too) has a banner first.
      for (const w of ["owner", ...(who === "visitor" || who === "owner" ? [] : [who])] as Person[]) {
        if (!(await profileOf(people[w].id))!.bannerUrl) {
          const up = await call(apiUploads.action, w, { url: "/api/uploads/banner", params: { kind: "banner" }, multipart: await imageForm() });
          expect(up.status).toBe(200);
        }
      }
      const form = new FormData();
      form.set("intent", "remove");
      const answer = await call(apiUploads.action, who, { url: "/api/uploads/banner", params: { kind: "banner" }, multipart: form });
      if (who !== "owner") expect((await profileOf(people.owner.id))!.bannerUrl, "the owner's banner").not.toBeNull();
      const own = who === "visitor" ? "x" : (await profileOf(people[who].id))!.bannerUrl;
      return { answer, effect: own === null };
    },
  },
  {
    route: "api-uploads.ts",
    op: "an unknown kind (effect: any profile image changed)",
    status: [404, 404, 404, 404, 404, 404],
    effect: "------",
    async run(who) {
      const before = JSON.stringify(await db().select({ a: profiles.avatarUrl, b: profiles.bannerUrl }).from(profiles));
      const answer = await call(apiUploads.action, who, { url: "/api/uploads/attachment", params: { kind: "attachment" }, multipart: await imageForm() });
      return { answer, effect: JSON.stringify(await db().select({ a: profiles.avatarUrl, b: profiles.bannerUrl }).from(profiles)) !== before };
    },
  },
  {
    route: "api-uploads.ts",
    op: "GET is not offered (effect: none possible)",
    status: [405, 405, 405, 405, 405, 405],
    effect: "------",
    async run(who) {
      return { answer: await call(apiUploads.loader, who, { url: "/api/uploads/avatar", params: { kind: "avatar" } }), effect: false };
    },
  },

  // --- api-post-images.ts ---------------------------------------------------------------------
  {
    route: "api-post-images.ts",
    op: "upload a post image (effect: a post_images row owned by the caller; a blocked member cannot post)",
    status: [401, 200, 200, 403, 200, 200],
    effect: "-++-++",
    async run(who) {
      const answer = await call(apiPostImages.action, who, { url: "/api/uploads/post", multipart: await imageForm() });
      const owner = who === "visitor" ? null : people[who].id;
      const rows = owner ? await db().select().from(postImages).where(eq(postImages.ownerId, owner)) : [];
      const url = answer.body?.url as string | undefined;
      return { answer, effect: Boolean(url) && rows.some((r) => url!.endsWith(r.key.slice("posts/".length))) };
    },
  },
  {
    route: "api-post-images.ts",
    op: "GET is not offered (effect: none possible)",
    status: [405, 405, 405, 405, 405, 405],
    effect: "------",
    async run(who) {
      return { answer: await call(apiPostImages.loader, who, { url: "/api/uploads/post" }), effect: false };
    },
  },

  // --- api-my-data.ts -------------------------------------------------------------------------
  {
    route: "api-my-data.ts",
    op: "download the data export asking for the owner's (effect: the owner's data is in it)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "--+---",
    async run(who) {
      const answer = await call(apiMyData.loader, who, { url: `/api/my-data?userId=${people.owner.id}` });
      const text = JSON.stringify(answer.body);
      if (answer.status === 200) {
        expect(text, "the caller's own address").toContain(people[who as Person].email);
        for (const other of allEmails().filter((e) => e !== people[who as Person].email)) expect(text).not.toContain(other);
        expect(answer.headers.get("cache-control")).toBe("no-store");
      }
      return { answer, effect: text.includes(people.owner.email) || text.includes("Ägarens egen text") };
    },
  },
  {
    route: "api-my-data.ts",
    op: "POST is not offered (effect: none possible)",
    status: [405, 405, 405, 405, 405, 405],
    effect: "------",
    async run(who) {
      return { answer: await call(apiMyData.action, who, { url: "/api/my-data", form: { userId: people.owner.id } }), effect: false };
    },
  },

  // --- account.tsx (/forum/konto) -------------------------------------------------------------
  {
    route: "account.tsx",
    op: "open the account page (effect: it shows the owner's e-mail address)",
    status: ["login", 200, 200, 200, 200, 200],
    effect: "--+---",
    async run(who) {
      const answer = await call(account.loader, who, { url: `/forum/konto?userId=${people.owner.id}` });
      if (answer.status === 302) expect(answer.location).toBe("/auth/login?redirectTo=%2Fforum%2Fkonto%3FuserId%3D" + people.owner.id);
      if (answer.status === 200) expect(answer.body.summary.email).toBe(people[who as Person].email);
      return { answer, effect: JSON.stringify(answer.body).includes(people.owner.email) };
    },
  },
  {
    route: "account.tsx",
    op: "refuse the admins' mail naming the owner (effect: the caller's own opt-out is set, the owner's only by the owner)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      await db().update(profiles).set({ adminMailOptOut: false });
      const answer = await call(account.action, who, { url: "/forum/konto", form: { intent: "mail-opt-out", userId: people.owner.id } });
      if (who !== "owner") expect((await profileOf(people.owner.id))!.adminMailOptOut, "the owner's opt-out").toBe(false);
      const optedOut = await db().select({ id: profiles.id }).from(profiles).where(eq(profiles.adminMailOptOut, true));
      return { answer, effect: optedOut.length === 1 && optedOut[0]!.id === people[who as Person]?.id };
    },
  },
  {
    route: "account.tsx",
    op: "ask for a deletion link (effect: it is mailed to the caller, to nobody else)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      const before = forum.mails.length;
      const answer = await call(account.action, who, { url: "/forum/konto", form: { intent: "send-link", email: people.owner.email } });
      const sent = forum.mails.slice(before).map((m) => m.to);
      return { answer, effect: sent.length === 1 && sent[0] === people[who as Person]?.email };
    },
  },
  {
    route: "account.tsx",
    op: "delete the account with a wrong password, naming the owner (effect: an account was deleted)",
    status: [401, 400, 400, 400, 400, 400],
    effect: "------",
    async run(who) {
      const users = (await db().select({ id: user.id }).from(user)).length;
      const answer = await call(account.action, who, { url: "/forum/konto", form: { intent: "delete", password: "fel-losenord", userId: people.owner.id } });
      return { answer, effect: (await db().select({ id: user.id }).from(user)).length !== users };
    },
  },
  {
    route: "account.tsx",
    op: "delete one's own account with one's password (effect: the caller's account is gone, the owner's stays)",
    status: [401, "forum", "forum", "forum", "forum", "forum"],
    effect: "-+++++",
    async run(who) {
      const self = await disposable(who);
      const answer = await callRoute(forum, account.action, {
        url: "/forum/konto",
        cookie: self.cookie || undefined,
        form: { intent: "delete", password: self.member?.password ?? people.owner.password, userId: people.owner.id },
      });
      expect(await userExists(people.owner.id), "the owner's account").toBe(true);
      return { answer, effect: self.member !== null && !(await userExists(self.member.id)) };
    },
  },

  // --- account-delete-confirm.tsx (/forum/konto/radera) ---------------------------------------
  {
    route: "account-delete-confirm.tsx",
    op: "open a made-up deletion link (effect: it names an account)",
    status: [200, 200, 200, 200, 200, 200],
    effect: "------",
    async run(who) {
      const answer = await call(accountDeleteConfirm.loader, who, { url: `/forum/konto/radera?token=${"A".repeat(43)}` });
      return { answer, effect: answer.body.valid !== false || answer.body.nickname !== null };
    },
  },
  {
    route: "account-delete-confirm.tsx",
    op: "use a made-up deletion link (effect: an account was deleted)",
    status: [400, 400, 400, 400, 400, 400],
    effect: "------",
    async run(who) {
      const before = (await db().select({ id: user.id }).from(user)).length;
      const answer = await call(accountDeleteConfirm.action, who, { url: "/forum/konto/radera", form: { token: "B".repeat(43), userId: people.owner.id } });
      return { answer, effect: (await db().select({ id: user.id }).from(user)).length !== before };
    },
  },

  // --- notifications.tsx (/forum/notifications) -----------------------------------------------
  {
    route: "notifications.tsx",
    op: "open the notifications page (effect: the owner's notification is listed)",
    status: ["login", 200, 200, 200, 200, 200],
    effect: "--+---",
    async run(who) {
      const id = await ownersNotification();
      const answer = await call(notificationsPage.loader, who, { url: "/forum/notifications" });
      const items = answer.status === 200 ? ((await answer.body.items) as Array<{ id: string }>) : [];
      return { answer, effect: items.some((i) => i.id === id) };
    },
  },
  {
    route: "notifications.tsx",
    op: "'Markera alla som lästa' (effect: the owner's notification is read)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "--+---",
    async run(who) {
      const id = await ownersNotification();
      const answer = await call(notificationsPage.action, who, { url: "/forum/notifications", form: { intent: "read-all", userId: people.owner.id } });
      return { answer, effect: await isRead(id) };
    },
  },
  {
    route: "notifications.tsx",
    op: "mark the owner's one notification read here (effect: it is read)",
    status: [401, 400, 400, 400, 400, 400],
    effect: "------",
    async run(who) {
      const id = await ownersNotification();
      const answer = await call(notificationsPage.action, who, { url: "/forum/notifications", form: { intent: "read", id } });
      return { answer, effect: await isRead(id) };
    },
  },

  // --- api-notifications.ts -------------------------------------------------------------------
  {
    route: "api-notifications.ts",
    op: "list unread notifications (effect: the owner's notification is listed)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "--+---",
    async run(who) {
      const id = await ownersNotification();
      const answer = await call(apiNotifications.loader, who, { url: `/api/notifications?userId=${people.owner.id}` });
      return { answer, effect: JSON.stringify(answer.body).includes(id) };
    },
  },
  {
    route: "api-notifications.ts",
    op: "mark the owner's notification read (effect: it is read)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "--+---",
    async run(who) {
      const id = await ownersNotification();
      const answer = await call(apiNotifications.action, who, { url: "/api/notifications", form: { intent: "read", id } });
      if (answer.status === 200) expect(answer.body.changed).toBe(who === "owner" ? 1 : 0);
      return { answer, effect: await isRead(id) };
    },
  },
  {
    route: "api-notifications.ts",
    op: "mark all read (effect: the owner's notification is read)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "--+---",
    async run(who) {
      const id = await ownersNotification();
      const answer = await call(apiNotifications.action, who, { url: "/api/notifications", form: { intent: "read-all", userId: people.owner.id } });
      return { answer, effect: await isRead(id) };
    },
  },

  // --- api-presence.ts ------------------------------------------------------------------------
  {
    route: "api-presence.ts",
    op: "read the online counts (effect: counts only, no member listed)",
    status: [200, 200, 200, 200, 200, 200],
    effect: "++++++",
    async run(who) {
      const answer = await call(apiPresence.loader, who, { url: "/api/presence" });
      return { answer, effect: Object.keys(answer.body).sort().join() === "lastHourActive,ok,totalOnline" };
    },
  },
  {
    route: "api-presence.ts",
    op: "log activity (effect: a row for the caller, none for the owner)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      const date = `2020-01-${String(WHO.indexOf(who) + 10).padStart(2, "0")}`;
      const answer = await call(apiPresence.action, who, { url: "/api/presence", form: { date, hour: "7", userId: people.owner.id } });
      const rows = await db().select().from(userActivity).where(eq(userActivity.activityDate, date));
      return { answer, effect: rows.length === 1 && rows[0]!.userId === people[who as Person]?.id };
    },
  },
  {
    route: "api-presence.ts",
    op: "log activity with a malformed hour (effect: a row was written)",
    status: [401, 400, 400, 400, 400, 400],
    effect: "------",
    async run(who) {
      const answer = await call(apiPresence.action, who, { url: "/api/presence", form: { date: "2020-02-01", hour: "25" } });
      return { answer, effect: (await db().select().from(userActivity).where(eq(userActivity.activityDate, "2020-02-01"))).length > 0 };
    },
  },

  // --- api-unread.ts --------------------------------------------------------------------------
  {
    route: "api-unread.ts",
    op: "report a thread read naming the owner's id (effect: the caller's read point, none for the owner)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      const threadId = await ownersThread();
      const answer = await call(apiUnread.action, who, { url: "/api/unread", form: { intent: "read", threadId, seen: "", userId: people.owner.id } });
      const reads = await db().select().from(threadReads).where(eq(threadReads.threadId, threadId));
      expect(reads.some((r) => r.userId === people.owner.id && who !== "owner"), "the owner's read point").toBe(false);
      return { answer, effect: reads.length === 1 && reads[0]!.userId === people[who as Person]?.id };
    },
  },
  {
    route: "api-unread.ts",
    op: "'Markera alla som lästa' naming the owner's id (effect: the caller's mark, none for the owner)",
    status: [401, 303, 303, 303, 303, 303],
    effect: "-+++++",
    async run(who) {
      await db().update(profiles).set({ allReadAt: null });
      const answer = await call(apiUnread.action, who, { url: "/api/unread", form: { intent: "all", back: "/forum", userId: people.owner.id } });
      const marked = await db().select({ id: profiles.id }).from(profiles).where(sql`${profiles.allReadAt} IS NOT NULL`);
      if (who !== "owner") expect(marked.some((m) => m.id === people.owner.id), "the owner's mark").toBe(false);
      return { answer, effect: marked.length === 1 && marked[0]!.id === people[who as Person]?.id };
    },
  },
  {
    route: "api-unread.ts",
    op: "GET is not a read mark (effect: none possible)",
    status: [405, 405, 405, 405, 405, 405],
    effect: "------",
    async run(who) {
      const answer = await callText(apiUnread.loader, who, "/api/unread");
      return { answer, effect: false };
    },
  },

  // --- api-events.ts --------------------------------------------------------------------------
  {
    route: "api-events.ts",
    op: "the members' stream with a replay from 0 (effect: the owner's notification is replayed)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "--+---",
    async run(who) {
      const id = await ownersNotification();
      const { status, text } = await openEvents(who, "/api/events", "0");
      if (status === 200) expect(text).toContain("event: ready");
      return { answer: { status, headers: new Headers(), location: null, body: text }, effect: text.includes(id) };
    },
  },
  {
    route: "api-events.ts",
    op: "a thread's stream, open to visitors (effect: ready, no notification of the owner's)",
    status: [200, 200, 200, 200, 200, 200],
    effect: "++-+++",
    async run(who) {
      const id = await ownersNotification();
      const threadId = await ownersThread();
      const { status, text } = await openEvents(who, `/api/events?thread=${threadId}`, "0");
      // The owner's own stream replays the owner's notifications along with the thread's events.
      return { answer: { status, headers: new Headers(), location: null, body: text }, effect: text.includes("event: ready") && !text.includes(id) };
    },
  },
  {
    route: "api-events.ts",
    op: "a malformed thread id (effect: a stream opened)",
    status: [400, 400, 400, 400, 400, 400],
    effect: "------",
    async run(who) {
      const { status, text } = await openEvents(who, "/api/events?thread=inte-ett-id");
      return { answer: { status, headers: new Headers(), location: null, body: text }, effect: text.includes("event: ready") };
    },
  },

  // --- api-preview.ts -------------------------------------------------------------------------
  {
    route: "api-preview.ts",
    op: "preview Markdown (effect: cooked HTML comes back; nothing is stored)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      const before = (await db().select({ id: threads.id }).from(threads)).length + (await db().select({ id: comments.id }).from(comments)).length;
      const answer = await call(apiPreview.action, who, { url: "/api/preview", form: { body: "**fet** <script>alert(1)</script>" } });
      const after = (await db().select({ id: threads.id }).from(threads)).length + (await db().select({ id: comments.id }).from(comments)).length;
      expect(after).toBe(before);
      if (answer.status === 200) expect(answer.body.html).not.toContain("<script");
      return { answer, effect: typeof answer.body?.html === "string" && answer.body.html.includes("<strong>fet</strong>") };
    },
  },
  {
    route: "api-preview.ts",
    op: "GET is not offered (effect: none possible)",
    status: [405, 405, 405, 405, 405, 405],
    effect: "------",
    async run(who) {
      return { answer: await call(apiPreview.loader, who, { url: "/api/preview?body=x" }), effect: false };
    },
  },

  // --- profiles ---------------------------------------------------------------------------------
  {
    route: "profile.tsx",
    op: "the owner's profile page (effect: marked as one's own; no e-mail for anyone)",
    status: [200, 200, 200, 200, 200, 200],
    effect: "--+---",
    async run(who) {
      const answer = await call(profilePage.loader, who, { url: `/forum/profil/${people.owner.id}`, params: { userId: people.owner.id } });
      const text = JSON.stringify(answer.body);
      for (const e of allEmails()) expect(text).not.toContain(e);
      return { answer, effect: answer.body.own === true };
    },
  },
  {
    route: "not-found.tsx",
    op: "the owner's profile at /@nickname (effect: marked as one's own; no e-mail for anyone)",
    status: [200, 200, 200, 200, 200, 200],
    effect: "--+---",
    async run(who) {
      const answer = await call(notFound.loader, who, { url: `/@${encodeURIComponent(people.owner.nickname)}` });
      const text = JSON.stringify(answer.body);
      for (const e of allEmails()) expect(text).not.toContain(e);
      return { answer, effect: answer.body.profile.own === true };
    },
  },
  {
    route: "api-profile-card.ts",
    op: "the owner's profile card (effect: marked as one's own; no e-mail for anyone)",
    status: [200, 200, 200, 200, 200, 200],
    effect: "--+---",
    async run(who) {
      const answer = await call(apiProfileCard.loader, who, { url: `/api/profile-card/${people.owner.id}`, params: { userId: people.owner.id } });
      const text = JSON.stringify(answer.body);
      for (const e of allEmails()) expect(text).not.toContain(e);
      return { answer, effect: answer.body.own === true };
    },
  },
  {
    route: "profile-redirect.tsx",
    op: "/forum/profil (effect: goes to the caller's own profile)",
    status: ["login", 302, 302, 302, 302, 302],
    effect: "-+++++",
    async run(who) {
      const answer = await call(profileRedirect.loader, who, { url: "/forum/profil" });
      return { answer, effect: who !== "visitor" && answer.location === `/forum/profil/${people[who].id}` };
    },
  },

  // --- auth-set-password.tsx, auth-logout.tsx ----------------------------------------------------
  {
    route: "auth-set-password.tsx",
    op: "open the password form (effect: it tells whether the caller has a password)",
    status: ["login", 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      const answer = await call(authSetPassword.loader, who, { url: "/auth/set-password" });
      return { answer, effect: answer.body?.hasPassword === true };
    },
  },
  {
    route: "auth-set-password.tsx",
    op: "change the password naming the owner (effect: the caller's password changed; the owner's old one still works)",
    status: ["login", "forum", "forum", "forum", "forum", "forum"],
    effect: "-+++++",
    async run(who) {
      const self = await disposable(who);
      const fresh = `Nytt-${who}-losen-9731`;
      const answer = await callRoute(forum, authSetPassword.action, {
        url: "/auth/set-password",
        cookie: self.cookie || undefined,
        form: { current: self.member?.password ?? "", password: fresh, confirm: fresh, userId: people.owner.id },
      });
      expect(await canSignIn(people.owner.email, people.owner.password), "the owner's password").toBe(true);
      return { answer, effect: self.member !== null && (await canSignIn(self.member.email, fresh)) };
    },
  },
  {
    route: "auth-logout.tsx",
    op: "log out (effect: the caller's session ended; the owner's did not)",
    status: ["forum", "forum", "forum", "forum", "forum", "forum"],
    effect: "-+++++",
    async run(who) {
      const fresh = who === "visitor" ? "" : await sessionCookie(forum, people[who]);
      const answer = await callRoute(forum, authLogout.action, { url: "/auth/logout", cookie: fresh || undefined, form: {} });
      const stillOwner = await forum.services.auth.api.getSession({ headers: new Headers({ cookie: cookies.owner }) });
      expect(stillOwner?.user.id, "the owner's fixture session").toBe(people.owner.id);
      const mine = fresh ? await forum.services.auth.api.getSession({ headers: new Headers({ cookie: fresh }) }) : "none";
      return { answer, effect: mine === null };
    },
  },

  // --- admin-layout.tsx (reads not in the moderation matrix) ------------------------------------
  {
    route: "admin-layout.tsx",
    op: "the admin frame and its open-report count (effect: the count is revealed)",
    status: ["login", "forum", "forum", "forum", 200, 200],
    effect: "----++",
    async run(who) {
      const threadId = await ownersThread();
      await createReport(db(), { id: people.member.id }, { targetType: "thread", targetId: threadId, reason: "spam" });
      const answer = await call(adminLayout.loader, who, { url: "/admin" });
      return { answer, effect: typeof answer.body?.openReports === "number" && answer.body.openReports > 0 };
    },
  },

  // --- admin-jobs.tsx (/admin/jobb): admins only, moderators back to /admin --------------------
  {
    route: "admin-jobs.tsx",
    op: "the job queue panel (effect: the job list is revealed)",
    status: ["login", "forum", "forum", "forum", 302, 200],
    effect: "-----+",
    async run(who) {
      const answer = await call(adminJobs.loader, who, { url: "/admin/jobb" });
      if (who === "moderator") expect(answer.location).toBe("/admin");
      return { answer, effect: Array.isArray(answer.body?.jobs) };
    },
  },

  // --- unsubscribe.tsx (/avregistrera) ------------------------------------------------------------
  {
    route: "unsubscribe.tsx",
    op: "opt the owner out with the member's link (effect: the owner is opted out)",
    status: [400, 400, 400, 400, 400, 400],
    effect: "------",
    async run(who) {
      await db().update(profiles).set({ adminMailOptOut: false });
      const token = unsubscribeToken(forum.services.config.authSecret, people.member.id);
      const url = `/avregistrera?u=${people.owner.id}&t=${token}`;
      const answer = await call(unsubscribe.action, who, { url, form: { "List-Unsubscribe": "One-Click" } });
      expect((await call(unsubscribe.loader, who, { url })).status).toBe(400);
      return { answer, effect: (await profileOf(people.owner.id))!.adminMailOptOut };
    },
  },
  {
    route: "unsubscribe.tsx",
    op: "opt the owner out with the owner's own link, whoever clicks (effect: the owner is opted out)",
    status: [200, 200, 200, 200, 200, 200],
    effect: "++++++",
    async run(who) {
      await db().update(profiles).set({ adminMailOptOut: false });
      const token = unsubscribeToken(forum.services.config.authSecret, people.owner.id);
      const answer = await call(unsubscribe.action, who, { url: `/avregistrera?u=${people.owner.id}&t=${token}`, form: {} });
      const optedOut = await db().select({ id: profiles.id }).from(profiles).where(eq(profiles.adminMailOptOut, true));
      return { answer, effect: optedOut.length === 1 && optedOut[0]!.id === people.owner.id };
    },
  },
  // --- digest-unsubscribe.tsx (/avregistrera-notiser) ---------------------------------------------
  {
    route: "digest-unsubscribe.tsx",
    op: "turn the owner's notification e-mail off with the member's link (effect: the owner's e-mail is off)",
    status: [400, 400, 400, 400, 400, 400],
    effect: "------",
    async run(who) {
      await db().update(notificationSettings).set({ emailEnabled: true });
      const token = digestUnsubscribeToken(forum.services.config.authSecret, people.member.id);
      const url = `/avregistrera-notiser?u=${people.owner.id}&t=${token}`;
      const answer = await call(digestUnsubscribe.action, who, { url, form: { "List-Unsubscribe": "One-Click" } });
      expect((await call(digestUnsubscribe.loader, who, { url })).status).toBe(400);
      const rows = await db().select().from(notificationSettings).where(eq(notificationSettings.userId, people.owner.id));
      return { answer, effect: rows[0]?.emailEnabled === false };
    },
  },
  {
    route: "digest-unsubscribe.tsx",
    op: "turn the owner's notification e-mail off with the owner's own link, whoever clicks (effect: only the owner's is off)",
    status: [200, 200, 200, 200, 200, 200],
    effect: "++++++",
    async run(who) {
      await db().update(notificationSettings).set({ emailEnabled: true });
      const token = digestUnsubscribeToken(forum.services.config.authSecret, people.owner.id);
      const answer = await call(digestUnsubscribe.action, who, { url: `/avregistrera-notiser?u=${people.owner.id}&t=${token}`, form: {} });
      const off = await db().select({ id: notificationSettings.userId }).from(notificationSettings).where(eq(notificationSettings.emailEnabled, false));
      return { answer, effect: off.length === 1 && off[0]!.id === people.owner.id };
    },
  },
  // --- Web Push: api-push.ts --------------------------------------------------------------
  {
    route: "api-push.ts",
    op: "save this device's push subscription (effect: the caller's device is stored; a blocked member may not add one)",
    status: [401, 200, 200, 403, 200, 200],
    effect: "-++-++",
    async run(who) {
      const endpoint = `https://fcm.googleapis.com/fcm/send/${unique("enhet").replace(/ /g, "-")}`;
      const answer = await call(apiPush.action, who, { url: "/api/push", form: { endpoint, ...pushKeys() } });
      const rows = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
      return { answer, effect: who !== "visitor" && rows.length === 1 && rows[0]!.userId === people[who].id };
    },
  },
  {
    route: "api-push.ts",
    op: "save an endpoint inside the forum's network instead of a push service (effect: it is stored)",
    status: [401, 400, 400, 400, 400, 400],
    effect: "------",
    async run(who) {
      const inside = ["https://127.0.0.1:5432/", "https://localhost:5432/", "https://[::1]/", "https://0x7f000001/", "https://169.254.169.254/", "https://10.0.0.1/"];
      const endpoint = `${inside[counter % inside.length]}${unique("intern").replace(/ /g, "-")}`;
      const answer = await call(apiPush.action, who, { url: "/api/push", form: { endpoint, ...pushKeys() } });
      const rows = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
      return { answer, effect: rows.length > 0 };
    },
  },
  {
    route: "api-push.ts",
    op: "remove the owner's device (effect: it is gone — only the owner can remove it)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "--+---",
    async run(who) {
      const endpoint = `https://fcm.googleapis.com/fcm/send/${unique("agarens").replace(/ /g, "-")}`;
      await db().insert(pushSubscriptions).values({ userId: people.owner.id, endpoint, ...pushKeys() });
      const answer = await callDelete(apiPush.action, who, "/api/push", { endpoint });
      const rows = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
      return { answer, effect: rows.length === 0 };
    },
  },
  {
    route: "api-push.ts",
    op: "GET the VAPID public key (effect: none possible)",
    status: [200, 200, 200, 200, 200, 200],
    effect: "------",
    async run(who) {
      const answer = await callText(apiPush.loader, who, "/api/push");
      return { answer, effect: false };
    },
  },
  // --- Colour theme: api-theme.ts --------------------------------------------------------------
  {
    route: "api-theme.ts",
    op: "choose the dark theme (effect: the answer sets the caller's own theme cookie, nothing else)",
    status: [200, 200, 200, 200, 200, 200],
    effect: "++++++",
    async run(who) {
      const answer = await call(apiTheme.action, who, { url: "/api/theme", form: { theme: "dark", mode: "js" } });
      const set = answer.headers.getSetCookie();
      return { answer, effect: set.length === 1 && set[0]!.startsWith("theme=dark;") };
    },
  },
  // --- Edit history: api-revisions.ts --------------------------------------------------------
  {
    route: "api-revisions.ts",
    op: "read the history of a comment edited by a member who then deleted their account (effect: the deleted editor's nickname or e-mail shows)",
    status: [200, 200, 200, 200, 200, 200],
    effect: "------",
    async run(who) {
      const gone = await deletedEditorsComment();
      const answer = await call(apiRevisions.loader, who, { url: `/api/revisions/comment/${gone.commentId}`, params: { targetType: "comment", id: gone.commentId } });
      const text = JSON.stringify(answer.body);
      return { answer, effect: text.includes(gone.nickname) || text.includes(gone.email) || !text.includes("revisions") };
    },
  },
  // --- Watchlist: api-watchlist.ts, watchlist.tsx, ticker.tsx -------------------------------
  {
    route: "api-watchlist.ts",
    op: "watch a ticker (effect: the caller watches it; a blocked member may not start)",
    status: [401, 200, 200, 403, 200, 200],
    effect: "-++-++",
    async run(who) {
      if (who !== "visitor") await db().delete(watchlistTickers).where(eq(watchlistTickers.userId, people[who].id));
      const answer = await call(apiWatchlist.action, who, { url: "/api/watchlist", form: { intent: "watch", ticker: "VOLV-B" } });
      const rows = who === "visitor" ? await db().select().from(watchlistTickers).where(eq(watchlistTickers.ticker, "VOLV-B")) : await watchedBy(who);
      return { answer, effect: who !== "visitor" && rows.length === 1 };
    },
  },
  {
    route: "api-watchlist.ts",
    op: "unwatch a watched ticker (effect: the caller's row is gone; a blocked member may unwatch)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      if (who !== "visitor") await db().insert(watchlistTickers).values({ userId: people[who].id, ticker: "ERIC-B" }).onConflictDoNothing();
      const before = await db().select().from(watchlistTickers).where(eq(watchlistTickers.ticker, "ERIC-B"));
      const answer = await call(apiWatchlist.action, who, { url: "/api/watchlist", form: { intent: "unwatch", ticker: "ERIC-B" } });
      const after = await db().select().from(watchlistTickers).where(eq(watchlistTickers.ticker, "ERIC-B"));
      const mine = (rows: typeof after) => rows.filter((r) => who !== "visitor" && r.userId === people[who].id).length;
      return { answer, effect: who === "visitor" ? after.length !== before.length : mine(before) === 1 && mine(after) === 0 && after.length === before.length - 1 };
    },
  },
  {
    route: "api-watchlist.ts",
    op: "GET is not a watch (effect: none possible)",
    status: [405, 405, 405, 405, 405, 405],
    effect: "------",
    async run(who) {
      const answer = await callText(apiWatchlist.loader, who, "/api/watchlist?intent=watch&ticker=ABB");
      return { answer, effect: false };
    },
  },
  {
    route: "watchlist.tsx",
    op: "open /forum/bevakning (effect: the caller's own watched ticker is listed, and nobody else's)",
    status: ["login", 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      await db().insert(watchlistTickers).values({ userId: people.owner.id, ticker: "SAND" }).onConflictDoNothing();
      if (who !== "visitor") await db().insert(watchlistTickers).values({ userId: people[who].id, ticker: "ABB" }).onConflictDoNothing();
      const answer = await call(watchlistPage.loader, who, { url: "/forum/bevakning" });
      const listed: string[] = answer.status === 200 ? answer.body.tickers.map((t: { ticker: string }) => t.ticker) : [];
      const ownOnly = who === "owner" ? listed.includes("SAND") : !listed.includes("SAND");
      return { answer, effect: listed.includes("ABB") && ownOnly };
    },
  },
  {
    route: "watchlist.tsx",
    op: "'Sluta bevaka' from the list (effect: the caller's row is gone)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      if (who !== "visitor") await db().insert(watchlistTickers).values({ userId: people[who].id, ticker: "HM-B" }).onConflictDoNothing();
      const answer = await call(watchlistPage.action, who, { url: "/forum/bevakning", form: { intent: "unwatch", ticker: "HM-B" } });
      return { answer, effect: who !== "visitor" && (await watchedBy(who, "HM-B")).length === 0 };
    },
  },
  {
    route: "ticker.tsx",
    op: "open a ticker page (effect: the page says whether the caller watches it)",
    status: [200, 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      if (who !== "visitor") await db().insert(watchlistTickers).values({ userId: people[who].id, ticker: "SEB-A" }).onConflictDoNothing();
      const answer = await call(tickerPage.loader, who, { url: "/forum/aktie/SEB-A", params: { ticker: "SEB-A" } });
      return { answer, effect: answer.body?.watching === true };
    },
  },
  {
    route: "ticker.tsx",
    op: "'Bevaka' on the ticker page (effect: the caller watches it; a blocked member may not start)",
    status: [401, 200, 200, 403, 200, 200],
    effect: "-++-++",
    async run(who) {
      const answer = await call(tickerPage.action, who, { url: "/forum/aktie/SKF-B", params: { ticker: "SKF-B" }, form: { intent: "watch", ticker: "SKF-B" } });
      return { answer, effect: who !== "visitor" && (await watchedBy(who, "SKF-B")).length === 1 };
    },
  },
  // --- Thread subscriptions ('Bevaka tråd'): thread.tsx ---------------------------------------
  {
    route: "thread.tsx",
    op: "'Bevaka tråd' (effect: the caller watches the thread; a blocked member may not start)",
    status: [401, 200, 200, 403, 200, 200],
    effect: "-++-++",
    async run(who) {
      const threadId = await ownersThread();
      if (who === "owner") await db().delete(threadSubscriptions).where(eq(threadSubscriptions.threadId, threadId));
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "subscribe" } });
      const rows = await db().select().from(threadSubscriptions).where(and(eq(threadSubscriptions.threadId, threadId), eq(threadSubscriptions.subscribed, true)));
      return { answer, effect: who !== "visitor" && rows.some((r) => r.userId === people[who].id) };
    },
  },
  {
    route: "thread.tsx",
    op: "'Sluta bevaka' (effect: the caller's subscription is muted, nobody else's; a blocked member may stop)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      const threadId = await ownersThread();
      if (who !== "visitor" && who !== "owner") await db().insert(threadSubscriptions).values({ userId: people[who].id, threadId });
      const answer = await call(threadRoute.action, who, { url: threadUrl(threadId), params: { categoryId, threadId }, form: { intent: "unsubscribe" } });
      const rows = await db().select().from(threadSubscriptions).where(eq(threadSubscriptions.threadId, threadId));
      const mine = rows.find((r) => who !== "visitor" && r.userId === people[who].id);
      const ownerStill = rows.find((r) => r.userId === people.owner.id)?.subscribed === (who !== "owner");
      return { answer, effect: mine?.subscribed === false && ownerStill };
    },
  },
  // --- Mute 'Dölj medlem' and bookmarks 'Spara': api-mute.ts, api-bookmark.ts, saved.tsx, thread.tsx, account.tsx
  {
    route: "api-mute.ts",
    op: "mute the owner (effect: the caller mutes them; the owner cannot mute themself: 400)",
    status: [401, 200, 400, 200, 200, 200],
    effect: "-+-+++",
    async run(who) {
      if (who !== "visitor") await db().delete(memberMutes).where(eq(memberMutes.muterId, people[who].id));
      const answer = await call(apiMute.action, who, { url: "/api/mute", form: { intent: "mute", userId: people.owner.id } });
      const rows = await db().select().from(memberMutes).where(eq(memberMutes.mutedId, people.owner.id));
      return { answer, effect: who !== "visitor" && rows.some((r) => r.muterId === people[who].id) };
    },
  },
  {
    route: "api-mute.ts",
    op: "mute an unknown member id (hand-made request; effect: none possible)",
    status: [401, 404, 404, 404, 404, 404],
    effect: "------",
    async run(who) {
      const answer = await call(apiMute.action, who, { url: "/api/mute", form: { intent: "mute", userId: "finns-inte-alls" } });
      const rows = await db().select().from(memberMutes).where(eq(memberMutes.mutedId, "finns-inte-alls"));
      return { answer, effect: rows.length > 0 };
    },
  },
  {
    route: "api-mute.ts",
    op: "unmute the poster (effect: the caller's row is gone, nobody else's)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      // Someone else's mute of the poster, which must stay.
      await db().insert(memberMutes).values({ muterId: (who === "admin" ? people.member : people.admin).id, mutedId: poster.id }).onConflictDoNothing();
      if (who !== "visitor") await db().insert(memberMutes).values({ muterId: people[who].id, mutedId: poster.id }).onConflictDoNothing();
      const before = await db().select().from(memberMutes).where(eq(memberMutes.mutedId, poster.id));
      const answer = await call(apiMute.action, who, { url: "/api/mute", form: { intent: "unmute", userId: poster.id } });
      const after = await db().select().from(memberMutes).where(eq(memberMutes.mutedId, poster.id));
      const mine = (rows: typeof after) => rows.filter((r) => who !== "visitor" && r.muterId === people[who].id).length;
      return { answer, effect: who !== "visitor" && mine(before) === 1 && mine(after) === 0 && after.length === before.length - 1 };
    },
  },
  {
    route: "api-mute.ts",
    op: "GET is not a mute (effect: none possible)",
    status: [405, 405, 405, 405, 405, 405],
    effect: "------",
    async run(who) {
      const answer = await callText(apiMute.loader, who, `/api/mute?intent=mute&userId=${poster.id}`);
      return { answer, effect: false };
    },
  },
  {
    route: "account.tsx",
    op: "'Visa medlem igen' in 'Dolda medlemmar' (effect: the caller's row is gone)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      if (who !== "visitor") await db().insert(memberMutes).values({ muterId: people[who].id, mutedId: poster.id }).onConflictDoNothing();
      const answer = await call(account.action, who, { url: "/forum/konto", form: { intent: "unmute", userId: poster.id } });
      const rows = who === "visitor" ? [] : await db().select().from(memberMutes).where(and(eq(memberMutes.muterId, people[who].id), eq(memberMutes.mutedId, poster.id)));
      return { answer, effect: who !== "visitor" && rows.length === 0 };
    },
  },
  {
    route: "api-bookmark.ts",
    op: "save the owner's thread (effect: the caller has it saved)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      const threadId = await ownersThread();
      const answer = await call(apiBookmark.action, who, { url: "/api/bookmark", form: { intent: "save", targetType: "thread", targetId: threadId } });
      const rows = await db().select().from(bookmarks).where(eq(bookmarks.threadId, threadId));
      return { answer, effect: who !== "visitor" && rows.length === 1 && rows[0]!.userId === people[who].id };
    },
  },
  {
    route: "api-bookmark.ts",
    op: "save an unknown comment id, and a malformed one (hand-made requests; effect: none possible)",
    status: [401, 404, 404, 404, 404, 404],
    effect: "------",
    async run(who) {
      const answer = await call(apiBookmark.action, who, {
        url: "/api/bookmark",
        form: { intent: "save", targetType: "comment", targetId: "00000000-0000-4000-8000-000000000001" },
      });
      const bad = await call(apiBookmark.action, who, { url: "/api/bookmark", form: { intent: "save", targetType: "member", targetId: "x" } });
      expect(bad.status).toBe(who === "visitor" ? 401 : 400);
      return { answer, effect: false };
    },
  },
  {
    route: "api-bookmark.ts",
    op: "GET is not a save (effect: none possible)",
    status: [405, 405, 405, 405, 405, 405],
    effect: "------",
    async run(who) {
      const answer = await callText(apiBookmark.loader, who, "/api/bookmark?intent=save");
      return { answer, effect: false };
    },
  },
  {
    route: "thread.tsx",
    op: "'Spara' on the owner's comment (effect: the caller has it saved)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      const { threadId, commentId } = await ownersComment();
      const answer = await call(threadRoute.action, who, {
        url: threadUrl(threadId),
        params: { categoryId, threadId },
        form: { intent: "save", targetType: "comment", targetId: commentId },
      });
      const rows = await db().select().from(bookmarks).where(eq(bookmarks.commentId, commentId));
      return { answer, effect: who !== "visitor" && rows.length === 1 && rows[0]!.userId === people[who].id };
    },
  },
  {
    route: "saved.tsx",
    op: "open /forum/sparade (effect: the caller's own saved thread is listed, and nobody else's)",
    status: ["login", 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      const ownersOwn = await ownersThread();
      await db().insert(bookmarks).values({ userId: people.owner.id, targetType: "thread", threadId: ownersOwn }).onConflictDoNothing();
      const mineId = await ownersThread();
      if (who !== "visitor") await db().insert(bookmarks).values({ userId: people[who].id, targetType: "thread", threadId: mineId }).onConflictDoNothing();
      const answer = await call(savedPage.loader, who, { url: "/forum/sparade" });
      const listed: string[] = answer.status === 200 ? answer.body.items.map((i: { id: string }) => i.id) : [];
      const ownOnly = who === "owner" ? listed.includes(ownersOwn) : !listed.includes(ownersOwn);
      return { answer, effect: listed.includes(mineId) && ownOnly };
    },
  },
  {
    route: "saved.tsx",
    op: "'Ta bort' (effect: the caller's row is gone, the owner's stays)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      const threadId = await ownersThread();
      if (who !== "owner") await db().insert(bookmarks).values({ userId: people.owner.id, targetType: "thread", threadId });
      if (who !== "visitor") await db().insert(bookmarks).values({ userId: people[who].id, targetType: "thread", threadId }).onConflictDoNothing();
      const answer = await call(savedPage.action, who, { url: "/forum/sparade", form: { intent: "unsave", targetType: "thread", targetId: threadId } });
      const rows = await db().select().from(bookmarks).where(eq(bookmarks.threadId, threadId));
      const mine = rows.some((r) => who !== "visitor" && r.userId === people[who].id);
      const ownerStays = who === "owner" || rows.some((r) => r.userId === people.owner.id);
      return { answer, effect: who !== "visitor" && !mine && ownerStays };
    },
  },
  // --- 'Inkorg': the inbox, 'Nytt meddelande', a conversation and its forms -----------------
  // The owner is a participant; everyone else, staff included, is not and gets the same 404 as
  // for a conversation that does not exist (checked in conversationForm).
  {
    route: "inbox.tsx",
    op: "open /forum/inkorg (effect: the caller's own conversation is listed, the owner's group only for the owner)",
    status: ["login", 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      const { id: ownersId } = await ownersConversation();
      const mine =
        who === "visitor"
          ? null
          : unwrap(await runWrite(startConversationWrite, { db: db(), actor: asActor(poster) }, { to: people[who].nickname, body: unique("Till dig") })).value.conversationId;
      const answer = await call(inboxPage.loader, who, { url: "/forum/inkorg" });
      const listed: string[] = answer.status === 200 ? answer.body.inbox.rows.map((r: { id: string }) => r.id) : [];
      const ownersOnly = who === "owner" ? listed.includes(ownersId) : !listed.includes(ownersId);
      return { answer, effect: mine !== null && listed.includes(mine) && ownersOnly };
    },
  },
  {
    route: "inbox-new.tsx",
    op: "open 'Nytt meddelande' to the pen pal (effect: sent into the one-to-one conversation with them: only the owner has one)",
    status: ["login", 200, 302, 200, 200, 200],
    effect: "--+---",
    async run(who) {
      const pair = unwrap(await runWrite(startConversationWrite, { db: db(), actor: asActor(people.owner) }, { to: penPal.nickname, body: unique("Hej brevvän") })).value;
      const answer = await call(inboxNew.loader, who, { url: `/forum/inkorg/ny?till=${encodeURIComponent(penPal.nickname)}` });
      if (answer.status === 200) expect(answer.body).toEqual({ to: penPal.nickname });
      return { answer, effect: answer.location === conversationPath(pair.conversationId) };
    },
  },
  {
    route: "inbox-new.tsx",
    op: "start a conversation with the poster (effect: the caller's message is stored)",
    status: [401, 302, 302, 403, 302, 302],
    effect: "-++-++",
    async run(who) {
      const body = unique(`Meddelande av ${who}`);
      const answer = await call(inboxNew.action, who, { url: "/forum/inkorg/ny", form: { to: poster.nickname, body } });
      const stored = await db().select().from(messages).where(eq(messages.body, body));
      return { answer, effect: stored.length === 1 && stored[0]!.authorId === people[who as Person]?.id };
    },
  },
  {
    route: "conversation.tsx",
    op: "open the owner's conversation (effect: the page carries its messages; anyone else the 404 of no conversation)",
    status: ["login", 404, 200, 404, 404, 404],
    effect: "--+---",
    async run(who) {
      const { id, ownMessageId } = await ownersConversation();
      const open = (conversationId: string) => call(conversationRoute.loader, who, { url: conversationPath(conversationId), params: { conversationId } });
      const answer = await open(id);
      if (who !== "owner" && who !== "visitor") {
        const nothing = await open(NO_CONVERSATION);
        expect({ status: answer.status, body: answer.body }).toEqual({ status: nothing.status, body: nothing.body });
      }
      const ids: string[] = answer.status === 200 ? answer.body.conversation.messages.map((m: { id: string }) => m.id) : [];
      return { answer, effect: ids.includes(ownMessageId) };
    },
  },
  {
    route: "conversation.tsx",
    op: "'Skicka' in the owner's conversation (effect: the message is stored)",
    status: [401, 404, 302, 403, 404, 404],
    effect: "--+---",
    async run(who) {
      const { id } = await ownersConversation();
      const body = unique(`Svar av ${who}`);
      const answer = await conversationForm(who, id, { intent: "send", body });
      const stored = await db().select().from(messages).where(and(eq(messages.conversationId, id), eq(messages.body, body)));
      return { answer, effect: stored.length === 1 };
    },
  },
  {
    route: "conversation.tsx",
    op: "'Redigera' the owner's message (effect: its text changed)",
    status: [401, 404, 302, 403, 404, 404],
    effect: "--+---",
    async run(who) {
      const { id, ownMessageId } = await ownersConversation();
      const body = unique(`Ändrat av ${who}`);
      const answer = await conversationForm(who, id, { intent: "edit", messageId: ownMessageId, body });
      return { answer, effect: (await messageRow(ownMessageId)).body === body };
    },
  },
  {
    route: "conversation.tsx",
    op: "'Ta bort' the owner's message (effect: its text is gone)",
    status: [401, 404, 302, 404, 404, 404],
    effect: "--+---",
    async run(who) {
      const { id, ownMessageId } = await ownersConversation();
      const answer = await conversationForm(who, id, { intent: "delete", messageId: ownMessageId });
      const row = await messageRow(ownMessageId);
      return { answer, effect: row.deletedAt !== null && row.body === "" };
    },
  },
  {
    route: "conversation.tsx",
    op: "'Anmäl' the poster's message in the owner's conversation (effect: a report is stored)",
    status: [401, 404, 302, 404, 404, 404],
    effect: "--+---",
    async run(who) {
      const { id, posterMessageId } = await ownersConversation();
      const answer = await conversationForm(who, id, { intent: "report", messageId: posterMessageId, reason: "spam" });
      return { answer, effect: (await db().select().from(messageReports).where(eq(messageReports.messageId, posterMessageId))).length > 0 };
    },
  },
  {
    route: "conversation.tsx",
    op: "read the owner's conversation (intent read; effect: the owner's unread count is 0)",
    status: [401, 404, 200, 404, 404, 404],
    effect: "--+---",
    async run(who) {
      const { id } = await ownersConversation();
      expect((await ownersMembership(id)).unreadCount).toBe(1);
      const answer = await conversationForm(who, id, { intent: "read" });
      return { answer, effect: (await ownersMembership(id)).unreadCount === 0 };
    },
  },
  {
    route: "conversation.tsx",
    op: "'Dölj konversationen' on the owner's conversation (effect: hidden for the owner)",
    status: [401, 404, 302, 404, 404, 404],
    effect: "--+---",
    async run(who) {
      const { id } = await ownersConversation();
      const answer = await conversationForm(who, id, { intent: "hide" });
      return { answer, effect: (await ownersMembership(id)).hidden };
    },
  },
  {
    route: "conversation.tsx",
    op: "'Lämna gruppen' on the owner's group (effect: the owner has left it)",
    status: [401, 404, 302, 404, 404, 404],
    effect: "--+---",
    async run(who) {
      const { id } = await ownersConversation();
      const answer = await conversationForm(who, id, { intent: "leave" });
      return { answer, effect: (await ownersMembership(id)).leftAt !== null };
    },
  },
  {
    route: "api-inbox.ts",
    op: "GET /api/inbox (effect: the caller's own unread count; the owner's includes the poster's reply)",
    status: [401, 200, 200, 200, 200, 200],
    effect: "-+++++",
    async run(who) {
      await ownersConversation();
      const answer = await call(apiInbox.loader, who, { url: "/api/inbox" });
      if (who === "visitor") return { answer, effect: false };
      const own = await db()
        .select()
        .from(conversationMembers)
        .where(and(eq(conversationMembers.userId, people[who].id), sql`${conversationMembers.unreadCount} > 0`, sql`${conversationMembers.leftAt} IS NULL`));
      return { answer, effect: answer.body?.unread === own.length && (who !== "owner" || own.length > 0) };
    },
  },
  {
    route: "admin-reports.tsx",
    op: "release, delete or dismiss a message of the owner's that is neither held nor reported (intent message; effect: none possible)",
    status: ["login", "forum", "forum", "forum", 404, 404],
    effect: "------",
    async run(who) {
      const { ownMessageId } = await ownersConversation();
      const before = await messageRow(ownMessageId);
      const answers = [];
      for (const action of ["release", "dismiss", "delete"]) answers.push(await messageDecision(who, ownMessageId, action));
      for (const a of answers) expect(outcomeOf(a)).toEqual(outcomeOf(answers[0]!));
      const after = await messageRow(ownMessageId);
      return { answer: answers[0]!, effect: after.body !== before.body || after.deletedAt !== null };
    },
  },
  {
    route: "admin-reports.tsx",
    op: "delete the poster's message the owner reported (intent message; effect: its text is gone)",
    status: ["login", "forum", "forum", "forum", 200, 200],
    effect: "----++",
    async run(who) {
      const { posterMessageId } = await ownersConversation();
      unwrap(await runWrite(reportMessageWrite, { db: db(), actor: asActor(people.owner) }, { messageId: posterMessageId, reason: "harassment" }));
      const answer = await messageDecision(who, posterMessageId, "delete");
      const row = await messageRow(posterMessageId);
      return { answer, effect: row.deletedAt !== null && row.body === "" };
    },
  },
];

describe("authorisation matrix of the member routes (visitor, member, owner, blocked, moderator, admin)", () => {
  for (const row of ROWS) {
    it(`${row.route}: ${row.op}`, async () => {
      const statuses = {} as Record<Who, Outcome>;
      const effects = {} as Record<Who, string>;
      for (const who of WHO) {
        const { answer, effect } = await row.run(who);
        statuses[who] = outcomeOf(answer);
        effects[who] = effect ? "+" : "-";
        // Refusals carry a message (never an empty 4xx); nothing here may be a 500.
        expect(answer.status, `${who}: no 500`).toBeLessThan(500);
      }
      expect({ status: statuses, effect: effects }).toEqual({
        status: Object.fromEntries(WHO.map((w, i) => [w, row.status[i]])),
        effect: Object.fromEntries(WHO.map((w, i) => [w, row.effect[i]])),
      });
    }, 60_000);
  }
});

describe("public reads carry no member's e-mail address, for a visitor or an admin", () => {
  it("home, category, search page and box, mentions, nickname check", async () => {
    const threadId = await ownersThread();
    await createComment(db(), asActor(people.member), threadId, { body: `Hej @${people.owner.nickname}` });
    const nick = encodeURIComponent(people.owner.nickname.slice(0, 6));
    for (const who of ["visitor", "admin"] as Who[]) {
      const answers = [
        await call(forumHome.loader, who, { url: "/forum" }),
        await call(category.loader, who, { url: `/forum/kategori/${categoryId}`, params: { categoryId } }),
        await call(searchPage.loader, who, { url: `/forum/sok?q=${nick}&typ=profiler` }),
        await call(searchPage.loader, who, { url: `/forum/sok?q=Hej` }),
        await call(apiSearch.loader, who, { url: `/api/search?q=${nick}` }),
        await call(apiMentions.loader, who, { url: `/api/mentions?q=${nick}` }),
        await call(apiNicknameAvailable.loader, who, { url: `/api/nickname-available?nickname=${nick}` }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        const text = JSON.stringify(answer.body);
        for (const e of allEmails()) expect(text, `${who}`).not.toContain(e);
      }
      // The searches did find the owner, so the check above looked at real results.
      expect(JSON.stringify(answers[2]!.body)).toContain(people.owner.nickname);
      expect(JSON.stringify(answers[5]!.body)).toContain(people.owner.nickname);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Guard: no route module with a loader or action goes uncovered.
// ---------------------------------------------------------------------------------------------

/**
 * Route modules with a loader or action that hold no private data and need no role, each with
 * the reason. Everything else must be in {@link ROWS} or in the moderation matrix.
 */
const PUBLIC_ROUTES: Record<string, string> = {
  "account-notifications.tsx": "only redirects to /forum/konto#notiser, whose own loader sends visitors to log in; reads and writes nothing",
  "api-auth.ts": "only better-auth's /verify-email (token-gated) is reachable; every other path answers 404 (server/accounts/auth-flows.test.ts)",
  "api-login.ts": "sign-in itself: answers nothing without the right credentials, abuse-limited (tests/routes/accounts.test.ts)",
  "api-mentions.ts": "public nicknames and avatars for the @mention picker (no e-mail: checked above)",
  "api-nickname-available.ts": "says only whether a nickname (public anyway) is taken",
  "api-search.ts": "public threads, comments and profiles (no e-mail: checked above)",
  "api-tickers.ts": "the public Nasdaq Stockholm company list",
  "api-ticker-card.ts": "public company facts for the cashtag menu; the watch state is only ever the caller's own (tests/routes/forum/watchlist.test.ts)",
  "api-market-calendar.ts": "public exchange holiday dates for the market-hours line",
  "api-market-status.ts": "whether three public exchanges are open now; the same for everyone",
  "auth-email-verification.tsx": "resends a verification mail; same answer whether the account exists (tests/routes/accounts.test.ts)",
  "auth-forgot-password.tsx": "mails a reset link; same answer whether the account exists (tests/routes/accounts.test.ts)",
  "auth-login.tsx": "sign-in page: credential- or magic-link-gated, abuse-limited (tests/routes/accounts.test.ts)",
  "auth-magic.tsx": "signs in only by POST with a valid one-time token (tests/routes/auth-magic.test.ts)",
  "auth-register.tsx": "creates a new account, nothing of anyone else's (tests/routes/accounts.test.ts)",
  "auth-reset-password.tsx": "sets a password only with a valid one-time token (server/accounts/auth-flows.test.ts)",
  "category.tsx": "public thread list of a category (no e-mail: checked above)",
  "comment-redirect.tsx": "redirects to the public thread page of a comment",
  "feeds.ts": "public Atom feeds of threads, comments and ticker posts; no session is read, the same for everyone; nicknames and profile URLs only (tests/routes/feeds.test.ts)",
  "forum-home.tsx": "public category grid and thread lists (no e-mail: checked above)",
  "healthz.ts": "database up or down, nothing else",
  "post-redirect.tsx": "redirects to the public thread page",
  "robots.ts": "the crawler rules, the same for everyone (tests/routes/seo/sitemaps.test.ts)",
  "sitemap-index.ts": "lists the public sitemaps (tests/routes/seo/sitemaps.test.ts)",
  "sitemap.ts": "URLs of public threads, categories, ticker pages and profiles, no e-mail or other private data (tests/routes/seo/sitemaps.test.ts)",
  "search.tsx": "public search results page (no e-mail: checked above)",
  "uploads.ts": "serves the public avatar, banner and post images",
};

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** Route modules covered by tests/routes/moderation/authorization.test.ts (read from its imports). */
function moderationMatrixRoutes(files: string[]): Set<string> {
  const text = readFileSync(path.join(HERE, "../moderation/authorization.test.ts"), "utf8");
  const names = [...text.matchAll(/from "(?:\.\.\/)+app\/routes\/([\w-]+)"/g)].map((m) => m[1]!);
  return new Set(names.map((n) => files.find((f) => f === `${n}.ts` || f === `${n}.tsx`)!).filter(Boolean));
}

describe("every route module with a loader or action is covered", () => {
  const dir = path.join(HERE, "../../../app/routes");
  const files = readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts"));
  const withHandlers = files.filter((f) =>
    /export\s+(async\s+)?function\s+(loader|action)\b|export\s+(const|let)\s+(loader|action)\b|export\s*\{[^}]*\b(loader|action)\b/.test(
      readFileSync(path.join(dir, f), "utf8"),
    ),
  );

  it("is in this matrix, in the moderation matrix or in the public list", () => {
    const matrix = new Set(ROWS.map((r) => r.route));
    const moderation = moderationMatrixRoutes(files);
    const uncovered = withHandlers.filter((f) => !matrix.has(f) && !moderation.has(f) && !(f in PUBLIC_ROUTES));
    expect(uncovered, "route modules with a loader/action but no authorisation coverage").toEqual([]);
    // The lists name real route modules with handlers (no stale entries)…
    for (const f of [...matrix, ...Object.keys(PUBLIC_ROUTES)]) expect(withHandlers, f).toContain(f);
    // …and a public route is not also claimed by a matrix.
    for (const f of Object.keys(PUBLIC_ROUTES)) expect(matrix.has(f) || moderation.has(f), f).toBe(false);
    expect(moderation.size).toBeGreaterThanOrEqual(9);
    expect(withHandlers.length).toBeGreaterThan(40);
  });
});
