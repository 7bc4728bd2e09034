/**
 * The `forum` CLI as an operator uses it: `main()` against a real database configured only through
 * the environment, as the server would be: PGlite in a fresh `DATA_DIR`, or, when
 * `TEST_DATABASE_URL` is set, a fresh PostgreSQL database passed as `DATABASE_URL`. No mocks.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, roles } from "../../domain/i18n/sv";
import { main } from "./cli";
import { parseConfig } from "./config";
import { openDatabase, type Db } from "../db/client";
import { DEMO_PASSWORD, DEMO_USERS } from "../demo/seed";
import { projectRoot } from "./data-dir";
import { createServices } from "./services";
import { createTestDatabaseUrl } from "../testing/harness";

let dataDir: string;
let postgres: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "borssnack-cli-"));
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

/** Runs the CLI and collects what it printed. */
async function run(argv: string[], environment: Record<string, string> = env) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(argv, environment, {
    log: (m) => stdout.push(m),
    error: (m) => stderr.push(m),
  });
  return { code, stdout: stdout.join("\n"), stderr: stderr.join("\n") };
}

/** Opens the same database the CLI uses (after the CLI has closed it: PGlite is single-process). */
async function withDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(dataDir, "pglite"),
    poolSize: 1,
  });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function count(db: Db, query: SQL): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, query);
  return Number(row!.n);
}

async function roleOf(nickname: string): Promise<string | undefined> {
  return withDb(async (db) => {
    const [row] = await rows<{ role_id: string }>(
      db,
      sql`SELECT role_id FROM profiles WHERE nickname = ${nickname}`,
    );
    return row?.role_id;
  });
}

