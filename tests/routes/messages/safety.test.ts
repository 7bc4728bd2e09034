/**
 * Safety of private messages ('Inkorg', docs/decisions/055-private-messages.md) through the real
 * route modules with real sessions, as members and moderators notice it:
 *
 * - 'Vem får starta en konversation med dig' (`/forum/konto`, intent `messages-from`): 'Ingen'
 *   refuses a new conversation (403 'Du kan inte skicka meddelanden till …'), 'Bara medlemmar jag
 *   följer' lets only followed members in, an ongoing conversation goes on;
 * - 'Dölj medlem': a member who mutes the sender gets no new conversation and no reply in their
 *   one-to-one (403); in a group the muted member's messages are collapsed and never unread;
 * - a blocked account sends nothing (403 'Ditt konto är blockerat …');
 * - limits: a new account starts 3 conversations on its first day (the 4th is 429 with
 *   Retry-After), and the same text to a 4th conversation within an hour is 429;
 * - held messages: a link from an account younger than a day waits for review — the sender sees
 *   it marked, the recipient sees nothing of it (no unread, no notification) until a moderator's
 *   'Släpp' or the recipient's reply; staff get 404 for anything that is not held; an older
 *   account is not held;
 * - 'Anmäl': the report queue shows the reported message with at most the 5 before it; one's own
 *   message 403, twice 409; the moderator's 'Ta bort' empties it for everyone;
 * - every refusal, hand-made or not, is a 4xx with a Swedish message, never a 500.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as account from "../../../app/routes/account";
import * as adminReports from "../../../app/routes/admin-reports";
import * as apiInbox from "../../../app/routes/api-inbox";
import * as conversation from "../../../app/routes/conversation";
import * as inbox from "../../../app/routes/inbox";
import * as inboxNew from "../../../app/routes/inbox-new";
import { errors, inbox as ib, moderation as m } from "../../../domain/i18n/sv";
import { conversationPath, INBOX_PATH, type ConversationView, type InboxRow, type ReportedMessageView, type StaffMessageView } from "../../../domain/messages";
import { LIMITS } from "../../../domain/values";
import { conversations, messageReports, messages, moderationLog, notifications, profiles, user } from "../../../server/db/schema";
import { follow } from "../../../server/follows/commands";
import { blockUser } from "../../../server/moderation/blocks";
import { muteMember } from "../../../server/mutes/commands";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { callRoute, sessionCookie, type RouteAnswer, type RouteHandler } from "../../../server/testing/route-call";

/** The forum of most tests: limits raised, so only the rules under test refuse. */
let forum: TestForum;
/** A forum with the real limits (no multiplier), for the first-day cap. */
let strict: TestForum;
const cookies: Record<string, string> = {};
const db = () => forum.services.db;
let moderator: TestMember;
let admin: TestMember;

/** A member of `where` (default: the lenient forum), signed in. */
async function member(nickname: string, where: TestForum = forum, role: "member" | "moderator" | "admin" = "member"): Promise<TestMember> {
  const created = await createMember(where, { nickname, role });
  cookies[created.id] = await sessionCookie(where, created);
  return created;
}

beforeAll(async () => {
  forum = await createTestForum({ ACTION_LIMIT_MULTIPLIER: "1000" });
  strict = await createTestForum();
  moderator = await member("Sk_Moderator", forum, "moderator");
  admin = await member("Sk_Admin", forum, "admin");
}, 120_000);
afterAll(async () => {
  await forum?.close();
  await strict?.close();
});

// ---------------------------------------------------------------------------------------------
// Helpers: every call checks that the answer is no 500.
// ---------------------------------------------------------------------------------------------

const conversationIdOf = (location: string | null) => /\/forum\/inkorg\/([0-9a-f-]{36})/.exec(location ?? "")?.[1] ?? "";
const messageIdOf = (location: string | null) => /#message-([0-9a-f-]{36})/.exec(location ?? "")?.[1] ?? "";
const NOWHERE = "00000000-0000-4000-8000-000000000001";

