/**
 * Vitest's global setup: on PGlite (no `TEST_DATABASE_URL`), makes the run's migrated database
 * snapshot once, before any test file, and names it in the environment the test processes inherit
 * (server/testing/pglite-snapshot.ts). On PostgreSQL it does nothing: each test database there is
 * a `CREATE DATABASE`.
 *
 * @module
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGLITE_SNAPSHOT_ENV, writePgliteSnapshot } from "./pglite-snapshot";

/**
 * Makes the snapshot (about 5 s) and sets {@link PGLITE_SNAPSHOT_ENV}.
 *
 * @returns the teardown, which removes the snapshot's folder
 * @throws when the snapshot cannot be made (a migration fails): the run stops before any test
 */
export default async function setup(): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) return () => {};
  const dir = mkdtempSync(path.join(tmpdir(), "borssnack-pglite-snapshot-"));
  const file = path.join(dir, "migrated.tar");
  await writePgliteSnapshot(file);
  process.env[PGLITE_SNAPSHOT_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
