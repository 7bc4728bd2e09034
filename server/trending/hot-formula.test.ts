/**
 * The migration template of docs/hot-formula.md: applied to a migrated database with
 * threads, it changes the hot formula, and afterwards Populära — walked through `threads_hot_idx`
 * and `threads_category_hot_idx`, as the list queries do — comes out in the new formula's order
 * and `pct_rank` is recomputed. Without its `REINDEX` lines the indexes keep the old order (on
 * every connection that plans with the new function body), which is why the doc insists on them. Runs on PGlite and, with `TEST_DATABASE_URL`, on PostgreSQL.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../platform/data-dir";
import { openTestDatabase } from "../testing/harness";

const HOUR = 3_600_000;
const AS_OF = new Date("2026-06-01T12:00:00.000Z");

/** The SQL block after the template marker in docs/hot-formula.md, split as drizzle splits it. */
function templateStatements(): string[] {
  const doc = readFileSync(path.join(projectRoot(), "docs", "hot-formula.md"), "utf8");
  const block = /<!-- hot-formula-migration-template -->\s*```sql\n([\s\S]*?)```/.exec(doc);
  if (!block) throw new Error("docs/hot-formula.md has no migration template block");
  return block[1]!.split("--> statement-breakpoint").map((s) => s.trim()).filter(Boolean);
}

describe("changing the hot formula with the migration template of docs/hot-formula.md", () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let categoryId: string;
  const db = () => handle.database.db;
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as { rows: T[] }).rows;

  /** Thread ids in Populära order as the index gives them (sorting priced out, as in plans.test.ts). */
  async function indexOrder(inCategory: boolean): Promise<string[]> {
    const where = inCategory ? sql`WHERE category_id = ${categoryId}` : sql``;
    const query = sql`SELECT id FROM threads ${where}
      ORDER BY forum_hot_key(reactions_count, comments_count, created_at) DESC NULLS LAST, created_at DESC NULLS LAST, id DESC NULLS LAST`;
    return db().transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      const plan = JSON.stringify(((await tx.execute(sql`EXPLAIN (FORMAT JSON) ${query}`)) as unknown as { rows: unknown[] }).rows);
      expect(plan).toContain(inCategory ? "threads_category_hot_idx" : "threads_hot_idx");
      return ((await tx.execute(query)) as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
    });
  }

  /** Thread ids in the order of the function as it is now, computed row by row (no index). */
  async function formulaOrder(inCategory: boolean): Promise<string[]> {
    const where = inCategory ? sql`WHERE category_id = ${categoryId}` : sql``;
    const result = await rows<{ id: string }>(sql`
      SELECT id FROM (
        SELECT id, created_at, forum_hot_key(reactions_count, comments_count, created_at) + 0 AS k
        FROM threads ${where} OFFSET 0) x
      ORDER BY k DESC NULLS LAST, created_at DESC, id DESC`);
    return result.map((r) => r.id);
  }

  /** Stored pct_rank per thread next to the percentile of the current function. */
  async function percentiles(): Promise<Array<{ stored: number | null; now: number }>> {
    return rows(sql`
      SELECT tt.pct_rank AS stored,
        (floor(percent_rank() OVER (ORDER BY forum_hot_key(t.reactions_count, t.comments_count, t.created_at) + 0 ASC NULLS FIRST) * 1000 + 1e-9) / 1000)::real AS now
      FROM threads t JOIN thread_trending tt ON tt.thread_id = t.id`);
  }

  beforeAll(async () => {
    handle = await openTestDatabase();
    await handle.database.migrate();
    const [a, b] = await rows<{ id: string }>(sql`
      INSERT INTO categories (name, description) VALUES ('Het A', 'Test'), ('Het B', 'Test') RETURNING id`);
    categoryId = a!.id;
    // 80 threads over four days with mixes of reactions and comments, so that weighting comments
    // 3 instead of 2 and a half-life of 8 h instead of 6 h reorder many of them.
    let seed = 11;
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 80; i += 1) {
      const createdAt = new Date(AS_OF.getTime() - rand() * 96 * HOUR).toISOString();
      await db().execute(sql`
        INSERT INTO threads (category_id, title, body, created_at, reactions_count, comments_count)
        VALUES (${i % 2 === 0 ? a!.id : b!.id}, ${`Tråd ${i}`}, 'Innehåll', ${createdAt}::timestamptz,
                ${Math.floor(rand() * 60)}, ${Math.floor(rand() * 25)})`);
    }
    await db().execute(sql`SELECT forum_refresh_trending(${AS_OF.toISOString()}::timestamptz)`);
  });
  afterAll(async () => {
    await handle?.drop();
  });

  it("before: the indexes give the formula's order and pct_rank is current", async () => {
    for (const inCategory of [false, true]) expect(await indexOrder(inCategory)).toEqual(await formulaOrder(inCategory));
    for (const p of await percentiles()) expect(p.stored).toBeCloseTo(p.now, 6);
  });

  it("without its REINDEX lines the indexes keep the old order; the whole template makes them right", async () => {
    const statements = templateStatements();
    const isReindex = (s: string) => /^REINDEX /m.test(s);
    expect(statements.filter(isReindex)).toHaveLength(2);
    const before = await formulaOrder(false);

    // Everything but the REINDEX lines. (Its ANALYZE also makes this connection re-read the
    // index definition, as any new connection would; until then the planner sorts instead.)
    await db().transaction(async (tx) => {
      for (const s of statements.filter((s) => !isReindex(s))) await tx.execute(sql.raw(s));
    });
    const after = await formulaOrder(false);
    expect(after).not.toEqual(before); // the example really changes the order
    expect(await indexOrder(false)).toEqual(before); // stale index: the old keys, the old order
    expect(await indexOrder(true)).not.toEqual(await formulaOrder(true));

    // The whole template, as a migration runs it: one transaction.
    await db().transaction(async (tx) => {
      for (const s of statements) await tx.execute(sql.raw(s));
    });
    for (const inCategory of [false, true]) expect(await indexOrder(inCategory)).toEqual(await formulaOrder(inCategory));
    for (const p of await percentiles()) expect(p.stored).toBeCloseTo(p.now, 6);
  });
});
