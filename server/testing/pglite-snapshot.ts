/**
 * A migrated PGlite database, made once per test run and copied for each test database.
 *
 * Opening an empty in-memory PGlite runs `initdb` inside the WASM build (about 4.5 s of CPU on the
 * 2-core CI machine) and the migrations take another 0.5 s; starting from a dump of an already
 * migrated cluster takes about 1 s. Vitest's global setup (`server/testing/vitest-setup.ts`) makes
 * the dump and names its file in {@link PGLITE_SNAPSHOT_ENV}; {@link pgliteSnapshot} reads it in
 * each test process. Every test database is still its own copy: nothing is shared between tests.
 *
 * @module
 */
import { readFileSync, writeFileSync } from "node:fs";
import { openDatabase } from "../db/client";

/** Environment variable holding the snapshot file's path (set by the global setup). */
export const PGLITE_SNAPSHOT_ENV = "BORSSNACK_TEST_PGLITE_SNAPSHOT";

/**
 * Writes a dump of a freshly migrated in-memory PGlite database (no rows but the migrations'
 * own) to `file`.
 *
 * @param file where to write the uncompressed tar (about 40 MB)
 * @throws when PGlite cannot start or a migration fails
 */
export async function writePgliteSnapshot(file: string): Promise<void> {
  const database = await openDatabase({ pgliteDir: "memory://" });
  try {
    await database.migrate();
    // Drizzle's PGlite driver keeps the client as `$client`.
    const client = (database.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir("none");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

let loaded: Blob | null | undefined;

/**
 * The snapshot this test run made, read once per process.
 *
 * @returns the dump to pass as `pgliteStart`, or null when no snapshot was made (a test file run
 *   outside Vitest's global setup): the caller then starts from an empty cluster
 * @throws when the variable names a file that cannot be read
 */
export function pgliteSnapshot(): Blob | null {
  if (loaded !== undefined) return loaded;
  const file = process.env[PGLITE_SNAPSHOT_ENV];
  loaded = file ? new Blob([readFileSync(file)]) : null;
  return loaded;
}
