/**
 * Polls ('Omröstning', docs/decisions/054-polls.md) on a real database (PGlite, or PostgreSQL
 * with TEST_DATABASE_URL): created with their thread in one transaction, one vote per member
 * (changed by voting again), multiple choice, every refusal with its status and nothing stored,
 * what the shared page data and a member's own part carry, the live event, and the member's votes
 * in the data export and gone with the account.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { polls as pl } from "../../domain/i18n/sv";
import { pollOptions, polls, pollVotes, threads } from "../db/schema";
import { createThread } from "../forum/commands";
import { listCategories } from "../forum/queries";
import { blockUser } from "../moderation/blocks";
import { ForumError } from "../platform/errors";
import { exportMemberData } from "../privacy/export";
import { deleteMember } from "../privacy/delete-account";
import { parseEvent } from "../realtime/events";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { createActionLimits } from "../abuse/action-limits";
import { runWrite, WriteInputError } from "../writes/pipeline";
import { pollVoteWrite, vote } from "./commands";
import { getPollView, ownPollState, pollCounts } from "./queries";

let forum: TestForum;
let categoryId: string;
let anna: TestMember;
let bertil: TestMember;
let cissi: TestMember;
let blocked: TestMember;
const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
let counter = 0;

beforeAll(async () => {
  forum = await createTestForum();
  categoryId = (await listCategories(db()))[0]!.id;
  anna = await createMember(forum, { nickname: "Röst_Anna" });
  bertil = await createMember(forum, { nickname: "Röst_Bertil" });
  cissi = await createMember(forum, { nickname: "Röst_Cissi" });
  blocked = await createMember(forum, { nickname: "Röst_Blockerad" });
  const admin = await createMember(forum, { role: "admin" });
  await blockUser(db(), actor(admin), blocked.id);
}, 60_000);
afterAll(() => forum?.close());

/** A thread of Anna's with a poll; its option ids in order. */
async function pollThread(options: string[], extra: { pollMultiple?: string; pollClosesAt?: string } = {}) {
  const title = `Omröstning ${++counter}`;
  const { id } = await createThread(db(), actor(anna), { categoryId, title, body: "Vad tror ni?", pollOptions: options, ...extra });
  const rows = await db().select({ id: pollOptions.id }).from(pollOptions).where(eq(pollOptions.threadId, id)).orderBy(pollOptions.position);
  return { threadId: id, title, ids: rows.map((r) => r.id) };
}

/** Closes a poll a minute ago (no write closes one early; the clock does). */
const closeNow = (threadId: string) => db().update(polls).set({ closesAt: new Date(Date.now() - 60_000) }).where(eq(polls.threadId, threadId));

/** The error a call threw. */
async function refusal(call: Promise<unknown>): Promise<ForumError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ForumError);
  return error as ForumError;
}

const votesOf = async (threadId: string) => db().select().from(pollVotes).where(eq(pollVotes.threadId, threadId));

describe("creating a thread with a poll", () => {
  it("stores the poll and its trimmed options in order, with the thread", async () => {
    const { threadId, ids } = await pollThread([" Köp ", "", "Sälj", "Behåll"], { pollMultiple: "on" });
    const [poll] = await db().select().from(polls).where(eq(polls.threadId, threadId));
    expect(poll).toMatchObject({ multipleChoice: true, closesAt: null });
    const rows = await db().select().from(pollOptions).where(eq(pollOptions.threadId, threadId)).orderBy(pollOptions.position);
    expect(rows.map((r) => [r.position, r.label])).toEqual([
      [0, "Köp"],
      [1, "Sälj"],
      [2, "Behåll"],
    ]);
    expect(ids).toHaveLength(3);
  });

  it("a bad poll creates no thread: 400 with the poll's field message", async () => {
    const title = "Tråd med trasig omröstning";
    const error = await refusal(createThread(db(), actor(anna), { categoryId, title, body: "Text", pollOptions: ["Ja", "JA"] }));
    expect(error).toBeInstanceOf(WriteInputError);
    expect(error.status).toBe(400);
    expect((error as WriteInputError).fieldErrors).toEqual({ pollOptions: pl.duplicateOptions });
    expect(await db().select().from(threads).where(eq(threads.title, title))).toEqual([]);
  });
});