async function call(handler: RouteHandler, who: TestMember | null, options: Parameters<typeof callRoute>[2], where: TestForum = forum): Promise<RouteAnswer> {
  const answer = await callRoute(where, handler, { ...options, cookie: who ? cookies[who.id] : undefined });
  expect(answer.status, `${options.url}: never a 500`).toBeLessThan(500);
  return answer;
}

/** 'Nytt meddelande' as `from`. */
const start = (from: TestMember | null, to: string, body: string, where: TestForum = forum) =>
  call(inboxNew.action, from, { url: "/forum/inkorg/ny", form: { to, body } }, where);

/** Starts a conversation (it must work): its id and the first message's id. */
async function started(from: TestMember, to: string, body: string, where: TestForum = forum): Promise<{ id: string; messageId: string }> {
  const answer = await start(from, to, body, where);
  expect(answer.status, JSON.stringify(answer.body)).toBe(302);
  return { id: conversationIdOf(answer.location), messageId: messageIdOf(answer.location) };
}

/** A form of the conversation page, posted as `who`. */
const act = (who: TestMember | null, id: string, form: Record<string, string>, where: TestForum = forum) =>
  call(conversation.action, who, { url: conversationPath(id), params: { conversationId: id }, form }, where);

/** 'Skicka' (it must work): the new message's id. */
async function sent(who: TestMember, id: string, body: string): Promise<string> {
  const answer = await act(who, id, { intent: "send", body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(302);
  return messageIdOf(answer.location);
}

/** The conversation page as `who`. */
const open = (who: TestMember | null, id: string) => call(conversation.loader, who, { url: conversationPath(id), params: { conversationId: id } });

/** The conversation as `who` sees it (the page must open). */
async function view(who: TestMember, id: string): Promise<ConversationView> {
  const answer = await open(who, id);
  expect(answer.status).toBe(200);
  return answer.body.conversation;
}

/** `who`'s inbox row of a conversation, if listed. */
const inboxRow = async (who: TestMember, id: string): Promise<InboxRow | undefined> =>
  ((await call(inbox.loader, who, { url: INBOX_PATH })).body.inbox.rows as InboxRow[]).find((r) => r.id === id);

/** `who`'s 'Privat meddelande' notifications of a conversation. */
const pmNotes = (who: TestMember, conversationId: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, who.id), eq(notifications.type, "private_message"), eq(notifications.referenceId, conversationId)));

/** 'Vem får starta en konversation med dig', saved on the account page. */
const setMessagesFrom = (who: TestMember, messagesFrom: string) =>
  call(account.action, who, { url: "/forum/konto", form: { intent: "messages-from", messagesFrom } });

