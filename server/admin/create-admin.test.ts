/**
 * `forum create-admin` (docs/decisions/012): the first admin of a fresh forum, with the
 * password taken from `FORUM_ADMIN_PASSWORD`. Runs on PGlite in a fresh `DATA_DIR`, or on
 * PostgreSQL with `TEST_DATABASE_URL`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cli } from "../../domain/i18n/sv";
import { main } from "../platform/cli";
import { parseConfig } from "../platform/config";
import { createServices } from "../platform/services";
import { createTestDatabaseUrl } from "../testing/harness";
import { getViewer } from "../accounts/session";

let dataDir: string;
let postgres: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "borssnack-admin-cli-"));
  postgres = await createTestDatabaseUrl();
  env = {
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    AUTH_SECRET: "cli-test-secret-that-is-long-enough-0123456789",
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
});
afterAll(async () => {
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function run(argv: string[], environment: Record<string, string>) {
  const out: string[] = [];
  const code = await main(argv, environment, { log: (m) => out.push(m), error: (m) => out.push(m) });
  return { code, out: out.join("\n") };
}

it("refuses without a password in the environment, then creates an admin who can log in", async () => {
  const refused = await run(["create-admin", "ada@exempel.se", "Ada"], env);
  expect(refused).toEqual({ code: 1, out: cli.adminPasswordMissing });
  const made = await run(["create-admin", "ada@exempel.se", "Ada"], { ...env, FORUM_ADMIN_PASSWORD: "lösenord-för-ada" });
  expect(made).toEqual({ code: 0, out: cli.adminCreated("Ada", "ada@exempel.se") });

  const services = await createServices(parseConfig(env), { mailer: { async send() {} } });
  try {
    const res = await services.auth.api.signInEmail({ body: { email: "ada@exempel.se", password: "lösenord-för-ada" }, asResponse: true });
    const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const viewer = await getViewer(services, new Request("http://localhost:3000/admin", { headers: { cookie } }));
    expect(viewer).toMatchObject({ nickname: "Ada", role: "admin", email: "ada@exempel.se" });
  } finally {
    await services.database.close();
  }
});
