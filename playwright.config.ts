import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

/**
 * The browser: Debian's old headless shell when it is installed (`chromium-headless-shell`, the
 * build Playwright itself uses for headless runs: no GPU process, a fraction of the full browser's
 * CPU on a 2-core machine), else Debian's full Chromium. CHROMIUM_PATH overrides both.
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

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
  // CI runs the suite in two lanes side by side (.ci/run): E2E_IGNORE names the spec files (comma
  // separated, without `.spec.ts`) that this run leaves to the other lane.
  testIgnore: (process.env.E2E_IGNORE ?? "")
    .split(",")
    .filter(Boolean)
    .map((name) => `**/${name}.spec.ts`),
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
    // A trace costs a sixth of the suite's time on 2 cores; CI (CI=1) only prints, so it records none.
    trace: process.env.CI ? "off" : "retain-on-failure",
    // Each new context would install the service worker and precache the whole client build
    // (about 150 files): the specs that test the worker allow it (`test.use`).
    serviceWorkers: "block",
    launchOptions: {
      executablePath: CHROMIUM,
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