/** The moderators' queue (`/admin/reports`): held and reported messages. */
async function queue(): Promise<{ held: StaffMessageView[]; reported: ReportedMessageView[] }> {
  const answer = await call(adminReports.loader, moderator, { url: "/admin/reports" });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** A moderator's decision on a message (`intent=message`). */
const moderate = (who: TestMember, messageId: string, action: string) =>
  call(adminReports.action, who, { url: "/admin/reports", form: { intent: "message", messageId, action } });

/** A refusal: the status and the catalogue message. */
function refused(answer: RouteAnswer, status: number, error: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toMatchObject({ ok: false, error });
}

const conversationsBy = async (m: TestMember, where: TestForum = forum) =>
  (await where.services.db.select().from(conversations).where(eq(conversations.createdBy, m.id))).length;

// ---------------------------------------------------------------------------------------------

describe("'Vem får starta en konversation med dig'", () => {
  it("'Ingen' refuses a new conversation, 'Bara medlemmar jag följer' lets only followed members in, 'Alla medlemmar' everyone; an ongoing one goes on", async () => {
    const sara = await member("Sk_Sara");
    const rut = await member("Sk_Rut");
    const olle = await member("Sk_Olle");

    const saved = await setMessagesFrom(rut, "nobody");
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ok: true, toast: { title: ib.settingSaved } });
    expect((await call(account.loader, rut, { url: "/forum/konto" })).body.messagesFrom).toBe("nobody");
    refused(await start(sara, "Sk_Rut", "Hej Rut, har du en minut?"), 403, ib.cannotMessage("Sk_Rut"));
    // Typed in another case, the refusal names the member as they spell it.
    refused(await start(sara, "sk_rut", "Hej Rut, har du en minut?"), 403, ib.cannotMessage("Sk_Rut"));
    // One refusing recipient stops a group too.
    refused(await start(sara, "Sk_Olle, Sk_Rut", "En grupp om fonder"), 403, ib.cannotMessage("Sk_Rut"));
    expect(await conversationsBy(sara)).toBe(0);

    expect((await setMessagesFrom(rut, "following")).status).toBe(200);
    refused(await start(sara, "Sk_Rut", "Hej Rut, har du en minut?"), 403, ib.cannotMessage("Sk_Rut"));
    // Sara following Rut is not enough: Rut must follow Sara.
    await follow(db(), sara.id, rut.id);
    refused(await start(sara, "Sk_Rut", "Hej Rut, har du en minut?"), 403, ib.cannotMessage("Sk_Rut"));
    await follow(db(), rut.id, sara.id);
    const { id } = await started(sara, "Sk_Rut", "Hej Rut, har du en minut?");
    refused(await start(olle, "Sk_Rut", "Hej från Olle"), 403, ib.cannotMessage("Sk_Rut"));

    // 'Ingen' later: the conversation that exists goes on, from both sides and from 'Nytt meddelande'.
    expect((await setMessagesFrom(rut, "nobody")).status).toBe(200);
    await sent(sara, id, "Fortsätter vi här?");
    await sent(rut, id, "Ja, det gör vi.");
    expect(conversationIdOf((await start(sara, "Sk_Rut", "Via Nytt meddelande")).location)).toBe(id);
    expect((await view(sara, id)).canSend).toBe(true);

    expect((await setMessagesFrom(rut, "everyone")).status).toBe(200);
    await started(olle, "Sk_Rut", "Hej från Olle");

    // A value that is not one of the three: 400, the setting unchanged.
    refused(await setMessagesFrom(rut, "alla"), 400, ib.invalidSetting);
    expect((await db().select({ v: profiles.messagesFrom }).from(profiles).where(eq(profiles.id, rut.id)))[0]!.v).toBe("everyone");
  });
});

