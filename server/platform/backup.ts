/**
 * Backup and restore of the forum's database ("a `forum backup` / restore
 * procedure for both PGlite and PostgreSQL is documented and tested by a round trip";
 * README "Backup and restore").
 *
 * - **PGlite** (`DATA_DIR/pglite`): PGlite's own `dumpDataDir("gzip")`, a `.tar.gz` of the data
 *   folder; restore creates the folder from it with `loadDataDir`, after moving an existing
 *   folder aside (`pglite.before-restore-<time>`), so nothing is overwritten. The server must be
 *   stopped: a PGlite folder is open in one process only.
 * - **PostgreSQL** (`DATABASE_URL`): `pg_dump --format=custom` and `pg_restore --clean
 *   --if-exists --no-owner --single-transaction`, the standard tools (they must be installed in
 *   the server's major version); restore is one transaction, so a failed restore changes nothing.
 *
 * @module
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, renameSync, statSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { cli } from "../../domain/i18n/sv";
import type { AppConfig } from "./config";

/** Where PGlite keeps the forum (same as server/platform/services.ts). */
export const pgliteDirOf = (config: AppConfig) => path.join(config.dataDir, "pglite");

/** Runs a PostgreSQL client tool; rejects with a Swedish message when missing or failing. */
function run(tool: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === "ENOENT" ? cli.pgToolMissing(tool) : cli.pgToolFailed(tool, error.message))),
    );
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(cli.pgToolFailed(tool, stderr.trim().split("\n").slice(-3).join(" ") || `exit ${code}`))),
    );
  });
}

/**
 * Writes a backup of the configured database to `file`.
 *
 * @param config `databaseUrl` (PostgreSQL) or `dataDir` (PGlite)
 * @param file target path (`.tar.gz` for PGlite, pg_dump's custom format for PostgreSQL)
 * @returns the backup's size in bytes
 * @throws Error with a Swedish message when the tool is missing or fails, or PGlite cannot open
 */
export async function backupDatabase(config: AppConfig, file: string): Promise<number> {
  if (config.databaseUrl) {
    await run("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, `--dbname=${config.databaseUrl}`]);
  } else {
    const db = await PGlite.create(pgliteDirOf(config), { extensions: { pg_trgm } });
    try {
      const dump = await db.dumpDataDir("gzip");
      await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
  }
  return statSync(file).size;
}

/**
 * Restores the configured database from a backup made by {@link backupDatabase}.
 *
 * @param config `databaseUrl` (PostgreSQL) or `dataDir` (PGlite)
 * @param file the backup
 * @returns for PGlite, the folder the previous database was moved to (or null when there was none)
 * @throws Error with a Swedish message when the file is missing, the tool is missing or fails
 */
export async function restoreDatabase(config: AppConfig, file: string): Promise<string | null> {
  if (!existsSync(file)) throw new Error(cli.backupFileMissing(file));
  if (config.databaseUrl) {
    await run("pg_restore", ["--clean", "--if-exists", "--no-owner", "--single-transaction", `--dbname=${config.databaseUrl}`, file]);
    return null;
  }
  const dir = pgliteDirOf(config);
  let movedTo: string | null = null;
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    movedTo = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    renameSync(dir, movedTo);
  }
  const db = await PGlite.create(dir, {
    extensions: { pg_trgm },
    loadDataDir: new Blob([await readFile(file)]),
  });
  await db.query("SELECT 1");
  await db.close();
  return movedTo;
}
