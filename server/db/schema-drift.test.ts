/**
 * Schema drift: `server/db/schema.ts` describes the database the SQL migrations build.
 *
 * Two fresh databases are compared through `pg_catalog`:
 * - **migrated**: every migration of `server/db/migrations` applied, as on a real install (the
 *   migrations are the truth for existing databases);
 * - **declared**: the SQL drizzle-kit generates from `schema.ts` alone (from an empty snapshot,
 *   through `drizzle-kit/api`), i.e. what `schema.ts` says the database is.
 *
 * Every table, column (type, NOT NULL, default, identity, generated expression), index
 * (`pg_get_indexdef`) and constraint (CHECK, foreign key, primary key, unique;
 * `pg_get_constraintdef`) must be the same in both, by name and definition, except the
 * {@link HAND_WRITTEN_INDEXES} that only hand-written SQL can create. Functions, triggers and
 * views are hand-written SQL by design (docs/hot-formula.md) and not compared.
 *
 * A difference means `drizzle-kit generate` would write a migration that changes (or fails on) an
 * existing database, or that code reading `schema.ts` is wrong about the database. Runs on PGlite
 * and, with `TEST_DATABASE_URL`, on PostgreSQL.
 */
import { sql } from "drizzle-orm";
import { generateDrizzleJson, generateMigration } from "drizzle-kit/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../testing/harness";
import type { Database } from "./client";
import * as schema from "./schema";

/**
 * Indexes created by hand-written migrations that `schema.ts` cannot declare, with the reason.
 * Any other index must be in `schema.ts`.
 */
const HAND_WRITTEN_INDEXES: Record<string, string> = {
  threads_hot_idx:
    "0006_trending.sql: an expression index over the IMMUTABLE function forum_hot_key (which drizzle does not know) with INCLUDE columns (which drizzle cannot declare); docs/hot-formula.md",
  threads_category_hot_idx:
    "0006_trending.sql: an expression index over the IMMUTABLE function forum_hot_key, rebuilt together with threads_hot_idx when the formula changes; docs/hot-formula.md",
  post_tickers_ticker_feed_idx:
    "0017_watchlist.sql: (ticker, created_at DESC NULLS LAST) with INCLUDE columns (which drizzle cannot declare), so the watchlist feed's per-ticker top-N and the members' view per ticker are index-only scans; docs/performance.md",
  threads_author_created_id_idx:
    "0017_watchlist.sql: (author_id, created_at DESC) INCLUDE (id) (which drizzle cannot declare), so the 'Bevakat' tab's per-author top-N is an index-only scan; docs/performance.md",
  threads_sitemap_idx:
    "0023_sitemaps.sql: (created_at, id) INCLUDE (category_id, edited_at, last_comment_at) (which drizzle cannot declare), so the thread sitemaps' keyset batches are index-only scans; docs/performance.md",
};

/** What `pg_catalog` says about the public schema's tables, one sorted line per object. */
interface Catalog {
  tables: string[];
  columns: string[];
  indexes: string[];
  constraints: string[];
}

/** Reads the rows of a query on either driver. */
async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The tables, columns, indexes and constraints of the `public` schema. */
async function readCatalog(database: Database): Promise<Catalog> {
  const tables = await rows<{ name: string }>(
    database,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`,
  );
  const columns = await rows<{ line: string }>(
    database,
    sql`SELECT c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
             || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END
             || CASE WHEN a.attidentity::text <> '' THEN ' IDENTITY ' || a.attidentity::text ELSE '' END
             || CASE WHEN a.attgenerated::text <> '' THEN ' GENERATED ' || pg_get_expr(d.adbin, d.adrelid)
                     WHEN d.adbin IS NOT NULL THEN ' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid)
                     ELSE '' END AS line
        FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY 1`,
  );
  const indexes = await rows<{ line: string }>(
    database,
    sql`SELECT pg_get_indexdef(i.indexrelid) AS line
        FROM pg_index i
        JOIN pg_class c ON c.oid = i.indexrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' ORDER BY 1`,
  );
  const constraints = await rows<{ line: string }>(
    database,
    sql`SELECT t.relname || ' ' || k.conname || ' ' || pg_get_constraintdef(k.oid) AS line
        FROM pg_constraint k
        JOIN pg_class t ON t.oid = k.conrelid
        JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE n.nspname = 'public' AND k.contype IN ('c', 'f', 'p', 'u') ORDER BY 1`,
  );
  return {
    tables: tables.map((r) => r.name),
    columns: columns.map((r) => r.line),
    indexes: indexes.map((r) => r.line),
    constraints: constraints.map((r) => r.line),
  };
}

/** The index name in a `pg_get_indexdef` line (`CREATE [UNIQUE] INDEX name ON ...`). */
const indexName = (line: string): string => /INDEX (\S+) ON/.exec(line)![1]!;

describe("schema.ts and the migrations agree", () => {
  let migrated: Awaited<ReturnType<typeof openTestDatabase>>;
  let declared: Awaited<ReturnType<typeof openTestDatabase>>;
  let fromMigrations: Catalog;
  let fromSchema: Catalog;

  beforeAll(async () => {
    // Both from an empty cluster (not the test run's migrated snapshot): one built by the
    // migrations as on a real install, one by schema.ts alone.
    [migrated, declared] = await Promise.all([openTestDatabase({ empty: true }), openTestDatabase({ empty: true })]);
    await migrated.database.migrate();
    const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema));
    // gin_trgm_ops (profiles_nickname_trgm_idx, companies_name_trgm_idx) needs the extension, which
    // migration 0004 creates by hand.
    await declared.database.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    for (const statement of statements) await declared.database.db.execute(sql.raw(statement));
    [fromMigrations, fromSchema] = await Promise.all([readCatalog(migrated.database), readCatalog(declared.database)]);
  });
  afterAll(async () => {
    await Promise.all([migrated?.drop(), declared?.drop()]);
  });

  it("has the same tables", () => {
    expect(fromSchema.tables).toEqual(fromMigrations.tables);
    expect(fromSchema.tables).toContain("thread_trending");
  });

  it("has the same columns: type, NOT NULL, default, identity, generated expression", () => {
    expect(fromSchema.columns).toEqual(fromMigrations.columns);
  });

  it("has the same indexes by name and definition, apart from the hand-written ones", () => {
    const migratedIndexes = fromMigrations.indexes.filter((line) => !(indexName(line) in HAND_WRITTEN_INDEXES));
    expect(fromSchema.indexes).toEqual(migratedIndexes);
  });

  it("has every hand-written index, and schema.ts does not declare them", () => {
    const migratedNames = fromMigrations.indexes.map(indexName);
    const declaredNames = fromSchema.indexes.map(indexName);
    for (const name of Object.keys(HAND_WRITTEN_INDEXES)) {
      expect(migratedNames).toContain(name);
      expect(declaredNames).not.toContain(name);
    }
  });

  it("has the same CHECK, foreign-key, primary-key and unique constraints by name and definition", () => {
    expect(fromSchema.constraints).toEqual(fromMigrations.constraints);
    expect(fromSchema.constraints.some((line) => line.startsWith("reports reports_reason_check CHECK"))).toBe(true);
  });
});
