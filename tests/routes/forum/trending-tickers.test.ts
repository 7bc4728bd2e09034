/**
 * The forum home's loader returns 'Trendande aktier': a member's
 * new post 'Köper mer $ERIC-B' is on the list with its company name and counts, and within the
 * cache's minute the loader serves the same list (one query per minute per instance, so the
 * home page's speed does not depend on it). Real database, real route module.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createComment, createThread } from "../../../server/forum/commands";
import { listCategories } from "../../../server/forum/queries";
import { createMember, createTestForum, type TestForum, type TestMember } from "../../../server/testing/harness";
import { callRoute } from "../../../server/testing/route-call";
import { loader } from "../../../app/routes/forum-home";
import type { TrendingTicker } from "../../../domain/trending-tickers";

let forum: TestForum;
let anna: TestMember;
let bertil: TestMember;
let categoryId: string;
const actor = (m: TestMember) => ({ id: m.id, role: m.role, nickname: m.nickname });
const home = async (): Promise<TrendingTicker[]> => {
  const answer = await callRoute(forum, loader, { url: "/forum" });
  expect(answer.status).toBe(200);
  return answer.body.trendingTickers;
};

beforeAll(async () => {
  forum = await createTestForum();
  anna = await createMember(forum, { nickname: "Hem_Anna" });
  bertil = await createMember(forum, { nickname: "Hem_Bertil" });
  categoryId = (await listCategories(forum.services.db))[0]!.id;
}, 60_000);
afterAll(() => forum?.close());

describe("forum home loader: trending tickers", () => {
  it("lists a ticker named in a new post, with company name and counts; the list is cached for the minute", async () => {
    const { id } = await createThread(forum.services.db, actor(anna), { categoryId, title: "Telekom", body: "Köper mer $ERIC-B" });
    await createComment(forum.services.db, actor(bertil), id, { body: "Jag med, $ERIC-B ser billig ut." });

    const list = await home();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ rank: 1, ticker: "ERIC-B", members: 2, mentions: 2, previousMembers: 0 });
    expect(list[0]!.name).toMatch(/Ericsson/i);

    // Within the minute: the same list (TRENDING_TICKERS_TTL_SECONDS, default 60).
    await createComment(forum.services.db, actor(anna), id, { body: "Och lite $VOLV-B." });
    expect((await home()).map((t) => t.ticker)).toEqual(["ERIC-B"]);
  });
});