describe("voting", () => {
  it("one vote per member: voting again replaces it, and the counts follow", async () => {
    const { threadId, ids } = await pollThread(["Ja", "Nej"]);
    const [ja, nej] = ids as [string, string];
    const first = await vote(db(), actor(bertil), threadId, [ja]);
    expect(first.own).toEqual({ mine: [ja], results: { counts: { [ja]: 1, [nej]: 0 }, voters: 1 }, canVote: true });
    const changed = await vote(db(), actor(bertil), threadId, [nej]);
    expect(changed.own.mine).toEqual([nej]);
    expect(changed.own.results).toEqual({ counts: { [ja]: 0, [nej]: 1 }, voters: 1 });
    // The author votes in their own poll like anyone.
    await vote(db(), actor(anna), threadId, [nej]);
    const third = await vote(db(), actor(cissi), threadId, [ja]);
    expect(third.own.results).toEqual({ counts: { [ja]: 1, [nej]: 2 }, voters: 3 });
    expect((await votesOf(threadId)).filter((v) => v.userId === bertil.id)).toHaveLength(1);
  });

  it("multiple choice: a set of options, replaced as a whole; a single-choice poll takes one", async () => {
    const { threadId, ids } = await pollThread(["A", "B", "C"], { pollMultiple: "on" });
    const [a, b, c] = ids as [string, string, string];
    expect((await vote(db(), actor(bertil), threadId, [b, a, a])).own).toMatchObject({ mine: [a, b], results: { counts: { [a]: 1, [b]: 1, [c]: 0 }, voters: 1 } });
    expect((await vote(db(), actor(bertil), threadId, [c])).own).toMatchObject({ mine: [c], results: { counts: { [a]: 0, [b]: 0, [c]: 1 }, voters: 1 } });
    const single = await pollThread(["Ja", "Nej"]);
    const error = await refusal(vote(db(), actor(bertil), single.threadId, single.ids));
    expect([error.status, error.message]).toEqual([400, pl.singleChoice]);
    expect(await votesOf(single.threadId)).toEqual([]);
  });

  it("refused with the right status and nothing stored: visitor, blocked, closed, no poll, another poll's option, bad ids", async () => {
    const { threadId, ids } = await pollThread(["Ja", "Nej"]);
    const other = await pollThread(["Upp", "Ner"]);
    const withoutPoll = await createThread(db(), actor(anna), { categoryId, title: "Utan omröstning", body: "Text" });
    // Each call starts when its turn comes: calls started together and awaited one by one would
    // reject before their turn and count as unhandled rejections (Vitest then fails the run).
    const cases: Array<[() => Promise<unknown>, number, string]> = [
      [() => vote(db(), null, threadId, [ids[0]]), 401, pl.loginToVote],
      // Blocked by the session's state, and by the database's when the actor does not say so.
      [() => vote(db(), { ...actor(blocked), blocked: true }, threadId, [ids[0]]), 403, pl.blocked],
      [() => vote(db(), actor(blocked), threadId, [ids[0]]), 403, pl.blocked],
      [() => vote(db(), actor(bertil), withoutPoll.id, [ids[0]]), 404, pl.notFound],
      [() => vote(db(), actor(bertil), "inte-ett-id", [ids[0]]), 404, pl.notFound],
      [() => vote(db(), actor(bertil), threadId, [other.ids[0]]), 400, pl.invalidOption],
      [() => vote(db(), actor(bertil), threadId, [ids[0], other.ids[0]]), 400, pl.invalidOption],
      [() => vote(db(), actor(bertil), threadId, []), 400, pl.chooseOne],
      [() => vote(db(), actor(bertil), threadId, ["'; DROP TABLE poll_votes; --"]), 400, pl.invalidOption],
      [() => vote(db(), actor(bertil), threadId, "Ja"), 400, pl.chooseOne],
    ];
    for (const [call, status, message] of cases) {
      const error = await refusal(call());
      expect([error.status, error.message]).toEqual([status, message]);
    }
    expect(await votesOf(threadId)).toEqual([]);
    expect(await votesOf(other.threadId)).toEqual([]);
  });

  it("a closed poll refuses new and changed votes; its counts stay", async () => {
    const { threadId, ids } = await pollThread(["Ja", "Nej"], { pollClosesAt: new Date(Date.now() + 3600_000).toISOString() });
    await vote(db(), actor(bertil), threadId, [ids[0]]);
    await closeNow(threadId);
    for (const m of [bertil, cissi]) {
      const error = await refusal(vote(db(), actor(m), threadId, [ids[1]]));
      expect([error.status, error.message]).toEqual([403, pl.closedRefusal]);
    }
    expect(await pollCounts(db(), threadId, ids)).toEqual({ counts: { [ids[0]!]: 1, [ids[1]!]: 0 }, voters: 1 });
  });

  it("votes cast at the same moment all count", async () => {
    const { threadId, ids } = await pollThread(["Ja", "Nej"]);
    const voters = await Promise.all([1, 2, 3, 4, 5].map(() => createMember(forum)));
    const results = await Promise.all(voters.map((m, i) => vote(db(), actor(m), threadId, [ids[i % 2]])));
    expect(Math.max(...results.map((r) => r.own.results!.voters))).toBe(5);
    expect(await pollCounts(db(), threadId, ids)).toEqual({ counts: { [ids[0]!]: 3, [ids[1]!]: 2 }, voters: 5 });
  });

  it("votes count against the limit `vote` (30 a minute); a refused vote costs nothing", async () => {
    const { threadId, ids } = await pollThread(["Ja", "Nej"]);
    const voter = await createMember(forum);
    const scope = { db: db(), actor: actor(voter), ip: "198.51.100.40", limits: createActionLimits(db()) };
    // A hand-made option of no poll: refused before the limit, so it spends nothing.
    for (let i = 0; i < 5; i++) expect(await runWrite(pollVoteWrite, scope, { threadId, optionIds: ["00000000-0000-4000-8000-000000000001"] })).toMatchObject({ ok: false, status: 400 });
    for (let i = 0; i < 30; i++) expect((await runWrite(pollVoteWrite, scope, { threadId, optionIds: [ids[i % 2]] })).ok).toBe(true);
    const refused = await runWrite(pollVoteWrite, scope, { threadId, optionIds: [ids[0]] });
    expect(refused).toMatchObject({ ok: false, status: 429 });
    if (!refused.ok) expect(refused.error).toBe(pl.tooOften(refused.retryAfterS!));
  });

  it("the live event names the poll's thread and the voter, never counts", () => {
    expect(parseEvent(JSON.stringify({ kind: "poll", threadId: "t", actorId: "a", counts: { x: 1 } }))).toEqual({ kind: "poll", threadId: "t", actorId: "a" });
    expect(parseEvent(JSON.stringify({ kind: "poll", threadId: "t" }))).toBeNull();
  });
});

