/**
 * Polls ('Omröstning', docs/decisions/054-polls.md) through the real route modules with real
 * sessions: the new-thread form creates a thread with its poll, refuses a bad poll with Swedish
 * messages beside its fields and keeps what was typed; the thread page's loader keeps an open
 * poll's counts out of the shared data and gives a voter theirs as the personal part (also in the
 * shared member render's reader); the page's `vote` intent votes, changes the vote and refuses a
 * visitor, a blocked member, a closed poll, a locked thread and a hand-made option of another poll — never a 500 —
 * and declares its cache change; the poll renders its form, results, 'Stängd' and the visitors'
 * 'Logga in för att rösta'.
 */
import { EventEmitter } from "node:events";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import NewThread, * as newThread from "../../../app/routes/new-thread";
import * as threadRoute from "../../../app/routes/thread";
import { Poll } from "../../../app/components/forum/poll";
import { polls as pl, threadState as ts } from "../../../domain/i18n/sv";
import { personalParts } from "../../../domain/personal";
import { NOT_VOTED, pollPart, VISITOR_POLL } from "../../../domain/polls";
import type { PollOwnState, PollView } from "../../../domain/views";
import { threadPath } from "../../../domain/paths";
import { GENERIC_VIEWER, type Viewer } from "../../../server/accounts/session";
import { trackWrites, type CacheChange } from "../../../server/cache/page-writes";
import { GENERIC_RENDER_HEADER, genericRenderSecret, personalContext } from "../../../server/cache/share-personal";
import { pollOptions, polls, pollVotes, threads } from "../../../server/db/schema";
import { createThread } from "../../../server/forum/commands";
import { lockThread } from "../../../server/thread-tools/commands";
import { listCategories } from "../../../server/forum/queries";
import { blockUser } from "../../../server/moderation/blocks";
import { servicesContext } from "../../../server/platform/services";
import { vote } from "../../../server/polls/commands";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { callRoute, sessionCookie, type RouteAnswer } from "../../../server/testing/route-call";

let forum: TestForum;
let categoryId: string;
let anna: TestMember;
let bertil: TestMember;
let blocked: TestMember;
const cookies: Record<string, string> = {};
const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
let counter = 0;

beforeAll(async () => {
  forum = await createTestForum({ ACTION_LIMIT_MULTIPLIER: "1000" });
  categoryId = (await listCategories(db()))[0]!.id;
  anna = await createMember(forum, { nickname: "Enkät_Anna" });
  bertil = await createMember(forum, { nickname: "Enkät_Bertil" });
  blocked = await createMember(forum, { nickname: "Enkät_Spärrad" });
  await blockUser(db(), actor(await createMember(forum, { role: "admin" })), blocked.id);
  for (const m of [anna, bertil, blocked]) cookies[m.id] = await sessionCookie(forum, m);
}, 60_000);
afterAll(() => forum?.close());

/** A thread of Anna's with a poll, made through the form's own action. */
async function postPoll(fields: Record<string, string>): Promise<{ answer: RouteAnswer; title: string }> {
  const title = `Enkät ${++counter}`;
  const answer = await callRoute(forum, newThread.action, {
    url: `/forum/ny-trad/${categoryId}`,
    params: { categoryId },
    form: { title, body: "Vad tror ni om räntan?", poll: "on", ...fields },
    cookie: cookies[anna.id],
  });
  return { answer, title };
}

/** A ready poll thread (through the command) with its option ids. */
async function pollThread(options: string[], extra: Record<string, string> = {}) {
  const title = `Färdig enkät ${++counter}`;
  const { id } = await createThread(db(), actor(anna), { categoryId, title, body: "Rösta!", pollOptions: options, ...extra });
  const rows = await db().select({ id: pollOptions.id }).from(pollOptions).where(eq(pollOptions.threadId, id)).orderBy(pollOptions.position);
  return { threadId: id, title, ids: rows.map((r) => r.id) };
}

const page = (threadId: string, title: string, cookie?: string) =>
  callRoute(forum, threadRoute.loader, { url: threadPath(categoryId, threadId, title), params: { categoryId, threadId }, cookie });

const castVote = (threadId: string, form: Record<string, string>, cookie?: string) =>
  callRoute(forum, threadRoute.action, { url: threadPath(categoryId, threadId), params: { categoryId, threadId }, form: { intent: "vote", ...form }, cookie });

