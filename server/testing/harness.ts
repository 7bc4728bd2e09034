/**
 * Test harness: real databases for integration tests (ARCHITECTURE.md tests; lobe-chat's PGlite
 * by default, PostgreSQL when a variable says so). Nothing here is mocked.
 *
 * - Without `TEST_DATABASE_URL`: a fresh in-memory PGlite per call, copied from the run's migrated
 *   snapshot when Vitest's global setup made one (server/testing/pglite-snapshot.ts).
 * - With `TEST_DATABASE_URL` (e.g. `postgres://postgres@127.0.0.1:5432/test`): a fresh database
 *   `bs_test_<random>` is created on that server per call and dropped on close.
 *
 * @module
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { parseConfig } from "../platform/config";
import { openDatabase, type Database } from "../db/client";
import { profiles, user } from "../db/schema";
import { pgliteSnapshot } from "./pglite-snapshot";
import type { MailMessage, Mailer } from "../mail/mailer";
import { isStaffRole, type Role } from "../../domain/roles";
import { createServices, type Services } from "../platform/services";

/** A test forum: services over a fresh database, the mail it sent, and cleanup. */
export interface TestForum {
  services: Services;
  /** Every message the forum sent, oldest first. */
  mails: MailMessage[];
  /** Closes the database and drops it (PostgreSQL) or discards it (PGlite). */
  close(): Promise<void>;
}

/**
 * Opens a fresh database (PGlite, or PostgreSQL when `TEST_DATABASE_URL` is set). Call
 * {@link Database.migrate} before use: on PGlite it usually starts as a copy of the run's migrated
 * snapshot and migrating finds nothing left to do; on PostgreSQL it is empty.
 *
 * @param options `empty`: start from an empty cluster even on PGlite (a test that builds the schema
 *   another way, e.g. the schema-drift check)
 * @returns the database and a function that closes and removes it
 */
export async function openTestDatabase(options: { empty?: boolean } = {}): Promise<{ database: Database; drop(): Promise<void> }> {
  const fresh = await createTestDatabaseUrl();
  if (!fresh) {
    const start = options.empty ? null : pgliteSnapshot();
    const database = await openDatabase({ pgliteDir: "memory://", ...(start ? { pgliteStart: start } : {}) });
    return { database, drop: () => database.close() };
  }
  const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 4 });
  return {
    database,
    async drop() {
      await database.close();
      await fresh.drop();
    },
  };
}

/**
 * Creates a fresh, empty database on the PostgreSQL server named by `TEST_DATABASE_URL`, for tests
 * that let the code under test open the database itself (e.g. the CLI through `DATABASE_URL`).
 *
 * @returns the new database's connection URL and a function that drops it (ending any connection
 *   left open), or `null` when `TEST_DATABASE_URL` is not set (such tests use PGlite instead)
 */
export async function createTestDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const name = `bs_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Creates a whole forum for a test file: fresh database, migrations, default categories,
 * better-auth, and a mailer that records what it sends.
 *
 * @param env extra environment for the config, e.g. `{ ACTION_LIMIT_MULTIPLIER: "1000" }`
 * @returns the {@link TestForum}
 */
export async function createTestForum(env: Record<string, string> = {}): Promise<TestForum> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "borssnack-test-"));
  const config = parseConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    AUTH_SECRET: "test-secret-that-is-long-enough-0123456789",
    ...env,
  });
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      mails.push(message);
    },
  };
  const { database, drop } = await openTestDatabase();
  const services = await createServices(config, { mailer, database });
  return {
    services,
    mails,
    async close() {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A member created for a test. */
export interface TestMember {
  id: string;
  nickname: string;
  email: string;
  password: string;
  role: Role;
}

let counter = 0;

/**
 * Registers a member through better-auth (the real sign-up path), marks the e-mail verified in
 * the database and sets the role.
 *
 * @param forum the test forum
 * @param options nickname (default unique), role (default member), verified (default true)
 * @returns the member with the password used
 */
export async function createMember(
  forum: TestForum,
  options: { nickname?: string; role?: Role; verified?: boolean } = {},
): Promise<TestMember> {
  counter += 1;
  const nickname = options.nickname ?? `medlem${counter}_${randomBytes(2).toString("hex")}`;
  const email = `${nickname.toLowerCase().replace(/[^a-z0-9]/g, "x")}-${counter}@exempel.se`;
  const password = "hemligt123";
  const result = await forum.services.auth.api.signUpEmail({
    body: { email, password, name: nickname, username: nickname },
  });
  const id = result.user.id;
  if (options.verified !== false) {
    await forum.services.db.update(user).set({ emailVerified: true }).where(eq(user.id, id));
  }
  const role = options.role ?? "member";
  if (isStaffRole(role)) {
    await forum.services.db.update(profiles).set({ roleId: role }).where(eq(profiles.id, id));
  }
  return { id, nickname, email, password, role };
}