describe("'Dölj medlem' (mutes)", () => {
  it("a recipient who mutes the sender: no new conversation, no reply in their one-to-one, and the page says so", async () => {
    const sara = await member("Sk_Sara2");
    const ulla = await member("Sk_Ulla");
    const vera = await member("Sk_Vera");

    const { id } = await started(sara, "Sk_Ulla", "Hej Ulla!");
    await muteMember(db(), ulla.id, sara.id);
    refused(await act(sara, id, { intent: "send", body: "Svara då!" }), 403, ib.cannotMessageInConversation);
    expect((await view(sara, id)).canSend).toBe(false);
    refused(await start(sara, "Sk_Ulla", "Via Nytt meddelande"), 403, ib.cannotMessage("Sk_Ulla"));
    // Ulla herself may still write to Sara.
    await sent(ulla, id, "Jag vill inte prata mer.");

    // A member who mutes Sara before any conversation: no new one, whatever their setting says.
    await muteMember(db(), vera.id, sara.id);
    refused(await start(sara, "Sk_Vera", "Hej Vera!"), 403, ib.cannotMessage("Sk_Vera"));
    expect((await db().select().from(messages).where(eq(messages.authorId, sara.id))).map((r) => r.body)).toEqual(["Hej Ulla!"]);
  });

  it("in a group the muted member's messages are never unread for the muter, and show collapsed without text", async () => {
    const sara = await member("Sk_Sara3");
    const ulla = await member("Sk_Ulla3");
    const greta = await member("Sk_Greta3");
    await muteMember(db(), ulla.id, sara.id);
    // Greta starts the group: Ulla's mute stops only Sara from starting one with her.
    const { id } = await started(greta, "Sk_Sara3, Sk_Ulla3", "Välkomna, vi pratar guld");
    expect((await view(ulla, id)).canSend).toBe(true);
    expect((await view(sara, id)).canSend).toBe(true);

    const fromSara = await sent(sara, id, "Guldet går till 3000 dollar!");
    expect((await inboxRow(greta, id))!.unreadCount).toBe(1);
    const ullasRow = await inboxRow(ulla, id);
    expect(ullasRow!.unreadCount).toBe(0);
    // Her latest line is the last message she may see, not Sara's.
    expect(ullasRow!.latestLine).toBe("Välkomna, vi pratar guld");
    // Ulla's notification is Greta's opening message alone; Greta's counts Sara's.
    expect((await pmNotes(ulla, id)).map((note) => [note.actorNickname, note.count])).toEqual([["Sk_Greta3", 1]]);
    expect((await pmNotes(greta, id)).map((note) => [note.actorNickname, note.count])).toEqual([["Sk_Sara3", 1]]);

    const ullas = (await view(ulla, id)).messages.find((msg) => msg.id === fromSara)!;
    expect(ullas).toMatchObject({ muted: true, html: "" });
    expect(ullas.author?.nickname).toBe("Sk_Sara3");
    const gretas = (await view(greta, id)).messages.find((msg) => msg.id === fromSara)!;
    expect(gretas).toMatchObject({ muted: false, html: "<p>Guldet går till 3000 dollar!</p>" });
  });
});

describe("a blocked account", () => {
  it("cannot send, start or edit: 403 'Ditt konto är blockerat …', and nothing reaches the others", async () => {
    const bo = await member("Sk_Bo");
    const berit = await member("Sk_Berit");
    const { id, messageId } = await started(bo, "Sk_Berit", "Hej Berit, en fråga om Saab");
    await blockUser(db(), { id: admin.id, role: admin.role, nickname: admin.nickname }, bo.id);

    refused(await act(bo, id, { intent: "send", body: "Köp min kurs!" }), 403, ib.blockedCannotSend);
    refused(await start(bo, "Sk_Rut", "Köp min kurs!"), 403, ib.blockedCannotSend);
    refused(await start(bo, "Sk_Berit", "Köp min kurs!"), 403, ib.blockedCannotSend);
    // Nor turn a message already sent into something else.
    refused(await act(bo, id, { intent: "edit", messageId, body: "Köp min kurs! https://exempel.se/kurs" }), 403, ib.blockedCannotSend);
    expect((await inboxRow(berit, id))!.unreadCount).toBe(1);
    const seen = await view(berit, id);
    expect(seen.messages.map((msg) => msg.html)).toEqual(["<p>Hej Berit, en fråga om Saab</p>"]);
  });
});

