/**
 * 'Din syn' and 'Innehav': the author's stated sentiment and position per ticker of a
 * post. The ticker page counts one vote per member (their latest stated view of the last 7 days),
 * an edit changes it, the disclosure share counts only posts that state a position (30 days), bad
 * values are refused in Swedish, and a stance for a ticker the post does not name is ignored.
 * Real database; time is moved by setting `created_at` of the post and its `post_tickers` rows.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stances as st } from "../../domain/i18n/sv";
import { comments, companies, postTickers, threads } from "../db/schema";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { commentWrite, threadWrite } from "../forum/commands";
import { editCommentWrite, editThreadWrite } from "../forum/edits";
import { getThreadPage, listCategories } from "../forum/queries";
import { runWrite, unwrap } from "../writes/pipeline";
import { memberSentiment, positionShare } from "./queries";

let forum: TestForum;
let categoryId: string;
const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
const DAY = 86_400_000;

beforeAll(async () => {
  forum = await createTestForum();
  await db()
    .insert(companies)
    .values([
      { ticker: "VOLV-B", name: "AB Volvo ser. B" },
      { ticker: "ERIC-B", name: "Ericsson ser. B" },
      { ticker: "HM-B", name: "H & M ser. B" },
      { ticker: "SAND", name: "Sandvik" },
    ])
    .onConflictDoNothing();
  categoryId = (await listCategories(db()))[0]!.id;
}, 60_000);
afterAll(() => forum?.close());

/** A thread by `m` with the given stances (form-shaped, as the route sends them). */
async function thread(m: TestMember, title: string, body: string, stances?: Record<string, { sentiment?: string; position?: string }>) {
  return unwrap(await runWrite(threadWrite, { db: db(), actor: actor(m) }, { input: { categoryId, title, body, stances } })).value;
}

/** A comment by `m` in `threadId` with the given stances. */
async function comment(m: TestMember, threadId: string, body: string, stances?: Record<string, { sentiment?: string; position?: string }>) {
  return unwrap(await runWrite(commentWrite, { db: db(), actor: actor(m) }, { threadId, input: { body, stances } })).value;
}

/** Moves a post (and its ticker rows) `days` back. */
async function age(kind: "thread" | "comment", id: string, days: number) {
  const at = new Date(Date.now() - days * DAY);
  const table = kind === "thread" ? threads : comments;
  await db().update(table).set({ createdAt: at }).where(eq(table.id, id));
  await db()
    .update(postTickers)
    .set({ createdAt: at })
    .where(and(eq(postTickers.targetType, kind), eq(postTickers.targetId, id)));
}

const rowsOf = (kind: "thread" | "comment", id: string) =>
  db()
    .select({ ticker: postTickers.ticker, sentiment: postTickers.sentiment, position: postTickers.position, authorId: postTickers.authorId })
    .from(postTickers)
    .where(and(eq(postTickers.targetType, kind), eq(postTickers.targetId, id)))
    .orderBy(postTickers.ticker);

describe("members' sentiment: one vote per member, latest stated view of the last 7 days", () => {
  it("a member's later Bearish replaces their Bullish; posts without a view and older posts do not vote", async () => {
    const anna = await createMember(forum, { nickname: "Syn_Anna" });
    const bertil = await createMember(forum, { nickname: "Syn_Bertil" });
    const cilla = await createMember(forum, { nickname: "Syn_Cilla" });
    expect(await memberSentiment(db(), "ERIC-B")).toEqual({ bullish: 0, bearish: 0 });

    const t = await thread(anna, "Ericsson rapport", "Köper mer $ERIC-B", { "ERIC-B": { sentiment: "bullish", position: "owns" } });
    await age("thread", t.id, 3);
    expect(await memberSentiment(db(), "ERIC-B")).toEqual({ bullish: 1, bearish: 0 });

    // Anna changes her mind a day later: her one vote is now Bearish.
    const c = await comment(anna, t.id, "Säljer $ERIC-B efter rapporten", { "ERIC-B": { sentiment: "bearish" } });
    await age("comment", c.id, 1);
    expect(await memberSentiment(db(), "ERIC-B")).toEqual({ bullish: 0, bearish: 1 });

    // A later post of hers without a view does not vote: still Bearish.
    await comment(anna, t.id, "Vad tror ni om $ERIC-B?");
    expect(await memberSentiment(db(), "ERIC-B")).toEqual({ bullish: 0, bearish: 1 });

    // Two more members; Cilla's view is 8 days old and no longer counts.
    await comment(bertil, t.id, "$ERIC-B ser stark ut", { "ERIC-B": { sentiment: "bullish" } });
    const old = await comment(cilla, t.id, "$ERIC-B går upp", { "ERIC-B": { sentiment: "bullish" } });
    await age("comment", old.id, 8);
    expect(await memberSentiment(db(), "ERIC-B")).toEqual({ bullish: 1, bearish: 1 });

    // Another ticker is counted on its own.
    expect(await memberSentiment(db(), "VOLV-B")).toEqual({ bullish: 0, bearish: 0 });
    // The post's author is on every row.
    expect((await rowsOf("comment", c.id))[0]!.authorId).toBe(anna.id);
  });

  it("editing a post changes its view; the author may change only the view, without a revision", async () => {
    const dora = await createMember(forum, { nickname: "Syn_Dora" });
    const mod = await createMember(forum, { nickname: "Syn_Mod", role: "moderator" });
    const t = await thread(dora, "Volvo", "Tror på $VOLV-B", { "VOLV-B": { sentiment: "bullish" } });
    expect(await memberSentiment(db(), "VOLV-B")).toEqual({ bullish: 1, bearish: 0 });

    // Text unchanged, only the view: replaced.
    const edited = unwrap(
      await runWrite(editThreadWrite, { db: db(), actor: actor(dora) }, {
        threadId: t.id,
        input: { title: "Volvo", body: "Tror på $VOLV-B", stances: { "VOLV-B": { sentiment: "bearish", position: "does_not_own" } } },
      }),
    ).value;
    expect(edited.revised).toBe(false);
    expect(await memberSentiment(db(), "VOLV-B")).toEqual({ bullish: 0, bearish: 1 });
    expect(await rowsOf("thread", t.id)).toMatchObject([{ ticker: "VOLV-B", sentiment: "bearish", position: "does_not_own" }]);

    // An edit that states nothing keeps the view; one with 'Ingen' / 'Ej angivet' clears it.
    await runWrite(editThreadWrite, { db: db(), actor: actor(dora) }, { threadId: t.id, input: { title: "Volvo", body: "Tror inte på $VOLV-B" } });
    expect(await rowsOf("thread", t.id)).toMatchObject([{ sentiment: "bearish", position: "does_not_own" }]);

    // A moderator's edit of Dora's thread keeps Dora's stated view, whatever the form says.
    unwrap(
      await runWrite(editThreadWrite, { db: db(), actor: actor(mod) }, {
        threadId: t.id,
        input: { title: "Volvo", body: "Tror inte på $VOLV-B (modererad)", stances: { "VOLV-B": { sentiment: "bullish" } } },
      }),
    );
    expect(await rowsOf("thread", t.id)).toMatchObject([{ sentiment: "bearish", position: "does_not_own" }]);

    // A comment edit through the write: Bullish, and the vote follows.
    const c = await comment(dora, t.id, "$VOLV-B och $SAND", { "VOLV-B": { sentiment: "bearish" } });
    unwrap(
      await runWrite(editCommentWrite, { db: db(), actor: actor(dora) }, {
        threadId: t.id,
        commentId: c.id,
        input: { body: "$VOLV-B och $SAND, ändrat", stances: { "VOLV-B": { sentiment: "bullish" }, SAND: { sentiment: "", position: "owns" } } },
      }),
    );
    expect(await rowsOf("comment", c.id)).toMatchObject([
      { ticker: "SAND", sentiment: null, position: "owns" },
      { ticker: "VOLV-B", sentiment: "bullish", position: null },
    ]);
    // Dora's latest stated view of VOLV-B is the comment's (newer than the thread).
    expect(await memberSentiment(db(), "VOLV-B")).toEqual({ bullish: 1, bearish: 0 });
  });
});