describe("the new-thread form", () => {
  it("creates the thread with its poll: options in order, 'Flera val', 'Stängs' in Stockholm time", async () => {
    const { answer, title } = await postPoll({ "pollOption.0": "Upp", "pollOption.1": " ", "pollOption.2": "Ner", pollMultiple: "on", pollClosesAt: "2031-03-01T18:00" });
    // 'Stängs' lies more than 90 days ahead: refused first; then a near time.
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toEqual({ pollClosesAt: pl.closesAtTooFar(90) });
    const soon = new Date(Date.now() + 2 * 86_400_000);
    const local = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm", dateStyle: "short", timeStyle: "short" }).format(soon).replace(" ", "T");
    const created = await postPoll({ "pollOption.0": "Upp", "pollOption.1": " ", "pollOption.2": "Ner", pollMultiple: "on", pollClosesAt: local });
    expect(created.answer.status).toBe(302);
    const [row] = await db().select().from(threads).where(eq(threads.title, created.title));
    expect(created.answer.location).toContain(row!.id);
    const [poll] = await db().select().from(polls).where(eq(polls.threadId, row!.id));
    expect(poll!.multipleChoice).toBe(true);
    expect(Math.abs(poll!.closesAt!.getTime() - soon.getTime())).toBeLessThan(60_000);
    const options = await db().select().from(pollOptions).where(eq(pollOptions.threadId, row!.id)).orderBy(pollOptions.position);
    expect(options.map((o) => o.label)).toEqual(["Upp", "Ner"]);
    expect(await db().select().from(threads).where(eq(threads.title, title))).toEqual([]);
  });

  it("without 'Lägg till omröstning' the poll fields are ignored", async () => {
    const title = `Ingen enkät ${++counter}`;
    const answer = await callRoute(forum, newThread.action, {
      url: `/forum/ny-trad/${categoryId}`,
      params: { categoryId },
      form: { title, body: "Text", "pollOption.0": "Ja", pollClosesAt: "igår" },
      cookie: cookies[anna.id],
    });
    expect(answer.status).toBe(302);
    const [row] = await db().select().from(threads).where(eq(threads.title, title));
    expect(await db().select().from(polls).where(eq(polls.threadId, row!.id))).toEqual([]);
  });

  it("a bad poll: 400 with a Swedish message per poll field, nothing stored, what was typed kept and shown", async () => {
    const { answer, title } = await postPoll({ "pollOption.0": "Ja", "pollOption.1": "JA", pollClosesAt: "2020-01-01T10:00", pollMultiple: "on" });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toEqual({ pollOptions: pl.duplicateOptions, pollClosesAt: pl.closesAtPast });
    expect(answer.body.poll).toEqual({ options: ["Ja", "JA"], multiple: true, closesAt: "2020-01-01T10:00" });
    expect(answer.body.values.title).toBe(title);
    expect(await db().select().from(threads).where(eq(threads.title, title))).toEqual([]);

    const loaderData = { category: { id: categoryId, name: "Allmänt" }, categories: null, loggedIn: true, submitKey: "k" };
    const Stub = createRoutesStub([{ path: "/ny", Component: () => createElement(NewThread, { loaderData, actionData: answer.body } as never) }]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/ny"] }));
    expect(html).toMatch(/<input[^>]*name="poll"[^>]*checked/);
    expect(html).toMatch(/<input[^>]*name="pollMultiple"[^>]*checked/);
    expect(html).toContain('value="JA"');
    expect(html).toContain('value="2020-01-01T10:00"');
    for (const message of [pl.duplicateOptions, pl.closesAtPast]) expect(html.split(message).length - 1).toBe(1);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="pollOptions-error"/);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="pollClosesAt-error pollClosesAt-hint"/);
  });

  it("one option, or more than ten: refused", async () => {
    expect((await postPoll({ "pollOption.0": "Ensam" })).answer.body.fieldErrors).toEqual({ pollOptions: pl.tooFewOptions(2) });
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`pollOption.${i}`, `Val ${i}`]));
    expect((await postPoll(eleven)).answer.body.fieldErrors).toEqual({ pollOptions: pl.tooManyOptions(10) });
  });
});