describe("limits", () => {
  it("a new account starts 3 conversations on its first day; the 4th is 429 with the wait; an older account is not capped", async () => {
    const newbie = await member("Sk_Ny", strict);
    for (const n of [1, 2, 3, 4]) await member(`Sk_Mott${n}`, strict);
    const first: string[] = [];
    for (const n of [1, 2, 3]) first.push((await started(newbie, `Sk_Mott${n}`, `Hej nummer ${n}, trevligt forum!`, strict)).id);
    const fourth = await start(newbie, "Sk_Mott4", "Hej nummer 4, trevligt forum!", strict);
    expect(fourth.status).toBe(429);
    const wait = Number(fourth.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(23 * 3600);
    expect(fourth.body).toMatchObject({ ok: false, error: ib.newAccountConversations(wait) });
    expect(await conversationsBy(newbie, strict)).toBe(3);
    // Writing in the conversations they have is not capped by it.
    const reply = await act(newbie, first[0]!, { intent: "send", body: "Och en sak till." }, strict);
    expect(reply.status).toBe(302);

    // The same number of conversations from an account older than a day.
    const old = await member("Sk_Gammal", strict);
    await strict.services.db.update(user).set({ createdAt: new Date(Date.now() - 2 * 86_400_000) }).where(eq(user.id, old.id));
    for (const n of [1, 2, 3, 4]) await started(old, `Sk_Mott${n}`, `Gammal hälsar på nummer ${n}`, strict);
  });

  it("the same text (10 characters or more) to a 4th conversation within an hour is 429; short thanks and the same conversation are fine", async () => {
    const kopia = await member("Sk_Kopia");
    const to: TestMember[] = [];
    for (const n of [1, 2, 3, 4, 5]) to.push(await member(`Sk_T${n}`));
    const pitch = "Köp Sivers nu, den går till 100!";
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push((await started(kopia, `Sk_T${n}`, pitch)).id);
    refused(await start(kopia, "Sk_T4", pitch), 429, ib.sameTextToMany);
    // Case and spacing do not make it another text.
    refused(await start(kopia, "Sk_T4", "  köp sivers NU,   den går till 100! "), 429, ib.sameTextToMany);
    // Nor does a conversation that already exists.
    const fourth = await started(kopia, "Sk_T4", "Hej, en egen rad till dig");
    refused(await act(kopia, fourth.id, { intent: "send", body: pitch }), 429, ib.sameTextToMany);
    expect((await view(to[3]!, fourth.id)).messages.map((msg) => msg.html)).toEqual(["<p>Hej, en egen rad till dig</p>"]);
    // The same text again where it was already sent is fine; so is a short thanks to many.
    await sent(kopia, ids[0]!, pitch);
    for (const id of [...ids, fourth.id]) await sent(kopia, id, "Tack!");
    await started(kopia, "Sk_T5", "Tack!");
  });
});

describe("held messages (links from an account younger than a day)", () => {
  it("the sender sees it marked, the recipient nothing of it — no unread, no notification — until a moderator's 'Släpp'", async () => {
    const hanna = await member("Sk_Hanna");
    const holger = await member("Sk_Holger");
    const { id, messageId } = await started(hanna, "Sk_Holger", "Kolla https://exempel.se/pump");

    const own = (await view(hanna, id)).messages;
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ id: messageId, held: true });
    expect(own[0]!.html).toContain('href="https://exempel.se/pump"');

    const theirs = await view(holger, id);
    expect(theirs.messages).toEqual([]);
    expect(theirs.heldForViewer).toBe(1);
    expect(JSON.stringify(theirs)).not.toContain("exempel.se");
    expect(await inboxRow(holger, id)).toMatchObject({ unreadCount: 0, latestLine: "" });
    expect((await call(apiInbox.loader, holger, { url: "/api/inbox" })).body).toEqual({ unread: 0 });
    expect(await pmNotes(holger, id)).toEqual([]);
    // Nor can Holger act on what he cannot see.
    refused(await act(holger, id, { intent: "report", messageId, reason: "spam" }), 404, ib.messageNotFound);

    // The moderators' queue has it, and nothing else of the conversation.
    const before = await queue();
    const queued = before.held.find((msg) => msg.id === messageId);
    expect(queued).toMatchObject({ conversationId: id, authorNickname: "Sk_Hanna", seq: 1 });
    expect(before.held.filter((msg) => msg.conversationId === id)).toHaveLength(1);

    const released = await moderate(moderator, messageId, "release");
    expect(released.status).toBe(200);
    expect(released.body).toEqual({ ok: true, toast: { title: ib.released } });
    const now = await view(holger, id);
    expect(now.heldForViewer).toBe(0);
    expect(now.messages.map((msg) => [msg.id, msg.held])).toEqual([[messageId, false]]);
    expect(now.messages[0]!.html).toContain('href="https://exempel.se/pump"');
    expect((await queue()).held.map((msg) => msg.id)).not.toContain(messageId);
    // Released, it notified Holger (read already: he opened the conversation above).
    const [note] = await pmNotes(holger, id);
    expect(note).toMatchObject({ count: 1, read: true, actorNickname: "Sk_Hanna" });
    const log = await db().select().from(moderationLog).where(eq(moderationLog.targetId, messageId));
    expect(log.map((r) => r.action)).toEqual(["release_message"]);
    // Released already: not held any more, so 404.
    refused(await moderate(moderator, messageId, "release"), 404, ib.messageNotFound);
  });

  it("the recipient's reply releases it, and they see it before their reply", async () => {
    const hanna = await member("Sk_Hanna2");
    const hilda = await member("Sk_Hilda");
    const { id, messageId } = await started(hanna, "Sk_Hilda", "Se här: https://exempel.se/raket");
    expect((await inboxRow(hilda, id))!.unreadCount).toBe(0);
    expect((await view(hilda, id)).heldForViewer).toBe(1);
    await sent(hilda, id, "Vad är det för länk?");
    const seen = await view(hilda, id);
    expect(seen.heldForViewer).toBe(0);
    expect(seen.messages.map((msg) => [msg.seq, msg.author?.nickname, msg.held])).toEqual([
      [1, "Sk_Hanna2", false],
      [2, "Sk_Hilda", false],
    ]);
    expect((await queue()).held.map((msg) => msg.id)).not.toContain(messageId);
  });

  it("staff get 404 for a message that is neither held nor reported, the same answer as for no message at all", async () => {
    const sven = await member("Sk_Sven");
    const stina = await member("Sk_Stina");
    const { messageId } = await started(sven, "Sk_Stina", "Ett helt vanligt privat meddelande");
    for (const staff of [moderator, admin]) {
      for (const action of ["release", "delete", "dismiss"]) {
        const real = await moderate(staff, messageId, action);
        const none = await moderate(staff, NOWHERE, action);
        refused(real, 404, ib.messageNotFound);
        expect(real.body).toEqual(none.body);
      }
    }
    const [row] = await db().select().from(messages).where(eq(messages.id, messageId));
    expect(row).toMatchObject({ body: "Ett helt vanligt privat meddelande", deletedAt: null });
    // A member is sent away from the queue; a visitor to the login page.
    expect((await moderate(stina, messageId, "delete")).location).toBe("/forum");
    expect((await call(adminReports.action, null, { url: "/admin/reports", form: { intent: "message", messageId, action: "delete" } })).location).toMatch(/^\/auth\/login/);
  });

  it("an account older than a day is not held; neither is a message without a link", async () => {
    const gammal = await member("Sk_Veteran");
    const gustav = await member("Sk_Gustav");
    await db().execute(sql`UPDATE profiles SET created_at = now() - interval '2 days' WHERE id = ${gammal.id}`);
    const { id, messageId } = await started(gammal, "Sk_Gustav", "Kolla https://exempel.se/pump");
    const seen = await view(gustav, id);
    expect(seen.heldForViewer).toBe(0);
    expect(seen.messages.map((msg) => [msg.id, msg.held])).toEqual([[messageId, false]]);
    expect((await pmNotes(gustav, id))[0]).toMatchObject({ count: 1 });

    const nyss = await member("Sk_Nyss");
    const plain = await started(nyss, "Sk_Gustav", "Hej! Ingen länk här, bara $VOLV-B och @Sk_Gustav.");
    expect((await view(gustav, plain.id)).messages.map((msg) => msg.held)).toEqual([false]);
  });
});

