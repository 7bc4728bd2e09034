import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { writePgliteSnapshot } from "./pglite-snapshot";

const journal = JSON.parse(readFileSync(path.join(import.meta.dirname, "../db/migrations/meta/_journal.json"), "utf8")) as {
  entries: unknown[];
};

/** The one number a `select count(*)::int as n` answers. */
async function count(database: Database, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await database.db.execute(query)) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]!.n;
}

describe("the test run's migrated PGlite snapshot", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "borssnack-snapshot-test-"));
  const opened: Database[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it("starts each database with every migration applied, and each copy is its own", async () => {
    const file = path.join(dir, "migrated.tar");
    await writePgliteSnapshot(file);
    const start = new Blob([readFileSync(file)]);
    const a = await openDatabase({ pgliteDir: "memory://", pgliteStart: start });
    const b = await openDatabase({ pgliteDir: "memory://", pgliteStart: start });
    opened.push(a, b);

    expect(await count(a, sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toBe(journal.entries.length);
    // Migrating again finds nothing to do and keeps the schema.
    await a.migrate();
    expect(await count(a, sql`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`)).toBe(1);

    await a.db.execute(sql`insert into categories (name, description) values ('Bara i A', 'test')`);
    const onlyInA = sql`select count(*)::int as n from categories where name = 'Bara i A'`;
    expect(await count(a, onlyInA)).toBe(1);
    expect(await count(b, onlyInA)).toBe(0);
  }, 60_000);
});