describe("what readers get", () => {
  it("the shared view has no counts while open; a voter's own part has them; a closed poll's are public", async () => {
    const { threadId, ids } = await pollThread(["Ja", "Nej"], { pollClosesAt: new Date(Date.now() + 3600_000).toISOString() });
    await vote(db(), actor(bertil), threadId, [ids[1]]);
    const open = (await getPollView(db(), threadId))!;
    expect(open).toMatchObject({ threadId, multipleChoice: false, closed: false, results: null, options: [{ id: ids[0], label: "Ja" }, { id: ids[1], label: "Nej" }] });
    expect(Date.parse(open.closesAt!)).toBeGreaterThan(Date.now());
    expect(await ownPollState(db(), { id: cissi.id }, open)).toEqual({ mine: [], results: null, canVote: true });
    expect(await ownPollState(db(), { id: bertil.id }, open)).toEqual({ mine: [ids[1]], results: { counts: { [ids[0]!]: 0, [ids[1]!]: 1 }, voters: 1 }, canVote: true });
    expect((await ownPollState(db(), { id: blocked.id, blocked: true }, open)).canVote).toBe(false);
    await closeNow(threadId);
    const closed = (await getPollView(db(), threadId))!;
    expect(closed).toMatchObject({ closed: true, results: { counts: { [ids[0]!]: 0, [ids[1]!]: 1 }, voters: 1 } });
    expect(await getPollView(db(), (await createThread(db(), actor(anna), { categoryId, title: "Ingen omröstning", body: "x" })).id)).toBeNull();
  });
});

describe("privacy", () => {
  it("the data export lists the member's votes: thread, title, option, time; nobody else's", async () => {
    const voter = await createMember(forum, { nickname: "Röst_Export" });
    const { threadId, title, ids } = await pollThread(["Volvo", "Scania", "Saab"], { pollMultiple: "on" });
    await vote(db(), actor(voter), threadId, [ids[2]!, ids[0]!]);
    await vote(db(), actor(bertil), threadId, [ids[1]!]);
    const exported = (await exportMemberData(db(), voter.id))!;
    expect(exported.pollVotes).toEqual([
      { threadId, threadTitle: title, option: "Volvo", votedAt: expect.any(String) },
      { threadId, threadTitle: title, option: "Saab", votedAt: expect.any(String) },
    ]);
    expect(Date.parse(exported.pollVotes[0]!.votedAt)).not.toBeNaN();
    expect(JSON.stringify(exported)).not.toContain("Scania");
  });

  it("deleting the account removes the member's votes, and the counts follow", async () => {
    const leaver = await createMember(forum, { nickname: "Röst_Lämnar" });
    const { threadId, ids } = await pollThread(["Ja", "Nej"]);
    await vote(db(), actor(leaver), threadId, [ids[0]]);
    await vote(db(), actor(cissi), threadId, [ids[1]]);
    expect(await pollCounts(db(), threadId, ids)).toMatchObject({ voters: 2 });
    expect((await deleteMember(db(), leaver.id)).deleted).toBe(true);
    expect(await db().select().from(pollVotes).where(and(eq(pollVotes.threadId, threadId), eq(pollVotes.userId, leaver.id)))).toEqual([]);
    expect(await pollCounts(db(), threadId, ids)).toEqual({ counts: { [ids[0]!]: 0, [ids[1]!]: 1 }, voters: 1 });
  });
});