describe("the thread page", () => {
  it("shared data never holds an open poll's counts; a voter's own part does; a visitor gets neither", async () => {
    const { threadId, title, ids } = await pollThread(["Ja", "Nej"]);
    await vote(db(), actor(bertil), threadId, [ids[0]]);
    const visitor = await page(threadId, title);
    expect(visitor.status).toBe(200);
    expect(visitor.body.poll).toMatchObject({ threadId, closed: false, results: null, options: [{ id: ids[0], label: "Ja" }, { id: ids[1], label: "Nej" }] });
    expect(visitor.body.pollOwn).toEqual(VISITOR_POLL);
    const notVoted = await page(threadId, title, cookies[anna.id]);
    expect(notVoted.body.pollOwn).toEqual(NOT_VOTED);
    const voted = await page(threadId, title, cookies[bertil.id]);
    expect(voted.body.pollOwn).toEqual({ mine: [ids[0]], results: { counts: { [ids[0]!]: 1, [ids[1]!]: 0 }, voters: 1 }, canVote: true });
    expect((await page(threadId, title, cookies[blocked.id])).body.pollOwn.canVote).toBe(false);
  });

  it("the shared member render carries the generic state; its reader gives each member their own", async () => {
    const { threadId, title, ids } = await pollThread(["Ja", "Nej"]);
    await vote(db(), actor(bertil), threadId, [ids[1]]);
    const parts = personalParts<Viewer>();
    const context = new RouterContextProvider();
    context.set(servicesContext, forum.services);
    context.set(personalContext, parts);
    const request = new Request(`http://localhost:3000${threadPath(categoryId, threadId, title)}`, { headers: { [GENERIC_RENDER_HEADER]: genericRenderSecret() } });
    const data = (await threadRoute.loader({ request, context, params: { categoryId, threadId } } as never)) as { poll: PollView; pollOwn: PollOwnState; shared?: true };
    expect(data.shared).toBe(true);
    expect(data.pollOwn).toEqual(NOT_VOTED);
    expect(data.poll.results).toBeNull();
    const as = (m: TestMember): Viewer => ({ ...GENERIC_VIEWER, id: m.id, nickname: m.nickname, email: m.email, mutedIds: new Set() });
    const states = async (m: TestMember) => (await parts.readers[0]!(as(m), { fresh: true, ip: "203.0.113.9" }))!;
    expect((await states(bertil))[pollPart(threadId)]).toEqual({ mine: [ids[1]], results: { counts: { [ids[0]!]: 0, [ids[1]!]: 1 }, voters: 1 }, canVote: true });
    expect((await states(anna))[pollPart(threadId)]).toEqual(NOT_VOTED);
  });
});

describe("voting through the page's action", () => {
  it("votes and changes the vote (radio), answers the voter's counts with a toast, and declares `pages`", async () => {
    const { threadId, ids } = await pollThread(["Ja", "Nej"]);
    const changes: CacheChange[] = [];
    const res = Object.assign(new EventEmitter(), { statusCode: 200 });
    const track = trackWrites({ onChange: (set) => changes.push(...set) });
    const answer = await new Promise<RouteAnswer>((resolve, reject) => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a stand-in for Express's request and answer
      track({ method: "POST" } as any, res as any, () => void castVote(threadId, { optionId: ids[0]! }, cookies[bertil.id]).then(resolve, reject));
    });
    res.statusCode = answer.status;
    res.emit("finish");
    expect(changes).toEqual(["pages"]);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, intent: "vote", toast: { title: pl.voted }, poll: { mine: [ids[0]], results: { voters: 1 } } });
    const changed = await castVote(threadId, { optionId: ids[1]! }, cookies[bertil.id]);
    expect(changed.body.poll).toEqual({ mine: [ids[1]], results: { counts: { [ids[0]!]: 0, [ids[1]!]: 1 }, voters: 1 }, canVote: true });
  });

  it("a locked thread ('Lås') takes no votes but staff's; the page tells the member why", async () => {
    const { threadId, title, ids } = await pollThread(["Ja", "Nej"]);
    const mod = await createMember(forum, { role: "moderator" });
    await lockThread(db(), actor(mod), threadId, true);
    const refused = await castVote(threadId, { optionId: ids[0]! }, cookies[bertil.id]);
    expect([refused.status, refused.body.error]).toEqual([403, ts.locked]);
    expect(await db().select().from(pollVotes).where(eq(pollVotes.threadId, threadId))).toEqual([]);
    const shown = await page(threadId, title, cookies[bertil.id]);
    expect(shown.body.poll.locked).toBe(true);
    expect(shown.body.pollOwn).toMatchObject({ canVote: false, refusal: "locked" });
    const staff = await castVote(threadId, { optionId: ids[1]! }, await sessionCookie(forum, mod));
    expect(staff.status).toBe(200);
  });

  it("multiple choice through the ticked boxes `optionId.<n>`", async () => {
    const { threadId, ids } = await pollThread(["A", "B", "C"], { pollMultiple: "on" });
    const answer = await castVote(threadId, { "optionId.0": ids[0]!, "optionId.2": ids[2]! }, cookies[anna.id]);
    expect(answer.body.poll.mine).toEqual([ids[0], ids[2]]);
  });

  it("refusals carry their status and Swedish message, store nothing and are never a 500", async () => {
    const { threadId, ids } = await pollThread(["Ja", "Nej"]);
    const other = await pollThread(["Upp", "Ner"]);
    const closed = await pollThread(["Ja", "Nej"]);
    await db().update(polls).set({ closesAt: new Date(Date.now() - 1000) }).where(eq(polls.threadId, closed.threadId));
    const noPoll = await createThread(db(), actor(anna), { categoryId, title: `Utan ${++counter}`, body: "x" });
    const cases: Array<[Promise<RouteAnswer>, number, string]> = [
      [castVote(threadId, { optionId: ids[0]! }), 401, pl.loginToVote],
      [castVote(threadId, { optionId: ids[0]! }, cookies[blocked.id]), 403, pl.blocked],
      [castVote(closed.threadId, { optionId: closed.ids[0]! }, cookies[bertil.id]), 403, pl.closedRefusal],
      [castVote(threadId, { optionId: other.ids[0]! }, cookies[bertil.id]), 400, pl.invalidOption],
      [castVote(threadId, { optionId: ids[0]!, "optionId.1": ids[1]! }, cookies[bertil.id]), 400, pl.singleChoice],
      [castVote(threadId, {}, cookies[bertil.id]), 400, pl.chooseOne],
      [castVote(threadId, { optionId: "<script>" }, cookies[bertil.id]), 400, pl.invalidOption],
      [castVote(noPoll.id, { optionId: ids[0]! }, cookies[bertil.id]), 404, pl.notFound],
    ];
    for (const [call, status, error] of cases) {
      const answer = await call;
      expect([answer.status, answer.body.error, answer.body.intent]).toEqual([status, error, "vote"]);
    }
    const bad = await callRoute(forum, threadRoute.action, {
      url: "/forum/x",
      params: { categoryId, threadId: "inte-en-tråd" },
      form: { intent: "vote", optionId: ids[0]! },
      cookie: cookies[bertil.id],
    });
    expect(bad.status).toBe(404);
    for (const id of [threadId, other.threadId, closed.threadId]) expect(await db().select().from(pollVotes).where(eq(pollVotes.threadId, id))).toEqual([]);
  });
});

