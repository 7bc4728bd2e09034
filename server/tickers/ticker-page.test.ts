/**
 * The ticker page's data: a thread whose title names the ticker is listed (on create,
 * after a title edit it moves, existing threads are backfilled once), each row carries the post's
 * own time, and the company has its website. Real database with the real company list
 * (createTestForum loads it at start-up).
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCompany, ensureCompanies } from "./companies";
import { backfillTitleTickers, recookAll } from "../content/recook";
import { comments, companies, postTickers, threads } from "../db/schema";
import { createComment, createThread } from "../forum/commands";
import { editThread } from "../forum/edits";
import { listCategories } from "../forum/queries";
import { createMember, createTestForum, type TestForum, type TestMember } from "../testing/harness";
import { listTickerPosts } from "./queries";

let forum: TestForum;
let anna: TestMember;
let bertil: TestMember;
let categoryId: string;
const db = () => forum.services.db;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
const idsOf = async (ticker: string) => (await listTickerPosts(db(), ticker)).map((p) => p.id);

beforeAll(async () => {
  forum = await createTestForum();
  anna = await createMember(forum, { nickname: "Aktie_Anna" });
  bertil = await createMember(forum, { nickname: "Aktie_Bertil" });
  categoryId = (await listCategories(db()))[0]!.id;
}, 60_000);
afterAll(() => forum?.close());

describe("title tickers", () => {
  it("a thread with $VOLV-B only in its title is listed on VOLV-B's page; a title edit moves it to ERIC-B", async () => {
    const { id } = await createThread(db(), actor(anna), { categoryId, title: "Dags att köpa $VOLV-B?", body: "Lastbilar säljer bra." });
    expect(await idsOf("VOLV-B")).toContain(id);
    const row = (await listTickerPosts(db(), "VOLV-B")).find((p) => p.id === id)!;
    expect(row.kind).toBe("thread");
    expect(row.threadTitle).toBe("Dags att köpa $VOLV-B?");

    await editThread(db(), actor(anna), id, { title: "Hellre $ERIC-B", body: "Lastbilar säljer bra." });
    expect(await idsOf("VOLV-B")).not.toContain(id);
    expect(await idsOf("ERIC-B")).toContain(id);
  });

  it("title and body tickers are both indexed, once each; unknown and escaped cashtags are not", async () => {
    const { id } = await createThread(db(), actor(bertil), {
      categoryId,
      title: "$ERIC-B mot $ZZZQ och \\$SEB-A",
      body: "Jämför $ERIC-B med $ABB.",
    });
    const tickers = await db().select({ t: postTickers.ticker }).from(postTickers).where(eq(postTickers.targetId, id));
    expect(tickers.map((r) => r.t).sort()).toEqual(["ABB", "ERIC-B"]);
  });

  it("recook keeps title tickers, and the start-up backfill indexes threads written before titles counted", async () => {
    const { id } = await createThread(db(), actor(anna), { categoryId, title: "Gammal tråd om $SAND", body: "Ingen aktie i texten." });
    // As before titles were indexed: the title's ticker is not in the index.
    await db().delete(postTickers).where(eq(postTickers.targetId, id));
    expect(await idsOf("SAND")).not.toContain(id);

    expect(await backfillTitleTickers(db())).toBeGreaterThanOrEqual(1);
    expect(await idsOf("SAND")).toContain(id);
    const [indexed] = await db().select().from(postTickers).where(eq(postTickers.targetId, id));
    const [thread] = await db().select().from(threads).where(eq(threads.id, id));
    expect(indexed!.createdAt.toISOString()).toBe(thread!.createdAt.toISOString());
    expect(await backfillTitleTickers(db())).toBe(0);

    const again = await recookAll(db());
    expect(again.tickersChanged).toBe(0);
    expect(await idsOf("SAND")).toContain(id);
  });
});

describe("dates per post", () => {
  it("a comment row shows the comment's time and a thread row the thread's, not each other's", async () => {
    const { id: threadId } = await createThread(db(), actor(anna), { categoryId, title: "Om $HM-B", body: "Kläder." });
    await db().update(threads).set({ createdAt: sql`now() - interval '3 days'` }).where(eq(threads.id, threadId));
    const { id: commentId } = await createComment(db(), actor(bertil), threadId, { body: "Jag köpte $HM-B i dag" });
    const [thread] = await db().select().from(threads).where(eq(threads.id, threadId));
    const [comment] = await db().select().from(comments).where(eq(comments.id, commentId));

    const rows = await listTickerPosts(db(), "HM-B");
    const threadRow = rows.find((p) => p.id === threadId)!;
    const commentRow = rows.find((p) => p.id === commentId)!;
    expect(threadRow.createdAt).toBe(thread!.createdAt.toISOString());
    expect(commentRow.createdAt).toBe(comment!.createdAt.toISOString());
    expect(Date.parse(commentRow.createdAt) - Date.parse(threadRow.createdAt)).toBeGreaterThan(2 * 86_400_000);
    // Newest first: the comment of today before the thread of three days ago.
    expect(rows.findIndex((p) => p.id === commentId)).toBeLessThan(rows.findIndex((p) => p.id === threadId));
  });
});

describe("company facts", () => {
  it("the company has its website from the data, and a table from before the website column is refreshed", async () => {
    expect((await getCompany(db(), "volv-b"))!.website).toMatch(/^https?:\/\/.*volvo/);
    await db().update(companies).set({ website: null });
    expect(await ensureCompanies(db())).toBeGreaterThan(700);
    expect((await getCompany(db(), "VOLV-B"))!.website).toMatch(/^https?:\/\//);
    expect(await ensureCompanies(db())).toBe(0);
  });
});