describe("'Anmäl' (reports)", () => {
  it("the queue shows the reported message with at most the 5 before it; own 403, twice 409; the moderator's 'Ta bort' empties it", async () => {
    const rolf = await member("Sk_Rolf");
    const rakel = await member("Sk_Rakel");
    const utanfor = await member("Sk_Utanfor");
    const { id } = await started(rolf, "Sk_Rakel", "Meddelande nummer 1");
    const ids: string[] = [];
    for (let n = 2; n <= 8; n++) ids.push(await sent(n % 2 ? rolf : rakel, id, `Meddelande nummer ${n}`));
    const eighth = ids.at(-1)!;
    // The 8th is Rakel's (even): Rolf reports it.
    const report = await act(rolf, id, { intent: "report", messageId: eighth, reason: "harassment", details: "Hotfullt ton" });
    expect(report.status).toBe(302);
    expect(report.location).toBe(`${conversationPath(id)}#message-${eighth}`);
    const rows = await db().select().from(messageReports).where(eq(messageReports.messageId, eighth));
    expect(rows.map((r) => [r.userId, r.reason, r.details, r.status])).toEqual([[rolf.id, "harassment", "Hotfullt ton", "open"]]);

    const listed = (await queue()).reported.find((r) => r.message.id === eighth)!;
    expect(listed).toMatchObject({ reasons: ["harassment"], reportCount: 1, details: ["Hotfullt ton"] });
    expect(listed.message).toMatchObject({ seq: 8, authorNickname: "Sk_Rakel", html: "<p>Meddelande nummer 8</p>", conversationId: id });
    expect(listed.before).toHaveLength(5);
    expect(listed.before.map((msg) => msg.seq)).toEqual([3, 4, 5, 6, 7]);
    expect(listed.before.map((msg) => msg.html)).toEqual([3, 4, 5, 6, 7].map((n) => `<p>Meddelande nummer ${n}</p>`));

    // One's own message: 403; twice: 409; a reason that is not one: 400; outside the conversation: 404.
    refused(await act(rakel, id, { intent: "report", messageId: eighth, reason: "spam" }), 403, ib.reportFailed);
    refused(await act(rolf, id, { intent: "report", messageId: eighth, reason: "spam" }), 409, ib.alreadyReported);
    refused(await act(rolf, id, { intent: "report", messageId: ids[0]!, reason: "tråkigt" }), 400, m.chooseReason);
    const outside = await act(utanfor, id, { intent: "report", messageId: eighth, reason: "spam" });
    refused(outside, 404, ib.messageNotFound);
    expect(await db().select().from(messageReports).where(eq(messageReports.messageId, eighth))).toHaveLength(1);

    // The moderator deletes it: the text is gone for both, the report closed, the queue empty of it.
    const deleted = await moderate(moderator, eighth, "delete");
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true, toast: { title: ib.deleted } });
    for (const who of [rolf, rakel]) {
      const msg = (await view(who, id)).messages.find((x) => x.id === eighth)!;
      expect(msg).toMatchObject({ deleted: true, html: "" });
    }
    const [row] = await db().select().from(messages).where(eq(messages.id, eighth));
    expect(row).toMatchObject({ body: "", bodyHtml: "" });
    expect((await db().select().from(messageReports).where(eq(messageReports.messageId, eighth)))[0]).toMatchObject({
      status: "resolved",
      resolution: "content_deleted",
      resolvedBy: moderator.id,
    });
    expect((await queue()).reported.map((r) => r.message.id)).not.toContain(eighth);

    // A dismissed report closes it and leaves the text.
    const seventh = ids.at(-2)!;
    expect((await act(rakel, id, { intent: "report", messageId: seventh, reason: "spam" })).status).toBe(302);
    expect((await moderate(admin, seventh, "dismiss")).status).toBe(200);
    expect((await db().select().from(messages).where(eq(messages.id, seventh)))[0]!.body).toBe("Meddelande nummer 7");
    expect((await queue()).reported.map((r) => r.message.id)).not.toContain(seventh);
  });
});

