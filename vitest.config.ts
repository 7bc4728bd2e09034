import { defineConfig } from "vitest/config";

/**
 * Vitest: integration tests beside the code they test (`server/**\/*.test.ts`, `app/**\/*.test.ts`).
 * Each test file opens its own database: in-memory PGlite by default, a fresh schema on the
 * PostgreSQL server named by `TEST_DATABASE_URL` when set.
 */
export default defineConfig({
  test: {
    include: ["domain/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.ts", "tests/build/**/*.test.ts", "tests/routes/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
