#!/usr/bin/env node
/**
 * Starts the production server for the browser tests on a fresh database: a temp PGlite folder,
 * or, when TEST_DATABASE_URL is set, a new database `bs_e2e_<start time>_<random>` on that
 * PostgreSQL server (ones older than 3 hours are dropped first). Mail goes to the tests' SMTP receiver.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const port = process.env.E2E_PORT ?? "3210";
const smtpPort = process.env.E2E_SMTP_PORT ?? "2526";
const env = {
  ...process.env,
  PORT: port,
  PUBLIC_URL: `http://localhost:${port}`,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: "Börssnack <noreply@borssnack.test>",
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "borssnack-e2e-")),
  // Every browser test comes from 127.0.0.1, like members behind one office NAT; the per-IP
  // numbers themselves are tested at integration level (server/accounts/sign-in-lockout.test.ts).
  AUTH_IP_LIMIT_PER_MINUTE: "1000",
  // Likewise the per-action limits (threads, comments, reactions, …) times 1000, which also
  // shortens the identical-text refusal to nothing; tests/e2e/abuse-limits.spec.ts runs its own
  // server with the real numbers.
  ACTION_LIMIT_MULTIPLIER: "1000",
  // The forum home's 'Trendande aktier' is computed on every request instead of at most once a
  // minute, so a journey sees its new $TICKER post at once; the cache itself is tested
  // in server/tickers/trending.test.ts.
  TRENDING_TICKERS_TTL_SECONDS: "0",
};
delete env.DATABASE_URL;

const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // Databases of earlier runs (named with their start time) are dropped after 3 hours; a run
  // going on in parallel keeps its own.
  const now = Math.floor(Date.now() / 1000);
  const old = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE 'bs_e2e_%'");
  for (const { datname } of old.rows) {
    const started = Number(datname.split("_")[2]);
    if (!Number.isFinite(started) || now - started > 3 * 3600) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  }
  const name = `bs_e2e_${now}_${randomBytes(4).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
}

// The browser tests' administrator, made the way an operator makes the first admin
// (`forum create-admin`); its address and password are in tests/e2e/support/accounts.ts.
const created = spawnSync(
  process.execPath,
  ["bin/forum.mjs", "create-admin", "e2e-admin@borssnack.test", "E2E_Admin"],
  { env: { ...env, FORUM_ADMIN_PASSWORD: "e2e-admin-hemligt" }, stdio: "inherit" },
);
if (created.status !== 0) process.exit(created.status ?? 1);

const child = spawn(process.execPath, ["server.js"], { env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
