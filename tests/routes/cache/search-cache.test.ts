/**
 * The search-results cache: a burst of identical searches runs one database search,
 * answers expire, a write empties the cache, failures are not kept, and an answer computed
 * across a write is not served afterwards. The last test runs real searches on a real forum.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSearchCache } from "../../../server/cache/read-caches";
import * as searchRoute from "../../../app/routes/search";
import { createThread } from "../../../server/forum/commands";
import { listCategories } from "../../../server/forum/queries";
import { callRoute } from "../../../server/testing/route-call";
import { createMember, createTestForum, type TestForum } from "../../../server/testing/harness";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("search cache", () => {
  it("runs one search for 50 concurrent identical requests", async () => {
    const cache = createSearchCache();
    let runs = 0;
    const compute = async () => {
      runs += 1;
      await sleep(20);
      return { results: [runs] };
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.get("k", compute)));
    expect(runs).toBe(1);
    expect(new Set(answers.map((a) => a.results[0]))).toEqual(new Set([1]));
  });

  it("serves an answer until its time is up, then searches again", async () => {
    const cache = createSearchCache({ ttlMs: 50 });
    let runs = 0;
    const compute = async () => ({ n: ++runs });
    expect((await cache.get("k", compute)).n).toBe(1);
    expect((await cache.get("k", compute)).n).toBe(1);
    await sleep(80);
    expect((await cache.get("k", compute)).n).toBe(2);
  });

  it("searches again after clear(), and keeps no failure", async () => {
    const cache = createSearchCache();
    let runs = 0;
    expect((await cache.get("k", async () => ({ n: ++runs }))).n).toBe(1);
    cache.clear();
    expect((await cache.get("k", async () => ({ n: ++runs }))).n).toBe(2);
    await expect(cache.get("x", async () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect((await cache.get("x", async () => ({ ok: true }))).ok).toBe(true);
  });

  it("does not keep an answer whose search began before a write", async () => {
    const cache = createSearchCache();
    let release!: () => void;
    const slow = cache.get("k", () => new Promise<{ n: number }>((resolve) => (release = () => resolve({ n: 1 }))));
    await sleep(5);
    cache.clear(); // a write while the search runs
    release();
    expect((await slow).n).toBe(1); // the waiting reader still gets an answer
    await sleep(5);
    expect((await cache.get("k", async () => ({ n: 2 }))).n).toBe(2);
  });
});

describe("search page with the cache", () => {
  let forum: TestForum;
  beforeAll(async () => {
    forum = await createTestForum({ ACTION_LIMIT_MULTIPLIER: "1000" });
  });
  afterAll(() => forum.close());

  it("answers repeated searches from the cache and finds a new post once the cache is emptied", async () => {
    const author = await createMember(forum, { nickname: "Cachad" });
    const categoryId = (await listCategories(forum.services.db))[0]!.id;
    const search = async () => (await callRoute(forum, searchRoute.loader, { url: "/forum/sok?q=kassaflödet" })).body.results.length;
    await createThread(forum.services.db, { id: author.id, role: "member", nickname: author.nickname }, { categoryId, title: "Kassaflödet i Q3", body: "Starkt." });
    expect(await search()).toBe(1);
    await createThread(forum.services.db, { id: author.id, role: "member", nickname: author.nickname }, { categoryId, title: "Kassaflödet igen", body: "Svagt." });
    // Written past the HTTP layer, so nothing emptied the cache: the cached answer is served.
    expect(await search()).toBe(1);
    forum.services.searchCache.clear();
    expect(await search()).toBe(2);
  });
});
