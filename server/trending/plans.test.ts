/**
 * Query plans of the thread lists (every list read is indexed): on a
 * generated forum of 2 000 threads, page 1 of every tab, for the whole forum and for one
 * category, can be read by walking an index in the list's order — never by sorting every thread.
 * Full sorts are priced out (`enable_sort = off`), so the plan shows whether an index can give
 * the order at all, whatever the planner would pick for a table this small.
 * A list whose ORDER BY does not match its index's declared order (DESC vs DESC NULLS LAST) makes
 * PostgreSQL read and sort the whole table: 35 ms instead of 0.9 ms on 100 000 threads.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDataset } from "../../bench/data";
import { createTestForum, type TestForum } from "../testing/harness";
import { threadListIdsQuery, type ThreadSort } from "./queries";

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Presorted Key"?: string[];
  Plans?: PlanNode[];
}

const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

describe("thread-list plans", () => {
  let forum: TestForum;
  let categoryId: string;

  beforeAll(async () => {
    forum = await createTestForum();
    await generateDataset(forum.services.database, { scale: 0.02, log: () => {} });
    await forum.services.db.execute(sql`ANALYZE`);
    const rows = (await forum.services.db.execute(sql`SELECT category_id FROM threads GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`)) as unknown as {
      rows: Array<{ category_id: string }>;
    };
    categoryId = rows.rows[0]!.category_id;
  }, 300_000);
  afterAll(async () => {
    await forum?.close();
  });

  const cases: Array<[ThreadSort, boolean]> = [
    ["latest", false],
    ["latest", true],
    ["popular", false],
    ["popular", true],
    ["trending", false],
    ["trending", true],
  ];
  for (const [sort, inCategory] of cases) {
    it(`${sort}${inCategory ? " in one category" : ""}: page 1 walks an index, no full sort`, async () => {
      const { query } = threadListIdsQuery(forum.services.db, sort, inCategory ? categoryId : undefined, 21, 0);
      // With full sorts priced out, the planner walks an index whenever one can give this order;
      // a Sort node left in the plan means no index can (at any table size).
      const explained = (await forum.services.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_sort = off`);
        return tx.execute(sql`EXPLAIN (FORMAT JSON) ${query}`);
      })) as unknown as { rows: Array<Record<string, unknown>> };
      const raw = explained.rows[0]!["QUERY PLAN"];
      const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
      const all = nodes(plan[0]!.Plan);
      const fullSorts = all.filter((n) => n["Node Type"] === "Sort");
      expect(fullSorts, JSON.stringify(plan[0]!.Plan)).toEqual([]);
      expect(all.some((n) => /Index/.test(n["Node Type"]) && n["Index Name"]), JSON.stringify(plan[0]!.Plan)).toBe(true);
    });
  }
});
