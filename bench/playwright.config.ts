import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import base from "../playwright.config";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Browser benchmarks (not part of `npm test`): the same server and Chromium as the browser
 * tests, tests from `bench/`. Run: `npx playwright test --config bench/playwright.config.ts`.
 */
export default defineConfig({
  ...base,
  testDir: ".",
  outputDir: process.env.E2E_OUTPUT ?? path.join(root, "test-results"),
  webServer: { ...(base.webServer as object), cwd: root } as typeof base.webServer,
});
