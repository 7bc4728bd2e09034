import { defineConfig } from "@playwright/test";

/**
 * Browser journeys against the production build, in Debian's Chromium (/usr/bin/chromium).
 * The server gets a fresh database: PGlite in a temp dir, or a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set (tests/e2e/support/start-server.mjs). Mail goes to a real SMTP
 * receiver that the tests run (tests/e2e/support/mailbox.ts).
 */
// Every server the browser tests start (the shared one and the specs' own) is one process unless
// the spec says otherwise: worker processes (default = cores on PostgreSQL) have their
// own spec, tests/e2e/worker-processes.spec.ts, and CI runs both databases' suites side by side.
process.env.WEB_CONCURRENCY ??= "1";

const port = Number(process.env.E2E_PORT ?? 3210);
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  // Parallel runs (other ports and BUILD_DIR) keep their results apart.
  outputDir: process.env.E2E_OUTPUT ?? "test-results",
  fullyParallel: false,
  workers: 1,
  // A whole journey (two members registering through the mail, posting, reacting, a visitor
  // reading) takes 40 s alone and went past 90 s in CI with both databases' suites side by side on
  // 2 slow cores (journey.spec, 2026-11-27). The bound is for a hung test; each step keeps its
  // own 10 s expectation.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    locale: "sv-SE",
    timezoneId: "Europe/Stockholm",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    // BUILD_READY=1: the build in BUILD_DIR is already current (.ci/run builds once for both
    // databases), so the server starts from it without building again.
    command:
      process.env.BUILD_READY === "1"
        ? "node tests/e2e/support/start-server.mjs"
        : "npm run build && node tests/e2e/support/start-server.mjs",
    url: `${baseURL}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_PORT: String(port), E2E_SMTP_PORT: String(smtpPort) },
  },
});
