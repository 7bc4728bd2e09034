/**
 * Private messages ('Inkorg', docs/decisions/055-private-messages.md) through the real route
 * modules with real sessions: starting a conversation, replying, the inbox's order and unread
 * marks, the session lookup's badge count, reading, and the same answer for a non-participant as
 * for a conversation that does not exist. Then what members notice in daily use:
 *
 * - groups: 2 and 9 recipients; 10 recipients, an unknown nickname or oneself refused (400) with
 *   the catalogue's words and nothing made; 'Lämna gruppen' (the leaver gets 404, the others keep
 *   the group and the leaver's export stops where they left); a one-to-one cannot be left;
 * - 'Redigera' within 5 minutes (after that 403), only one's own; 'Ta bort' (the other member sees
 *   'Meddelandet har tagits bort', no text); 'Dölj konversationen' until the next message;
 * - notifications: one unread 'private_message' row per conversation whose count grows, none when
 *   the member set it to 'Av', read when the conversation is read, never with the message text;
 * - account deletion: the deleted member's messages keep their place as 'Okänd' without text; the
 *   data export carries the member's conversations;
 * - the shared member render: one render of the inbox and of a conversation, each participant's
 *   own state set in, anyone else's page made for them alone; and what a send tells every
 *   instance to forget (its participants' kept reads, the session lookups whose count moved).
 *
 * Limits, held messages, reports, 'Vem får starta en konversation med dig', mutes and blocks are
 * in ./safety.test.ts.
 */