describe("the poll's markup", () => {
  const view: PollView = {
    threadId: "t1",
    multipleChoice: false,
    closesAt: "2030-05-01T14:00:00.000Z",
    closed: false,
    locked: false,
    options: [
      { id: "o1", label: "Ja" },
      { id: "o2", label: "Nej" },
    ],
    results: null,
  };
  const render = (poll: PollView, own: PollOwnState, loggedIn: boolean) => {
    const Stub = createRoutesStub([{ path: "/t", Component: () => createElement(Poll, { poll, own, loggedIn }) }]);
    return renderToString(createElement(Stub, { initialEntries: ["/t"] }));
  };

  it("a member who has not voted gets the form; a voter the results with bars and 'Ändra röst'", () => {
    const form = render(view, NOT_VOTED, true);
    expect(form).toContain(pl.closes("1 maj 2030 16:00"));
    expect(form.match(/<input type="radio"[^>]* name="optionId"/g)).toHaveLength(2);
    expect(form).toContain(`>${pl.vote}<`);
    expect(form).not.toContain(pl.votes(0));
    const voted = render(view, { mine: ["o2"], results: { counts: { o1: 1, o2: 3 }, voters: 4 }, canVote: true }, true);
    expect(voted).toContain(`${pl.votes(3)} · ${pl.percent(75)}`);
    expect(voted).toContain(`${pl.votes(1)} · ${pl.percent(25)}`);
    expect(voted).toContain("width:75%");
    expect(voted).toContain(pl.voters(4));
    expect(voted).toContain(pl.yourChoice);
    expect(voted).toContain(pl.changeVote);
    // In a locked thread the member's form is off and says why.
    const locked = render({ ...view, locked: true }, { mine: [], results: null, canVote: false, refusal: "locked" }, true);
    expect(locked).toContain(ts.locked);
    expect(locked).not.toContain(pl.blocked);
    expect(locked).toMatch(/<button type="submit"[^>]* disabled=""/);
    const multiple = render({ ...view, multipleChoice: true }, NOT_VOTED, true);
    expect(multiple).toContain('name="optionId.1"');
    expect(multiple).toContain(pl.multiple);
  });

  it("a visitor gets the options and 'Logga in för att rösta' while open; everyone the results once closed", () => {
    const visitor = render(view, VISITOR_POLL, false);
    expect(visitor).toContain(pl.loginLink);
    expect(visitor).not.toContain("<form");
    const closed = { ...view, closed: true, results: { counts: { o1: 2, o2: 0 }, voters: 2 } };
    for (const html of [render(closed, VISITOR_POLL, false), render(closed, { mine: ["o1"], results: null, canVote: true }, true)]) {
      expect(html).toContain(`>${pl.closed}<`);
      expect(html).toContain(`${pl.votes(2)} · ${pl.percent(100)}`);
      expect(html).not.toContain(pl.changeVote);
      expect(html).not.toContain(pl.loginLink);
    }
    const blockedView = render(view, { mine: [], results: null, canVote: false }, true);
    expect(blockedView).toContain(pl.blocked);
    expect(blockedView).toMatch(/<button[^>]*type="submit"[^>]*disabled/);
  });
});