describe("every refusal is a 4xx", () => {
  it("visitors, malformed and hand-made requests get a 4xx with a Swedish message, never a 500", async () => {
    const tor = await member("Sk_Tor");
    const tove = await member("Sk_Tove");
    const { id, messageId } = await started(tor, "Sk_Tove", "Hej Tove");

    // Visitors: 401 for writes, the login page for pages.
    refused(await start(null, "Sk_Tove", "Hej"), 401, ib.loginToMessage);
    for (const intent of ["send", "edit", "delete", "report", "hide", "leave"]) {
      const answer = await act(null, id, { intent, messageId, body: "Hej", reason: "spam" });
      expect(answer.status, intent).toBe(401);
    }
    refused(await act(null, id, { intent: "read" }), 401, ib.loginToRead);
    expect((await open(null, id)).location).toMatch(/^\/auth\/login/);
    expect((await call(inbox.loader, null, { url: INBOX_PATH })).location).toMatch(/^\/auth\/login/);
    expect((await call(inboxNew.loader, null, { url: "/forum/inkorg/ny" })).location).toMatch(/^\/auth\/login/);
    refused(await call(apiInbox.loader, null, { url: "/api/inbox" }), 401, ib.loginToRead);

    // Members: malformed or hand-made forms.
    refused(await act(tor, id, { intent: "shout" }), 400, errors.badRequest);
    refused(await act(tor, id, { intent: "send", body: "" }), 400, ib.bodyRequired);
    refused(await act(tor, id, { intent: "send" }), 400, ib.bodyRequired);
    refused(await act(tor, id, { intent: "send", body: "x".repeat(LIMITS.message + 1) }), 400, ib.bodyTooLong(LIMITS.message));
    refused(await act(tor, id, { intent: "edit", messageId: "x", body: "Ny text" }), 404, ib.messageNotFound);
    refused(await act(tor, id, { intent: "edit", messageId, body: "" }), 400, ib.bodyRequired);
    refused(await act(tor, id, { intent: "delete" }), 404, ib.messageNotFound);
    refused(await act(tor, id, { intent: "delete", messageId: NOWHERE }), 404, ib.messageNotFound);
    refused(await act(tove, id, { intent: "report", messageId }), 400, m.chooseReason);
    for (const bad of ["inte-ett-id", NOWHERE]) {
      refused(await act(tor, bad, { intent: "send", body: "Hej" }), 404, ib.notFound);
      refused(await act(tor, bad, { intent: "read" }), 404, ib.notFound);
      refused(await act(tor, bad, { intent: "hide" }), 404, ib.notFound);
      refused(await act(tor, bad, { intent: "leave" }), 404, ib.notFound);
      const page = await open(tor, bad);
      expect(page.status).toBe(404);
      expect(page.body).toBe(ib.notFound);
    }
    refused(await start(tor, "", "Hej"), 400, ib.recipientsRequired);
    refused(await call(inboxNew.action, tor, { url: "/forum/inkorg/ny", form: { body: "Hej" } }), 400, ib.recipientsRequired);
    refused(await call(inboxNew.action, tor, { url: "/forum/inkorg/ny", form: { to: "Sk_Tove" } }), 400, ib.bodyRequired);
    refused(await start(tor, "Sk_Tove", "x".repeat(LIMITS.message + 1)), 400, ib.bodyTooLong(LIMITS.message));
    refused(await setMessagesFrom(tor, ""), 400, ib.invalidSetting);
    // The moderators' form, hand-made.
    refused(await moderate(moderator, messageId, "nuke"), 400, ib.actionFailed);
    refused(await moderate(moderator, "inte-ett-id", "release"), 404, ib.messageNotFound);
    // What was sent is untouched.
    expect((await view(tove, id)).messages.map((msg) => msg.html)).toEqual(["<p>Hej Tove</p>"]);
    expect((await call(apiInbox.loader, tove, { url: "/api/inbox" })).body).toEqual({ unread: 0 });
  });
});