describe("usage mistakes", () => {
  it("without a command prints the usage and exits 1", async () => {
    const r = await run([]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(cli.usage);
  });

  it("an unknown command is named, followed by the usage, exit 1", async () => {
    const r = await run(["radera-allt"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(cli.unknownCommand("radera-allt"));
    expect(r.stderr).toContain(cli.usage);
  });

  it("set-role without exactly a nickname and a role prints the usage, exit 1", async () => {
    for (const argv of [["set-role"], ["set-role", "Aktie-Åsa"], ["set-role", "a", "admin", "extra"]]) {
      const r = await run(argv);
      expect(r.code, argv.join(" ")).toBe(1);
      expect(r.stderr).toContain(cli.usage);
    }
    expect((await run(["migrate", "nu"])).code).toBe(1);
    expect((await run(["seed-demo", "--snabbt"])).code).toBe(1);
  });

  it("help prints the usage and exits 0", async () => {
    const r = await run(["help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(cli.usage);
  });

  it("an invalid configuration exits 1 with a message naming the variable", async () => {
    const r = await run(["migrate"], { ...env, DATABASE_URL: "mysql://localhost/forum" });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("DATABASE_URL");
  });
});

describe("migrate", () => {
  it("creates the schema, says so, and can run again", async () => {
    const first = await run(["migrate"]);
    expect(first).toMatchObject({ code: 0, stderr: "" });
    expect(first.stdout).toBe(cli.migrated);
    expect(await withDb((db) => count(db, sql`SELECT count(*) AS n FROM profiles`))).toBe(0);
    expect((await run(["migrate"])).code).toBe(0);
  });
});

describe("set-role on an unknown member or role", () => {
  it("an unknown nickname exits 1 and names the nickname", async () => {
    const r = await run(["set-role", "Ingen_Sådan", "admin"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Ingen_Sådan");
    expect(r.stderr).toBe(cli.unknownNickname("Ingen_Sådan"));
    expect(r.stdout).toBe("");
  });

  it("an unknown role exits 1 and lists the valid roles", async () => {
    const r = await run(["set-role", "Aktie-Åsa", "kung"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(cli.unknownRole("kung"));
  });
});

describe("seed-demo", () => {
  it("refuses in production without --force and writes nothing", async () => {
    const production = {
      ...env,
      NODE_ENV: "production",
      MAIL_FROM: "Börssnack <noreply@borssnack.example>",
    };
    const r = await run(["seed-demo"], production);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(cli.seedInProduction);
    expect(await withDb((db) => count(db, sql`SELECT count(*) AS n FROM "user"`))).toBe(0);
  });

  it("creates members, threads, comments and reactions, and prints how to log in", { timeout: 180_000 }, async () => {
    const r = await run(["seed-demo"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const m = /Demoinnehåll skapat: (\d+) användare, (\d+) trådar, (\d+) kommentarer\./.exec(r.stdout);
    expect(m).not.toBeNull();
    const [users, threadCount, commentCount] = [Number(m![1]), Number(m![2]), Number(m![3])];
    expect(r.stdout).toContain(cli.seeded(users, threadCount, commentCount));
    expect(users).toBe(DEMO_USERS.length);
    expect(threadCount).toBeGreaterThanOrEqual(15);
    expect(r.stdout).toContain(cli.demoLogins(DEMO_PASSWORD));
    for (const u of DEMO_USERS) expect(r.stdout).toContain(u.email);
    // The moderator and the admin logins say so.
    expect(r.stdout).toContain(cli.demoStaffLogin("Mod-Maja", "maja@demo.borssnack.example", roles.moderator));
    expect(r.stdout).toContain(cli.demoStaffLogin("Admin-Anders", "anders@demo.borssnack.example", roles.admin));

    await withDb(async (db) => {
      // Members: verified, with the Swedish nicknames.
      const members = await rows<{ nickname: string; email_verified: boolean }>(
        db,
        sql`SELECT p.nickname, u.email_verified FROM "user" u JOIN profiles p ON p.id = u.id ORDER BY p.nickname`,
      );
      expect(members.map((x) => x.nickname).sort()).toEqual(DEMO_USERS.map((u) => u.nickname).sort());
      expect(members.every((x) => x.email_verified)).toBe(true);
      expect(members.some((x) => /[åäöÅÄÖ]/.test(x.nickname))).toBe(true);

      // Threads and comments as printed, spread over the categories and the last days.
      expect(await count(db, sql`SELECT count(*) AS n FROM threads`)).toBe(threadCount);
      expect(await count(db, sql`SELECT count(*) AS n FROM comments`)).toBe(commentCount);
      expect(await count(db, sql`SELECT count(DISTINCT category_id) AS n FROM threads`)).toBeGreaterThanOrEqual(8);
      expect(await count(db, sql`SELECT count(*) AS n FROM comments WHERE parent_id IS NOT NULL`)).toBeGreaterThan(0);
      const [span] = await rows<{ hours: number | string; future: number | string }>(
        db,
        sql`SELECT extract(epoch FROM max(created_at) - min(created_at)) / 3600 AS hours,
                   count(*) FILTER (WHERE created_at > now()) AS future FROM threads`,
      );
      expect(Number(span!.hours)).toBeGreaterThan(48);
      expect(Number(span!.future)).toBe(0);

      // Counters kept by the domain commands and triggers agree with the rows.
      expect(await count(db, sql`SELECT sum(threads_count) AS n FROM categories`)).toBe(threadCount);
      expect(await count(db, sql`SELECT sum(threads_count) AS n FROM profiles`)).toBe(threadCount);
      expect(await count(db, sql`SELECT sum(comments_count) AS n FROM profiles`)).toBe(commentCount);
      expect(
        await count(
          db,
          sql`SELECT count(*) AS n FROM threads t
              WHERE t.comments_count <> (SELECT count(*) FROM comments c WHERE c.thread_id = t.id)
                 OR t.reactions_count <> (SELECT count(*) FROM reactions r WHERE r.target_type = 'thread' AND r.target_id = t.id)`,
        ),
      ).toBe(0);
      expect(
        await count(
          db,
          sql`SELECT count(*) AS n FROM comments c
              WHERE c.replies_count <> (SELECT count(*) FROM comments x WHERE x.parent_id = c.id)
                 OR c.reactions_count <> (SELECT count(*) FROM reactions r WHERE r.target_type = 'comment' AND r.target_id = c.id)`,
        ),
      ).toBe(0);

      // Rules: replies one level deep and after what they answer; nobody reacts to own content.
      expect(
        await count(db, sql`SELECT count(*) AS n FROM comments c JOIN comments p ON p.id = c.parent_id WHERE p.parent_id IS NOT NULL`),
      ).toBe(0);
      expect(
        await count(
          db,
          sql`SELECT count(*) AS n FROM comments c JOIN threads t ON t.id = c.thread_id
              LEFT JOIN comments p ON p.id = c.parent_id
              WHERE c.created_at < t.created_at OR c.created_at <= p.created_at OR c.created_at > now()`,
        ),
      ).toBe(0);
      expect(await count(db, sql`SELECT count(*) AS n FROM reactions`)).toBeGreaterThan(0);
      expect(
        await count(
          db,
          sql`SELECT count(*) AS n FROM reactions r
              LEFT JOIN threads t ON r.target_type = 'thread' AND t.id = r.target_id
              LEFT JOIN comments c ON r.target_type = 'comment' AND c.id = r.target_id
              WHERE r.user_id = coalesce(t.author_id, c.author_id)`,
        ),
      ).toBe(0);

      // Real companies of the tickers table, linked as $TICKER (server/demo/seed.test.ts checks
      // the content in detail).
      const texts = (await rows<{ text: string }>(db, sql`SELECT title || ' ' || body AS text FROM threads`)).map(
        (x) => x.text,
      );
      expect(texts.some((t) => /\$[A-Z]/.test(t))).toBe(true);
      expect(await count(db, sql`SELECT count(DISTINCT ticker) AS n FROM post_tickers`)).toBeGreaterThan(20);
    });
  });

  it("a demo member can log in with the printed password", async () => {
    const services = await createServices(parseConfig(env));
    try {
      const result = await services.auth.api.signInEmail({
        body: { email: DEMO_USERS[0]!.email, password: DEMO_PASSWORD },
      });
      expect(result.token).toBeTruthy();
      expect(result.user.email).toBe(DEMO_USERS[0]!.email);
      await expect(
        services.auth.api.signInEmail({ body: { email: DEMO_USERS[1]!.email, password: "fel-lösenord" } }),
      ).rejects.toThrow();
    } finally {
      await services.database.close();
    }
  });

  it("a second run changes nothing and says the content already exists", async () => {
    const before = await withDb((db) =>
      rows(db, sql`SELECT (SELECT count(*) FROM "user") AS u, (SELECT count(*) FROM threads) AS t,
                          (SELECT count(*) FROM comments) AS c, (SELECT count(*) FROM reactions) AS r`),
    );
    const r = await run(["seed-demo"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(cli.alreadySeeded);
    expect(r.stdout).not.toContain("Demoinnehåll skapat");
    const after = await withDb((db) =>
      rows(db, sql`SELECT (SELECT count(*) FROM "user") AS u, (SELECT count(*) FROM threads) AS t,
                          (SELECT count(*) FROM comments) AS c, (SELECT count(*) FROM reactions) AS r`),
    );
    expect(after).toEqual(before);
  });
});

describe("set-role on a demo member", () => {
  const nickname = DEMO_USERS[0]!.nickname; // Aktie-Åsa

  it("matches the nickname case-insensitively (å/ä/ö too) and changes profiles.role_id", async () => {
    const r = await run(["set-role", nickname.toLowerCase(), "moderator"]);
    expect(r).toMatchObject({ code: 0, stderr: "" });
    expect(r.stdout).toBe(cli.roleSet(nickname, roles.moderator));
    expect(await roleOf(nickname)).toBe("moderator");

    const upper = await run(["set-role", `@${nickname.toUpperCase()}`, "ADMIN"]);
    expect(upper.code).toBe(0);
    expect(await roleOf(nickname)).toBe("admin");

    expect((await run(["set-role", nickname, "member"])).code).toBe(0);
    expect(await roleOf(nickname)).toBe("member");
  });

  it("an unknown role leaves the role as it was", async () => {
    expect((await run(["set-role", nickname, "superadmin"])).code).toBe(1);
    expect(await roleOf(nickname)).toBe("member");
  });
});

describe("bin/forum.mjs", () => {
  const exec = promisify(execFile);
  const bin = path.join(projectRoot(), "bin", "forum.mjs");

  it("runs set-role as a real process and exits 0", { timeout: 60_000 }, async () => {
    const nickname = DEMO_USERS[3]!.nickname; // Märta_Småbolag
    const { stdout } = await exec(process.execPath, [bin, "set-role", nickname, "moderator"], {
      env: { PATH: process.env.PATH ?? "", ...env },
    });
    expect(stdout).toContain(cli.roleSet(nickname, roles.moderator));
    expect(await roleOf(nickname)).toBe("moderator");
  });

  it("exits 1 with the usage on stderr when the arguments are wrong", { timeout: 60_000 }, async () => {
    const error = await exec(process.execPath, [bin], { env: { PATH: process.env.PATH ?? "", ...env } }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(error?.code).toBe(1);
    expect(error?.stderr).toContain(cli.usage);
  });
});
