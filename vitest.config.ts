import { defineConfig } from "vitest/config";

/**
 * Vitest: integration tests beside the code they test (`server/**\/*.test.ts`, `app/**\/*.test.ts`).
 * Each test file opens its own database: in-memory PGlite by default, a fresh schema on the
 * PostgreSQL server named by `TEST_DATABASE_URL` when set.
 *
 * Files run in one fork per core (`maxWorkers: "100%"`; Vitest's default leaves a core idle, which on
 * the 2-core CI machine meant one file at a time). Files share nothing: each opens its own database,
 * data folder and ephemeral ports. `VITEST_MAX_WORKERS` overrides it (e.g. `1` to debug).
 *
 * Files in one fork share its module cache (`isolate: false`): the server's modules are loaded once
 * per fork instead of once per file (import was a fifth of the run). The files share no state
 * through them: module-level caches are keyed by database handle (WeakMap), and the few test
 * setters (fan-out inline limits, TZ) are reset by the file that sets them.
 *
 * On PGlite every test database starts as a copy of one migrated snapshot the global setup makes
 * (server/testing/pglite-snapshot.ts): about 1 s per database instead of 5 s of `initdb` and
 * migrations.
 */
export default defineConfig({
  test: {
    include: ["domain/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.ts", "tests/build/**/*.test.ts", "tests/routes/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    isolate: false,
    globalSetup: ["server/testing/vitest-setup.ts"],
    maxWorkers: process.env.VITEST_MAX_WORKERS ?? "100%",
  },
});
