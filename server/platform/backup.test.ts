/**
 * `forum backup` / `forum restore` round trips: on PGlite always, and on the
 * PostgreSQL server when TEST_DATABASE_URL is set (pg_dump / pg_restore).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../domain/i18n/sv";
import { main } from "./cli";
import { parseConfig } from "./config";
import { openDatabase } from "../db/client";
import { pgliteDirOf } from "./backup";
import { createTestDatabaseUrl } from "../testing/harness";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function collector() {
  const lines: string[] = [];
  return { lines, out: { log: (m: string) => lines.push(m), error: (m: string) => lines.push(`ERR ${m}`) } };
}

async function names(open: () => Promise<import("../db/client").Database>): Promise<string[]> {
  const database = await open();
  try {
    const rows = (await database.db.execute(sql`SELECT name FROM categories WHERE name LIKE 'Backup %' ORDER BY name`)) as unknown as { rows: Array<{ name: string }> };
    return rows.rows.map((r) => r.name);
  } finally {
    await database.close();
  }
}
async function exec(open: () => Promise<import("../db/client").Database>, statement: ReturnType<typeof sql>) {
  const database = await open();
  try {
    await database.db.execute(statement);
  } finally {
    await database.close();
  }
}

async function roundTrip(env: Record<string, string>, open: () => Promise<import("../db/client").Database>) {
  const work = mkdtempSync(path.join(tmpdir(), "borssnack-backup-"));
  dirs.push(work);
  const file = path.join(work, "forum.backup");
  await exec(open, sql`INSERT INTO categories (name, description) VALUES ('Backup före', 'finns i kopian')`);

  const backup = collector();
  expect(await main(["backup", file], env, backup.out)).toBe(0);
  expect(backup.lines[0]).toMatch(/^Säkerhetskopian är sparad i /);
  expect(existsSync(file)).toBe(true);

  // After the backup: one row removed, one added; the restore brings back the backup's state.
  await exec(open, sql`DELETE FROM categories WHERE name = 'Backup före'`);
  await exec(open, sql`INSERT INTO categories (name, description) VALUES ('Backup efter', 'ska försvinna')`);
  expect(await names(open)).toEqual(["Backup efter"]);

  const restore = collector();
  expect(await main(["restore", file], env, restore.out)).toBe(0);
  expect(restore.lines[0]).toBe(cli.restored(file));
  expect(await names(open)).toEqual(["Backup före"]);

  const missing = collector();
  expect(await main(["restore", path.join(work, "finns-inte")], env, missing.out)).toBe(1);
  expect(missing.lines.join("\n")).toContain(cli.backupFileMissing(path.join(work, "finns-inte")));
  return restore.lines;
}

describe("backup and restore", () => {
  it("PGlite: the data folder round-trips; the previous folder is kept aside", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "borssnack-backup-data-"));
    dirs.push(dataDir);
    const env = { NODE_ENV: "test", DATA_DIR: dataDir, AUTH_SECRET: "x".repeat(40) };
    const config = parseConfig(env);
    const open = async () => {
      const database = await openDatabase({ pgliteDir: pgliteDirOf(config) });
      await database.migrate();
      return database;
    };
    const lines = await roundTrip(env, open);
    const aside = lines[1]!.replace(/^Den tidigare databasmappen ligger kvar i /, "").replace(/\.$/, "");
    expect(existsSync(aside)).toBe(true);
  }, 120_000);

  it("PostgreSQL: pg_dump and pg_restore round-trip", async (ctx) => {
    const fresh = await createTestDatabaseUrl();
    if (!fresh) return ctx.skip();
    try {
      const env = { NODE_ENV: "test", DATABASE_URL: fresh.url, AUTH_SECRET: "x".repeat(40), DATA_DIR: mkdtempSync(path.join(tmpdir(), "bs-")) };
      const open = async () => {
        const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 1 });
        await database.migrate();
        return database;
      };
      await roundTrip(env, open);
    } finally {
      await fresh.drop();
    }
  }, 120_000);
});