describe("position disclosure share (30 days)", () => {
  it("counts only posts that state a position; older than 30 days excluded", async () => {
    const erik = await createMember(forum, { nickname: "Innehav_Erik" });
    const fia = await createMember(forum, { nickname: "Innehav_Fia" });
    expect(await positionShare(db(), "HM-B")).toEqual({ owns: 0, stated: 0 });
    const t = await thread(erik, "H&M", "Äger $HM-B sedan länge", { "HM-B": { position: "owns" } });
    await comment(fia, t.id, "Jag har inga $HM-B", { "HM-B": { position: "does_not_own", sentiment: "bearish" } });
    await comment(fia, t.id, "Köpte $HM-B idag", { "HM-B": { position: "owns" } });
    await comment(erik, t.id, "Ingen uppgift om $HM-B", { "HM-B": { sentiment: "bullish" } });
    const old = await comment(erik, t.id, "Gammalt om $HM-B", { "HM-B": { position: "owns" } });
    await age("comment", old.id, 31);
    expect(await positionShare(db(), "HM-B")).toEqual({ owns: 2, stated: 3 });
  });
});

describe("validation and tickers the post does not name", () => {
  it("an unknown value is refused with a Swedish message (400)", async () => {
    const gus = await createMember(forum, { nickname: "Innehav_Gus" });
    const bad = await runWrite(threadWrite, { db: db(), actor: actor(gus) }, {
      input: { categoryId, title: "Test", body: "$VOLV-B", stances: { "VOLV-B": { sentiment: "moon" } } },
    });
    expect(bad).toMatchObject({ ok: false, status: 400, error: st.invalidSentiment });
    const badPosition = await runWrite(threadWrite, { db: db(), actor: actor(gus) }, {
      input: { categoryId, title: "Test", body: "$VOLV-B", stances: { "VOLV-B": { position: "maybe" } } },
    });
    expect(badPosition).toMatchObject({ ok: false, status: 400, error: st.invalidPosition });
    const badTicker = await runWrite(threadWrite, { db: db(), actor: actor(gus) }, {
      input: { categoryId, title: "Test", body: "$VOLV-B", stances: { "<script>": { sentiment: "bullish" } } },
    });
    expect(badTicker).toMatchObject({ ok: false, status: 400, error: st.invalidTicker });
    const [{ n }] = (await db().select({ n: sql<number>`count(*)::int` }).from(threads).where(eq(threads.authorId, gus.id))) as [{ n: number }];
    expect(n).toBe(0);
  });

  it("a stance for a ticker the post does not name is ignored; lower-case keys count", async () => {
    const hugo = await createMember(forum, { nickname: "Innehav_Hugo" });
    const t = await thread(hugo, "Om $VOLV-B", "Bara Volvo här", {
      "ERIC-B": { sentiment: "bullish", position: "owns" },
      "volv-b": { position: "owns" },
      "NOPE-X": { sentiment: "bearish" },
    });
    expect(await rowsOf("thread", t.id)).toMatchObject([{ ticker: "VOLV-B", sentiment: null, position: "owns" }]);
    const page = await getThreadPage(db(), categoryId, t.id, null);
    expect(page!.thread.stances).toEqual([{ ticker: "VOLV-B", sentiment: null, position: "owns" }]);
  });
});
