/**
 * The benchmark dataset generator (`npm run bench:data`, bench/data.ts):
 * at a tiny scale it must produce a forum the app accepts as its own — every counter, edge level,
 * trending row and ticker row the triggers would have written, cooked HTML equal to the app's,
 * the two special threads, and bench members who can sign in for real.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BENCH_PASSWORD, BENCH_WATCHER_FOLLOWS, BENCH_WATCHER_TICKERS, benchEmail, generateDataset, SPECIAL_THREADS, type GenerateResult } from "../../bench/data";
import { login } from "../../server/accounts/actions";
import { createTestForum, type TestForum } from "../../server/testing/harness";

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Count of rows a query returns (the query selects mismatches, so 0 is right). */
async function mismatches(forum: TestForum, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = rows<{ n: number }>(await forum.services.db.execute(sql`SELECT count(*)::int AS n FROM (${query}) q`));
  return row!.n;
}

describe("bench dataset generator", () => {
  let forum: TestForum;
  let result: GenerateResult;

  beforeAll(async () => {
    forum = await createTestForum();
    result = await generateDataset(forum.services.database, { scale: 0.002, log: () => {} });
  }, 180_000);
  afterAll(async () => {
    await forum?.close();
  });

  it("fills every table at the asked scale, a third of comments being replies", () => {
    expect(result.counts.members).toBe(100);
    expect(result.counts.categories).toBe(10);
    expect(result.counts.threads).toBe(200);
    expect(result.counts.comments).toBe(2000);
    expect(result.counts.replies).toBe(667);
    expect(result.counts.reactions).toBeGreaterThan(3500);
    expect(result.counts.follows).toBeGreaterThan(300);
    expect(result.counts.notifications).toBe(1000);
    expect(result.counts.thread_trending).toBe(200);
  });

  it("has one thread with exactly 100 comments and one with 1 000", async () => {
    const found = rows<{ comments_count: number; real: number }>(
      await forum.services.db.execute(sql`
        SELECT t.comments_count, (SELECT count(*)::int FROM comments c WHERE c.thread_id = t.id) AS real FROM threads t
        WHERE t.id IN (md5(${`t${SPECIAL_THREADS.hundred.index}`})::uuid, md5(${`t${SPECIAL_THREADS.thousand.index}`})::uuid)
        ORDER BY 1`),
    );
    expect(found).toEqual([
      { comments_count: 100, real: 100 },
      { comments_count: 1000, real: 1000 },
    ]);
  });

  it("stores the counters the triggers would have kept", async () => {
    expect(await mismatches(forum, sql`SELECT 1 FROM threads t WHERE comments_count <> (SELECT count(*) FROM comments c WHERE c.thread_id = t.id)`)).toBe(0);
    expect(await mismatches(forum, sql`SELECT 1 FROM threads t WHERE reactions_count <> (SELECT count(*) FROM reactions r WHERE r.target_type = 'thread' AND r.target_id = t.id)`)).toBe(0);
    expect(await mismatches(forum, sql`SELECT 1 FROM comments p WHERE replies_count <> (SELECT count(*) FROM comments c WHERE c.parent_id = p.id)`)).toBe(0);
    expect(await mismatches(forum, sql`SELECT 1 FROM comments p WHERE reactions_count <> (SELECT count(*) FROM reactions r WHERE r.target_type = 'comment' AND r.target_id = p.id)`)).toBe(0);
    expect(await mismatches(forum, sql`SELECT 1 FROM categories k WHERE threads_count <> (SELECT count(*) FROM threads t WHERE t.category_id = k.id)`)).toBe(0);
    expect(await mismatches(forum, sql`
      SELECT 1 FROM profiles p WHERE
        threads_count <> (SELECT count(*) FROM threads t WHERE t.author_id = p.id)
        OR comments_count <> (SELECT count(*) FROM comments c WHERE c.author_id = p.id)
        OR reactions_given <> (SELECT count(*) FROM reactions r WHERE r.user_id = p.id)
        OR followers_count <> (SELECT count(*) FROM user_follows f WHERE f.following_id = p.id)
        OR following_count <> (SELECT count(*) FROM user_follows f WHERE f.follower_id = p.id)
        OR reactions_received <> (SELECT count(*) FROM reactions r
             LEFT JOIN threads t ON r.target_type = 'thread' AND t.id = r.target_id
             LEFT JOIN comments c ON r.target_type = 'comment' AND c.id = r.target_id
             WHERE coalesce(t.author_id, c.author_id) = p.id)`)).toBe(0);
  });

  it("keeps the rules the triggers enforce: no reaction on own content, replies one level deep in their thread", async () => {
    expect(await mismatches(forum, sql`
      SELECT 1 FROM reactions r
      LEFT JOIN threads t ON r.target_type = 'thread' AND t.id = r.target_id
      LEFT JOIN comments c ON r.target_type = 'comment' AND c.id = r.target_id
      WHERE coalesce(t.author_id, c.author_id) = r.user_id OR coalesce(t.id, c.id) IS NULL`)).toBe(0);
    expect(await mismatches(forum, sql`
      SELECT 1 FROM comments c JOIN comments p ON p.id = c.parent_id
      WHERE p.thread_id <> c.thread_id OR p.parent_id IS NOT NULL OR c.created_at < p.created_at`)).toBe(0);
    expect(await mismatches(forum, sql`SELECT 1 FROM comments WHERE created_at > now()`)).toBe(0);
  });

  it("gives edge levels as the database formula computes them, and no decay left for the refresh job", async () => {
    const [{ changed }] = rows<{ changed: number }>(await forum.services.db.execute(sql`SELECT forum_refresh_edge_levels() AS changed`)) as [
      { changed: number },
    ];
    expect(changed).toBe(0);
    const [{ active }] = rows<{ active: number }>(await forum.services.db.execute(sql`SELECT count(*)::int AS active FROM profiles WHERE edge_level > 0`)) as [
      { active: number },
    ];
    expect(active).toBeGreaterThan(50);
  });

  it("leaves nothing for the trending job to insert", async () => {
    const [{ n }] = rows<{ n: number }>(await forum.services.db.execute(sql`SELECT count(*)::int AS n FROM thread_trending WHERE pct_rank IS NULL`)) as [
      { n: number },
    ];
    expect(n).toBe(0);
  });

  it("stores body_html exactly as the app cooks it, and indexes the named tickers", async () => {
    expect(result.htmlCheck.matching).toBe(result.htmlCheck.sampled);
    expect(result.htmlCheck.sampled).toBeGreaterThan(100);
    expect(await mismatches(forum, sql`
      SELECT 1 FROM comments c WHERE c.body ~ ' \\$[A-Z][A-Z0-9-]*$' AND NOT EXISTS (
        SELECT 1 FROM post_tickers pt WHERE pt.target_type = 'comment' AND pt.target_id = c.id)`)).toBe(0);
    expect(result.counts.post_tickers).toBeGreaterThan(0);
  });

  it("lets a bench member sign in with the bench password, and refuses a wrong one", async () => {
    const ok = await login(forum.services, { email: benchEmail(1), password: BENCH_PASSWORD }, new Headers());
    expect(ok.ok).toBe(true);
    const wrong = await login(forum.services, { email: benchEmail(1), password: "fel-losenord" }, new Headers());
    expect(wrong.ok).toBe(false);
  });

  it("gives bench_member_2 the watchlist and follows of the watchlist performance gate", async () => {
    const [row] = rows<{ watched: number; follows: number; counted: number }>(
      await forum.services.db.execute(sql`
        SELECT (SELECT count(*)::int FROM watchlist_tickers WHERE user_id = 'u2') AS watched,
               (SELECT count(*)::int FROM user_follows WHERE follower_id = 'u2') AS follows,
               (SELECT following_count FROM profiles WHERE id = 'u2') AS counted`),
    );
    expect(row!.watched).toBe(BENCH_WATCHER_TICKERS);
    expect(row!.follows).toBe(Math.min(BENCH_WATCHER_FOLLOWS, result.counts.members! - 1));
    expect(row!.counted).toBe(row!.follows);
  });

  it("refuses to load into a forum that already has threads", async () => {
    await expect(generateDataset(forum.services.database, { scale: 0.002, log: () => {} })).rejects.toThrow(/already holds/);
  });
});
