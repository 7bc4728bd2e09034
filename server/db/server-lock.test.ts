/**
 * The embedded database has one writer. A server started with `startServices`
 * on PGlite (this test process) holds `DATA_DIR/server.pid`; the real `forum` CLI (`bin/forum.mjs`,
 * another process) then refuses with exit code 1 and a Swedish message, and works again once the
 * server has closed, or when the file is left over by a process that is gone. PGlite only: with
 * `DATABASE_URL` there is no lock, which the last test checks when TEST_DATABASE_URL is set.
 */
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, roles } from "../../domain/i18n/sv";
import { startServices } from "../http/app";
import { projectRoot } from "../platform/data-dir";
import type { Services } from "../platform/services";
import { createTestDatabaseUrl } from "../testing/harness";
import { SERVER_LOCK_FILE } from "./server-lock";

const exec = promisify(execFile);
const bin = path.join(projectRoot(), "bin", "forum.mjs");

let dataDir: string;
let env: Record<string, string>;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "borssnack-lock-"));
  env = {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    AUTH_SECRET: "lock-test-secret-that-is-long-enough-0123456789",
  };
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs the real CLI as its own process. */
async function forum(args: string[], environment = env): Promise<{ code: number; stdout: string; stderr: string }> {
  return exec(process.execPath, [bin, ...args], { env: environment }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

/** The id of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid!;
}

describe("forum CLI next to a server on the embedded database", () => {
  let services: Services;

  it("the server writes DATA_DIR/server.pid with its process id", { timeout: 120_000 }, async () => {
    services = await startServices(env);
    expect(readFileSync(path.join(dataDir, SERVER_LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    await services.auth.api.signUpEmail({
      body: { email: "lisa@exempel.se", password: "hemligt123", name: "Lås_Lisa", username: "Lås_Lisa" },
    });
  });

  it("set-role and migrate exit 1 with 'stop the server or use DATABASE_URL', changing nothing", { timeout: 60_000 }, async () => {
    for (const args of [["set-role", "Lås_Lisa", "admin"], ["migrate"]]) {
      const r = await forum(args);
      expect(r.code, args.join(" ")).toBe(1);
      expect(r.stderr).toContain(cli.serverRunning(process.pid, dataDir));
      expect(r.stderr).toContain("DATABASE_URL");
      expect(r.stdout).toBe("");
    }
    const { rows } = (await services.database.db.execute(`SELECT role_id FROM profiles WHERE nickname = 'Lås_Lisa'`)) as unknown as {
      rows: Array<{ role_id: string }>;
    };
    expect(rows[0]!.role_id).toBe("member");
  });

  it("after the server has closed the file is gone and set-role works", { timeout: 60_000 }, async () => {
    await services.database.close();
    expect(existsSync(path.join(dataDir, SERVER_LOCK_FILE))).toBe(false);
    const r = await forum(["set-role", "Lås_Lisa", "moderator"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(cli.roleSet("Lås_Lisa", roles.moderator));
  });

  it("a file left by a process that is gone (a crash) is ignored", { timeout: 60_000 }, async () => {
    writeFileSync(path.join(dataDir, SERVER_LOCK_FILE), `${await deadPid()}\n`);
    const r = await forum(["set-role", "Lås_Lisa", "member"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(cli.roleSet("Lås_Lisa", roles.member));
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("with DATABASE_URL the file does not matter", { timeout: 60_000 }, async () => {
    const postgres = (await createTestDatabaseUrl())!;
    try {
      writeFileSync(path.join(dataDir, SERVER_LOCK_FILE), `${process.pid}\n`);
      const r = await forum(["migrate"], { ...env, DATABASE_URL: postgres.url });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(cli.migrated);
    } finally {
      rmSync(path.join(dataDir, SERVER_LOCK_FILE), { force: true });
      await postgres.drop();
    }
  });
});