import { and, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as conversation from "../../../app/routes/conversation";
import * as inbox from "../../../app/routes/inbox";
import * as inboxNew from "../../../app/routes/inbox-new";
import { inbox as ib, notifications as n } from "../../../domain/i18n/sv";
import { conversationPath, INBOX_PATH, type ConversationView, type InboxRow, type MessageView } from "../../../domain/messages";
import { notificationHref, notificationText } from "../../../domain/notifications";
import { DEFAULT_NOTIFICATION_CHANNELS } from "../../../domain/values";
import { personalParts } from "../../../domain/personal";
import { getViewer, type Viewer } from "../../../server/accounts/session";
import { GENERIC_RENDER_HEADER, genericRenderSecret, personalContext } from "../../../server/cache/share-personal";
import { servicesContext } from "../../../server/platform/services";
import { cacheEffect, parseEvent, REALTIME_CHANNEL } from "../../../server/realtime/events";
import { conversationMembers, conversations, messages, notifications } from "../../../server/db/schema";
import { saveNotificationSettings } from "../../../server/notifications/settings";
import { deleteMember } from "../../../server/privacy/delete-account";
import { exportMemberData } from "../../../server/privacy/export";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { callRoute, sessionCookie, type RouteAnswer } from "../../../server/testing/route-call";

let forum: TestForum;
let anna: TestMember;
let bertil: TestMember;
let cecilia: TestMember;
/** Seven more members: with Bertil and Cecilia, the nine recipients of the largest group. */
const g: TestMember[] = [];
const cookies: Record<string, string> = {};
const db = () => forum.services.db;

beforeAll(async () => {
  forum = await createTestForum({ ACTION_LIMIT_MULTIPLIER: "1000" });
  anna = await createMember(forum, { nickname: "Pm_Anna" });
  bertil = await createMember(forum, { nickname: "Pm_Bertil" });
  cecilia = await createMember(forum, { nickname: "Pm_Cecilia" });
  for (let i = 1; i <= 7; i++) g.push(await createMember(forum, { nickname: `Pm_G${i}` }));
  for (const m of [anna, bertil, cecilia, ...g]) cookies[m.id] = await sessionCookie(forum, m);
}, 120_000);
afterAll(() => forum?.close());

const conversationIdOf = (location: string | null) => /\/forum\/inkorg\/([0-9a-f-]{36})/.exec(location ?? "")?.[1] ?? "";

async function inboxUnread(m: TestMember): Promise<number> {
  const viewer = await getViewer(forum.services, new Request("http://localhost:3000/forum", { headers: { cookie: cookies[m.id]! } }));
  return viewer!.inboxUnread;
}

describe("a one-to-one conversation", () => {
  it("starts from 'Nytt meddelande', lands in the recipient's inbox unread, and a reply and a read clear it", async () => {
    const started = await callRoute(forum, inboxNew.action, {
      url: "/forum/inkorg/ny",
      form: { to: "@pm_bertil", body: "Hej! Hur tänker du om **Volvo**?" },
      cookie: cookies[anna.id],
    });
    expect(started.status).toBe(302);
    const id = conversationIdOf(started.location);
    expect(id).not.toBe("");

    const bertilsInbox = await callRoute(forum, inbox.loader, { url: "/forum/inkorg", cookie: cookies[bertil.id] });
    expect(bertilsInbox.body.inbox.rows).toHaveLength(1);
    expect(bertilsInbox.body.inbox.rows[0]).toMatchObject({ id, unreadCount: 1, latestLine: "Hej! Hur tänker du om Volvo?", latestMine: false });
    expect(bertilsInbox.body.inbox.rows[0].others.map((o: { nickname: string }) => o.nickname)).toEqual(["Pm_Anna"]);
    expect(await inboxUnread(bertil)).toBe(1);

    const page = await callRoute(forum, conversation.loader, { url: `/forum/inkorg/${id}`, params: { conversationId: id }, cookie: cookies[bertil.id] });
    expect(page.status).toBe(200);
    expect(page.body.conversation.messages.map((m: { html: string }) => m.html)).toEqual(["<p>Hej! Hur tänker du om <strong>Volvo</strong>?</p>"]);
    expect(await inboxUnread(bertil)).toBe(0);

    const reply = await callRoute(forum, conversation.action, {
      url: `/forum/inkorg/${id}`,
      params: { conversationId: id },
      form: { intent: "send", body: "Köper mer på dippen." },
      cookie: cookies[bertil.id],
    });
    expect(reply.status).toBe(302);
    expect(await inboxUnread(anna)).toBe(1);

    // Anna writes to Bertil again from his profile: the same conversation.
    const again = await callRoute(forum, inboxNew.loader, { url: "/forum/inkorg/ny?till=Pm_Bertil", cookie: cookies[anna.id] });
    expect(again.location).toBe(`/forum/inkorg/${id}`);
  });

  it("a non-participant, staff or not, gets the same 404 as for a conversation that does not exist", async () => {
    const started = await callRoute(forum, inboxNew.action, {
      url: "/forum/inkorg/ny",
      form: { to: "Pm_Cecilia", body: "Privat" },
      cookie: cookies[anna.id],
    });
    const id = conversationIdOf(started.location);
    const admin = await createMember(forum, { role: "admin" });
    for (const cookie of [cookies[bertil.id], await sessionCookie(forum, admin)]) {
      const other = await callRoute(forum, conversation.loader, { url: `/forum/inkorg/${id}`, params: { conversationId: id }, cookie });
      const none = await callRoute(forum, conversation.loader, {
        url: "/forum/inkorg/00000000-0000-4000-8000-000000000001",
        params: { conversationId: "00000000-0000-4000-8000-000000000001" },
        cookie,
      });
      expect(other.status).toBe(404);
      expect(other.body).toBe(ib.notFound);
      expect(none.body).toEqual(other.body);
      const write = await callRoute(forum, conversation.action, {
        url: `/forum/inkorg/${id}`,
        params: { conversationId: id },
        form: { intent: "send", body: "Hej" },
        cookie,
      });
      expect(write.status).toBe(404);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Helpers: the pages and forms a member uses.
// ---------------------------------------------------------------------------------------------

const messageIdOf = (location: string | null) => /#message-([0-9a-f-]{36})/.exec(location ?? "")?.[1] ?? "";
const NOWHERE = "00000000-0000-4000-8000-000000000001";
const names = (people: Array<{ nickname: string }>) => people.map((p) => p.nickname);

/** 'Nytt meddelande' as `from`. */
const start = (from: TestMember, to: string, body: string) =>
  callRoute(forum, inboxNew.action, { url: "/forum/inkorg/ny", form: { to, body }, cookie: cookies[from.id] });

/** Starts a conversation (it must work): its id and the first message's id. */
async function started(from: TestMember, to: string, body: string): Promise<{ id: string; messageId: string }> {
  const answer = await start(from, to, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(302);
  return { id: conversationIdOf(answer.location), messageId: messageIdOf(answer.location) };
}

/** A form of the conversation page, posted as `who`. */
const act = (who: TestMember, id: string, form: Record<string, string>) =>
  callRoute(forum, conversation.action, { url: conversationPath(id), params: { conversationId: id }, form, cookie: cookies[who.id] });

/** 'Skicka' (it must work): the new message's id. */
async function sent(who: TestMember, id: string, body: string): Promise<string> {
  const answer = await act(who, id, { intent: "send", body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(302);
  return messageIdOf(answer.location);
}

/** The conversation page as `who`. */
const open = (who: TestMember, id: string) =>
  callRoute(forum, conversation.loader, { url: conversationPath(id), params: { conversationId: id }, cookie: cookies[who.id] });

/** The conversation as `who` sees it (the page must open). */
async function view(who: TestMember, id: string): Promise<ConversationView> {
  const answer = await open(who, id);
  expect(answer.status).toBe(200);
  return answer.body.conversation;
}

const messageIn = (v: ConversationView, messageId: string): MessageView => v.messages.find((m) => m.id === messageId)!;

/** The rows of `who`'s inbox. */
const inboxRows = async (who: TestMember): Promise<InboxRow[]> => (await callRoute(forum, inbox.loader, { url: INBOX_PATH, cookie: cookies[who.id] })).body.inbox.rows;

/** `who`'s 'Privat meddelande' notifications (of the given conversations when any), oldest first. */
const pmNotes = async (who: TestMember, ...conversationIds: string[]) =>
  (
    await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, who.id), eq(notifications.type, "private_message")))
      .orderBy(notifications.seq)
  ).filter((note) => conversationIds.length === 0 || conversationIds.includes(note.referenceId ?? ""));

/** A refusal: the status, the catalogue message, never a 500. */
function refused(answer: RouteAnswer, status: number, error: string) {
  expect(answer.status).toBe(status);
  expect(answer.body).toMatchObject({ ok: false, error });
}

describe("groups", () => {
  it("start with 2 and with 9 recipients; 10 recipients, an unknown nickname or oneself is a 400 with the catalogue's words, nothing made", async () => {
    const small = await started(anna, "Pm_Bertil, @Pm_Cecilia", "Hej båda! Ska vi prata utdelningar?");
    const seen = await view(cecilia, small.id);
    expect(seen.isGroup).toBe(true);
    expect(names(seen.participants)).toEqual(["Pm_Anna", "Pm_Bertil", "Pm_Cecilia"]);
    expect((await inboxRows(bertil)).find((r) => r.id === small.id)).toMatchObject({ isGroup: true, unreadCount: 1 });

    const nine = [bertil, cecilia, ...g];
    const big = await started(anna, nine.map((m) => m.nickname).join(", "), "Välkomna till gruppen om småbolag!");
    const bigView = await view(g[6]!, big.id);
    expect(bigView.participants).toHaveLength(10);
    expect((await inboxRows(g[0]!)).find((r) => r.id === big.id)!.others).toHaveLength(9);

    const countBefore = (await db().select().from(conversations)).length;
    const ten = [...nine.map((m) => m.nickname), "Pm_Tionde"].join(", ");
    const tooMany = await start(anna, ten, "För många mottagare här");
    refused(tooMany, 400, ib.tooManyRecipients);
    expect(tooMany.body.fieldErrors).toEqual({ to: ib.tooManyRecipients });
    // The form keeps what was typed.
    expect(tooMany.body.values).toEqual({ to: ten, body: "För många mottagare här" });
    refused(await start(anna, "Pm_Bertil, Pm_Finnsinte", "Hej på er"), 400, ib.recipientUnknown("Pm_Finnsinte"));
    refused(await start(anna, "@pm_anna", "Till mig själv"), 400, ib.recipientSelf);
    refused(await start(anna, "Pm_Bertil", "   "), 400, ib.bodyRequired);
    refused(await start(anna, " , ", "Ingen mottagare"), 400, ib.recipientsRequired);
    expect((await db().select().from(conversations)).length).toBe(countBefore);
  });

  it("'Lämna gruppen': the leaver gets 404 afterwards and no more messages, the others keep the group; a one-to-one cannot be left", async () => {
    const group = await started(anna, "Pm_Bertil, Pm_Cecilia", "Gruppen om räntor");
    await sent(cecilia, group.id, "Jag tror på sänkning i juni.");

    const left = await act(bertil, group.id, { intent: "leave" });
    expect(left.status).toBe(302);
    expect(left.location).toBe(INBOX_PATH);
    const gone = await open(bertil, group.id);
    const none = await open(bertil, NOWHERE);
    expect(gone.status).toBe(404);
    expect(gone.body).toBe(ib.notFound);
    expect(none.body).toEqual(gone.body);
    expect((await inboxRows(bertil)).map((r) => r.id)).not.toContain(group.id);
    refused(await act(bertil, group.id, { intent: "send", body: "Får jag vara med igen?" }), 404, ib.notFound);
    // Leaving twice is as if not a member.
    refused(await act(bertil, group.id, { intent: "leave" }), 404, ib.notFound);

    // The others keep it, without Bertil; a new message reaches Cecilia and not Bertil.
    expect(names((await view(anna, group.id)).participants)).toEqual(["Pm_Anna", "Pm_Cecilia"]);
    const notesBefore = await pmNotes(bertil, group.id);
    expect(notesBefore.every((note) => note.read)).toBe(true);
    await sent(anna, group.id, "Bertil gick, vi kör vidare.");
    expect((await inboxRows(cecilia)).find((r) => r.id === group.id)).toMatchObject({ unreadCount: 1, latestLine: "Bertil gick, vi kör vidare." });
    expect(await pmNotes(bertil, group.id)).toEqual(notesBefore);
    // Bertil's data export keeps what he saw, not what was written after he left.
    const exported = (await exportMemberData(db(), bertil.id))!.conversations.find((c) => c.id === group.id)!;
    expect(exported.left).toBe(true);
    expect(exported.messages.map((m) => m.text)).toEqual(["Gruppen om räntor", "Jag tror på sänkning i juni."]);

    // A one-to-one conversation cannot be left: 400, still there.
    const pair = await started(anna, "Pm_G1", "Bara vi två");
    refused(await act(g[0]!, pair.id, { intent: "leave" }), 400, ib.notAGroup);
    expect((await open(g[0]!, pair.id)).status).toBe(200);
  });
});

describe("editing, deleting and hiding", () => {
  it("'Redigera' within 5 minutes shows the new text to the other member; after 5 minutes 403; someone else's message 403", async () => {
    const { id, messageId } = await started(anna, "Pm_G2", "Första versionen av texten");
    const mine = messageIn(await view(anna, id), messageId);
    expect(mine.can).toEqual({ edit: true, delete: true, report: false });
    expect(mine.body).toBe("Första versionen av texten");

    const edited = await act(anna, id, { intent: "edit", messageId, body: "Rättad **text**" });
    expect(edited.status).toBe(302);
    expect(edited.location).toBe(`${conversationPath(id)}#message-${messageId}`);
    const theirs = messageIn(await view(g[1]!, id), messageId);
    expect(theirs.html).toBe("<p>Rättad <strong>text</strong></p>");
    expect(theirs.editedAt).not.toBeNull();
    // The other member may report it, not change it.
    expect(theirs.can).toEqual({ edit: false, delete: false, report: true });
    expect(theirs.body).toBeNull();
    const notAuthor = await act(g[1]!, id, { intent: "edit", messageId, body: "Kapad text" });
    refused(notAuthor, 403, ib.notAuthor);
    expect(notAuthor.body).toMatchObject({ intent: "edit", messageId, values: { body: "Kapad text" } });

    // Six minutes later: no more editing, and the page no longer offers it.
    await db().execute(sql`UPDATE messages SET created_at = now() - interval '6 minutes' WHERE id = ${messageId}::uuid`);
    const late = messageIn(await view(anna, id), messageId);
    expect(late.can.edit).toBe(false);
    expect(late.body).toBeNull();
    refused(await act(anna, id, { intent: "edit", messageId, body: "För sent" }), 403, ib.editWindowOver);
    expect(messageIn(await view(g[1]!, id), messageId).html).toBe("<p>Rättad <strong>text</strong></p>");
  });

  it("'Ta bort': the other member sees it deleted with no text; someone else's or twice is 403", async () => {
    const { id } = await started(anna, "Pm_G3", "Vad säger du om Investor?");
    const messageId = await sent(g[2]!, id, "Säljer allt i morgon bitti.");
    refused(await act(anna, id, { intent: "delete", messageId }), 403, ib.notAuthor);

    const deleted = await act(g[2]!, id, { intent: "delete", messageId });
    expect(deleted.status).toBe(302);
    const seen = messageIn(await view(anna, id), messageId);
    expect(seen).toMatchObject({ deleted: true, html: "", body: null, can: { edit: false, delete: false, report: false } });
    expect(seen.author?.nickname).toBe("Pm_G3");
    expect((await inboxRows(anna)).find((r) => r.id === id)).toMatchObject({ latestDeleted: true, latestLine: "" });
    const [row] = await db().select().from(messages).where(eq(messages.id, messageId));
    expect(row).toMatchObject({ body: "", bodyHtml: "" });
    expect(row!.deletedAt).not.toBeNull();
    refused(await act(g[2]!, id, { intent: "delete", messageId }), 403, ib.alreadyDeleted);
  });

  it("'Dölj konversationen' takes it out of the hider's inbox until a new message arrives", async () => {
    const { id } = await started(anna, "Pm_G4", "Har du sett rapporten från Atlas Copco?");
    const hidden = await act(g[3]!, id, { intent: "hide" });
    expect(hidden.status).toBe(302);
    expect(hidden.location).toBe(INBOX_PATH);
    expect((await inboxRows(g[3]!)).map((r) => r.id)).not.toContain(id);
    // Hidden is read: it counts for no badge.
    const [state] = await db().select().from(conversationMembers).where(and(eq(conversationMembers.conversationId, id), eq(conversationMembers.userId, g[3]!.id)));
    expect(state).toMatchObject({ hidden: true, unreadCount: 0 });
    expect((await inboxRows(anna)).map((r) => r.id)).toContain(id);

    await sent(anna, id, "Hallå? Den var riktigt stark.");
    expect((await inboxRows(g[3]!)).find((r) => r.id === id)).toMatchObject({ unreadCount: 1, latestLine: "Hallå? Den var riktigt stark." });
  });
});

describe("notifications", () => {
  it("one unread 'private_message' row per conversation, its count growing; reading the conversation reads it; the text never carries the message", async () => {
    const secret = "Hemligt tips: köp Fingerprint på 42 kronor";
    const { id } = await started(anna, "Pm_G5", secret);
    let notes = await pmNotes(g[4]!, id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ referenceId: id, read: false, count: 1, actorNickname: "Pm_Anna" });
    expect(notificationText(notes[0]!)).toBe(`Pm_Anna${n.privateMessage(1)}`);

    await sent(anna, id, "Och Sivers också, på 7 kronor.");
    await sent(anna, id, "Sälj innan rapporten!");
    notes = await pmNotes(g[4]!, id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ referenceId: id, read: false, count: 3 });
    const text = notificationText(notes[0]!);
    expect(text).toBe(`Pm_Anna${n.privateMessage(3)}`);
    for (const words of [secret, "Fingerprint", "Sivers", "Sälj"]) expect(text).not.toContain(words);
    expect(notificationHref(notes[0]!)).toBe(conversationPath(id));
    // The sender is not told about their own messages.
    expect(await pmNotes(anna, id)).toEqual([]);

    // Another conversation: a row of its own.
    const group = await started(anna, "Pm_G5, Pm_G6", "En grupp om bolagsrapporter");
    notes = await pmNotes(g[4]!, id, group.id);
    expect(notes.filter((note) => !note.read).map((note) => note.referenceId).sort()).toEqual([id, group.id].sort());

    // Reading the one-to-one reads its notification, not the group's.
    expect((await open(g[4]!, id)).status).toBe(200);
    notes = await pmNotes(g[4]!, id, group.id);
    expect(notes.find((note) => note.referenceId === id)!.read).toBe(true);
    expect(notes.find((note) => note.referenceId === group.id)!.read).toBe(false);
    expect((await inboxRows(g[4]!)).find((r) => r.id === id)!.unreadCount).toBe(0);

    // The next message after reading: a new unread row, count 1.
    await sent(anna, id, "Nytt tips i morgon.");
    notes = await pmNotes(g[4]!, id);
    expect(notes.map((note) => [note.read, note.count])).toEqual([
      [true, 3],
      [false, 1],
    ]);
    // The page's 'read' form (with JavaScript) reads it too.
    const read = await act(g[4]!, id, { intent: "read" });
    expect(read.body).toEqual({ ok: true, intent: "read" });
    expect((await pmNotes(g[4]!, id)).every((note) => note.read)).toBe(true);
  });

  it("none when the recipient set 'Privat meddelande' to 'Av'; the inbox still marks the conversation unread", async () => {
    await saveNotificationSettings(db(), g[6]!, { ...DEFAULT_NOTIFICATION_CHANNELS, private_message: "off", auto_subscribe: "on" });
    const { id } = await started(anna, "Pm_G7", "Hör av dig när du kan");
    await sent(anna, id, "Det gäller Evolution.");
    expect(await pmNotes(g[6]!, id)).toEqual([]);
    expect((await inboxRows(g[6]!)).find((r) => r.id === id)!.unreadCount).toBe(2);
  });
});

describe("account deletion and the data export", () => {
  it("the deleted member's messages keep their place as 'Okänd' without text; the other member can no longer write in the one-to-one", async () => {
    const leaving = await createMember(forum, { nickname: "Pm_Raderas" });
    cookies[leaving.id] = await sessionCookie(forum, leaving);
    const pair = await started(leaving, "Pm_Cecilia", "Mitt första meddelande till dig");
    await sent(cecilia, pair.id, "Svar till dig");
    await sent(leaving, pair.id, "Mitt andra meddelande");
    const group = await started(leaving, "Pm_Cecilia, Pm_Bertil", "Gruppens första rad");
    await sent(bertil, group.id, "Bertil svarar i gruppen");

    // Before: each export carries the conversations with both members' messages.
    const theirs = (await exportMemberData(db(), leaving.id))!.conversations.find((c) => c.id === pair.id)!;
    expect(theirs.participants).toEqual(["Pm_Cecilia", "Pm_Raderas"]);
    expect(theirs.messages.map((m) => [m.author, m.text])).toEqual([
      ["Pm_Raderas", "Mitt första meddelande till dig"],
      ["Pm_Cecilia", "Svar till dig"],
      ["Pm_Raderas", "Mitt andra meddelande"],
    ]);
    const ceciliasExport = (await exportMemberData(db(), cecilia.id))!.conversations;
    expect(ceciliasExport.map((c) => c.id)).toEqual(expect.arrayContaining([pair.id, group.id]));

    expect(await deleteMember(db(), leaving.id)).toMatchObject({ deleted: true });

    // The rows stay in place, without author or text.
    const rows = await db().select().from(messages).where(eq(messages.conversationId, pair.id)).orderBy(messages.seq);
    expect(rows.map((r) => [r.seq, r.authorId, r.body])).toEqual([
      [1, null, ""],
      [2, cecilia.id, "Svar till dig"],
      [3, null, ""],
    ]);
    expect(rows[0]!.bodyHtml).toBe("");

    // Cecilia's page: 'Okänd' (author null) with no text, her own message as before.
    const seen = await view(cecilia, pair.id);
    expect(seen.messages.map((m) => [m.seq, m.author?.nickname ?? null, m.html])).toEqual([
      [1, null, ""],
      [2, "Pm_Cecilia", "<p>Svar till dig</p>"],
      [3, null, ""],
    ]);
    expect(seen.messages[0]!.can.report).toBe(false);
    expect(names(seen.participants)).toEqual(["Pm_Cecilia"]);
    expect(seen.canSend).toBe(false);
    refused(await act(cecilia, pair.id, { intent: "send", body: "Hallå?" }), 403, ib.cannotMessageInConversation);
    // The pair is no longer named by the conversation.
    expect((await db().select().from(conversations).where(eq(conversations.id, pair.id)))[0]!.pairKey).toBeNull();

    // The group goes on without the deleted member.
    const groupView = await view(bertil, group.id);
    expect(groupView.messages.map((m) => [m.author?.nickname ?? null, m.html])).toEqual([
      [null, ""],
      ["Pm_Bertil", "<p>Bertil svarar i gruppen</p>"],
    ]);
    expect(names(groupView.participants)).toEqual(["Pm_Bertil", "Pm_Cecilia"]);
    expect(groupView.canSend).toBe(true);
    await sent(bertil, group.id, "Vi två kvar då");

    // Cecilia's export afterwards: the deleted member's messages with no author and no text.
    const after = (await exportMemberData(db(), cecilia.id))!.conversations.find((c) => c.id === pair.id)!;
    expect(after.participants).toEqual(["Pm_Cecilia"]);
    expect(after.messages.map((m) => [m.author, m.text, m.deleted])).toEqual([
      [null, "", true],
      ["Pm_Cecilia", "Svar till dig", false],
      [null, "", true],
    ]);
    expect(JSON.stringify(after)).not.toContain("Mitt första meddelande");
    // And the membership rows of the deleted member are gone.
    expect(await db().select().from(conversationMembers).where(eq(conversationMembers.userId, leaving.id))).toEqual([]);
  });
});

describe("the shared member render and what a message tells every instance", () => {
  /** A generic render of `url` through `route`'s loader: its data and the readers it declared. */
  async function generic(route: typeof inbox | typeof conversation, url: string, params: Record<string, string> = {}) {
    const parts = personalParts<Viewer>();
    const context = new RouterContextProvider();
    context.set(servicesContext, forum.services);
    context.set(personalContext, parts);
    const request = new Request(`http://localhost:3000${url}`, { headers: { [GENERIC_RENDER_HEADER]: genericRenderSecret() } });
    const data = (await route.loader({ request, context, params } as never)) as Record<string, unknown>;
    const as = async (m: TestMember): Promise<Viewer> =>
      (await getViewer(forum.services, new Request("http://localhost:3000/forum", { headers: { cookie: cookies[m.id]! } })))!;
    const states = async (m: TestMember) => parts.readers[0]!(await as(m), { fresh: true, ip: "203.0.113.9" });
    return { data, states };
  }

  /** Two members who have not written to each other yet. */
  async function pair(a: string, b: string): Promise<[TestMember, TestMember]> {
    const made = [await createMember(forum, { nickname: a }), await createMember(forum, { nickname: b })] as [TestMember, TestMember];
    for (const m of made) cookies[m.id] = await sessionCookie(forum, m);
    return made;
  }

  it("sets each participant's own conversation and inbox into one render; anyone else, and unread messages, get the page made for them alone", async () => {
    const [anna, g5] = await pair("Pm_Delad_A", "Pm_Delad_B");
    const started = await callRoute(forum, inboxNew.action, { url: "/forum/inkorg/ny", form: { to: g5.nickname, body: "Delad sida: hej!" }, cookie: cookies[anna.id] });
    const id = conversationIdOf(started.location);
    const page = await generic(conversation, conversationPath(id), { conversationId: id });
    // The render for the generic member shows no conversation and does not 404.
    expect(page.data).toMatchObject({ shared: true, conversation: null, paged: false });
    const annas = (await page.states(anna))!.conversation as ConversationView;
    expect(annas.messages.map((m) => [m.body === null ? "" : "mine-editable", m.mine])).toEqual([["mine-editable", true]]);
    expect(annas.others.map((p) => p.nickname)).toEqual([g5.nickname]);
    // G5 has the message unread: their page marks it read, so it is made for them alone; so is an
    // outsider's (the 404), learning nothing.
    expect(await page.states(g5)).toBeNull();
    expect(await page.states(cecilia)).toBeNull();
    expect((await open(g5, id)).status).toBe(200);
    const g5s = (await page.states(g5))!.conversation as ConversationView;
    expect(g5s.messages.map((m) => m.mine)).toEqual([false]);
    expect(g5s.others.map((p) => p.nickname)).toEqual([anna.nickname]);

    const list = await generic(inbox, INBOX_PATH);
    expect(list.data).toMatchObject({ shared: true, inbox: null });
    const rows = ((await list.states(anna))!["inbox-list"] as { rows: InboxRow[] }).rows;
    expect(rows.find((r) => r.id === id)).toMatchObject({ latestMine: true, unreadCount: 0 });
  });

  it("a send tells every instance whose kept reads and session lookups to forget: the participants, no one else", async () => {
    const [anna, g6] = await pair("Pm_Event_A", "Pm_Event_B");
    const started = await callRoute(forum, inboxNew.action, { url: "/forum/inkorg/ny", form: { to: g6.nickname, body: "Första." }, cookie: cookies[anna.id] });
    const id = conversationIdOf(started.location);
    const heard: string[] = [];
    const stop = await forum.services.database.listen(REALTIME_CHANNEL, (payload) => void heard.push(payload));
    try {
      const send = (who: TestMember, body: string) =>
        callRoute(forum, conversation.action, { url: conversationPath(id), params: { conversationId: id }, form: { intent: "send", body }, cookie: cookies[who.id] });
      expect((await send(anna, "Andra.")).status).toBe(302);
      await expect.poll(() => heard.length).toBe(2);
      // The notification for G6 and the message, built by the send's one statement.
      const [note, message] = heard.map((p) => [parseEvent(p), cacheEffect(p)] as const);
      expect(note![0]).toMatchObject({ kind: "notifications" });
      expect(note![1]).toEqual({ kind: "members", reads: [g6.id], viewers: [] });
      const sent = message![0] as { kind: string; conversationId: string; memberIds: string[] };
      expect(sent).toMatchObject({ kind: "message", conversationId: id });
      expect(new Set(sent.memberIds)).toEqual(new Set([anna.id, g6.id]));
      // G6's inbox count moved; Anna's did not (she had nothing unread there).
      expect(message![1]).toEqual({ kind: "members", reads: sent.memberIds, viewers: [g6.id] });
      // G6 answers without reading first: their own count moves too.
      heard.length = 0;
      expect((await send(g6, "Svar utan att läsa.")).status).toBe(302);
      await expect.poll(() => heard.length).toBe(2);
      const after = cacheEffect(heard[1]!) as { kind: string; reads: string[]; viewers: string[] };
      expect(after.kind).toBe("members");
      expect(new Set(after.reads)).toEqual(new Set([anna.id, g6.id]));
      expect(new Set(after.viewers)).toEqual(new Set([anna.id, g6.id]));
    } finally {
      await stop();
    }
  });
});
