/**
 * The `forum` command-line tool for operators (`bin/forum.mjs` runs {@link main}):
 *
 * - `forum set-role <nickname> <member|moderator|admin>` changes a member's role (SPEC §5 Roles,
 *   §6: admins change roles; this is how the first admin is made).
 * - `forum create-admin <e-mail> <nickname>` creates a verified admin account with the password
 *   in the environment variable `FORUM_ADMIN_PASSWORD` (never on the command line, where `ps`
 *   shows it): the first admin of a fresh forum, and the browser tests' admin.
 * - `forum migrate` applies pending database migrations.
 * - `forum seed-demo [--force]` fills the forum with Swedish demo content (`server/demo/seed.ts`,
 *   Sixteen members, a moderator and an admin among them, about forty threads on real
 *   companies over four weeks) and prints the demo logins, staff roles marked; refused in
 *   production unless `--force` is given, because the demo accounts share a known password.
 * - `forum recook` re-cooks every thread, comment and bio into its stored HTML and rebuilds
 *   `post_tickers` (`server/content/recook.ts`); idempotent.
 * - `forum backup <file>` / `forum restore <file>` save and restore the database
 *   (`server/platform/backup.ts`: PGlite's data-folder dump, or pg_dump / pg_restore).
 * - `forum help` prints the usage.
 *
 * The database is the one the server uses: `DATABASE_URL`, or PGlite in `DATA_DIR/pglite`
 * (see `server/platform/config.ts`). A PGlite folder can be open in one process only: while a server runs
 * on it (its live process id in `DATA_DIR/server.pid`, `server/db/server-lock.ts`) every command
 * that opens the database is refused with exit code 1. Every message is Swedish, from the `cli` group of
 * `domain/i18n/sv.ts`.
 *
 * @module
 */
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { cli, markdown as md, roles } from "../../domain/i18n/sv";
import { backupDatabase, restoreDatabase } from "./backup";
import { ensureCompanies } from "../tickers/companies";
import { ConfigError, parseConfig, type AppConfig } from "./config";
import { recookAll } from "../content/recook";
import { openDatabase, type Database } from "../db/client";
import { runningServerPid } from "../db/server-lock";
import { profiles, user } from "../db/schema";
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from "../demo/seed";
import type { Mailer } from "../mail/mailer";
import { isRole, isStaffRole } from "../../domain/roles";
import { createServices } from "./services";

/** Where the CLI writes: `console`, or a test's collector. */
export interface CliOutput {
  /** Normal output (stdout). */
  log(message: string): void;
  /** Errors and usage after a mistake (stderr). */
  error(message: string): void;
}

/** Demo accounts are verified directly, so no verification mail should leave the machine. */
const discardingMailer: Mailer = {
  async send() {},
};

function openFromConfig(config: AppConfig): Promise<Database> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, "pglite"),
    poolSize: 2,
  });
}

async function withDatabase<T>(config: AppConfig, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openFromConfig(config);
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}

async function setRole(config: AppConfig, nickname: string, role: string, out: CliOutput): Promise<number> {
  const wanted = role.toLowerCase();
  if (!isRole(wanted)) {
    out.error(cli.unknownRole(role));
    return 1;
  }
  const name = nickname.replace(/^@/, "");
  return withDatabase(config, async ({ db }) => {
    const updated = await db
      .update(profiles)
      .set({ roleId: wanted })
      .where(sql`lower(${profiles.nickname}) = lower(${name})`)
      .returning({ nickname: profiles.nickname });
    if (updated.length === 0) {
      out.error(cli.unknownNickname(name));
      return 1;
    }
    out.log(cli.roleSet(updated[0]!.nickname, roles[wanted]));
    return 0;
  });
}

async function createAdmin(
  config: AppConfig,
  email: string,
  nickname: string,
  password: string | undefined,
  out: CliOutput,
): Promise<number> {
  if (!password || password.length < 8) {
    out.error(cli.adminPasswordMissing);
    return 1;
  }
  const services = await createServices(config, { mailer: discardingMailer });
  try {
    const result = await services.auth.api.signUpEmail({ body: { email, password, name: nickname, username: nickname } });
    const id = result.user.id;
    await services.db.update(user).set({ emailVerified: true }).where(eq(user.id, id));
    await services.db.update(profiles).set({ roleId: "admin" }).where(eq(profiles.id, id));
    out.log(cli.adminCreated(nickname, email));
    return 0;
  } finally {
    await services.database.close();
  }
}

async function migrate(config: AppConfig, out: CliOutput): Promise<number> {
  await withDatabase(config, async () => undefined);
  out.log(cli.migrated);
  return 0;
}

async function seed(config: AppConfig, force: boolean, out: CliOutput): Promise<number> {
  if (config.nodeEnv === "production" && !force) {
    out.error(cli.seedInProduction);
    return 1;
  }
  const services = await createServices(config, { mailer: discardingMailer });
  try {
    const result = await seedDemo(services);
    out.log(result ? cli.seeded(result.users, result.threads, result.comments) : cli.alreadySeeded);
    out.log(cli.demoLogins(DEMO_PASSWORD));
    for (const u of DEMO_USERS) {
      out.log(isStaffRole(u.role) ? cli.demoStaffLogin(u.nickname, u.email, roles[u.role]) : cli.demoLogin(u.nickname, u.email));
    }
    return 0;
  } finally {
    await services.database.close();
  }
}

async function recook(config: AppConfig, out: CliOutput): Promise<number> {
  return withDatabase(config, async ({ db }) => {
    // The server loads the company list at start-up; a recook before the first start needs it too.
    await ensureCompanies(db);
    const r = await recookAll(db);
    out.log(md.recooked(r.threads, r.comments, r.bios, r.htmlChanged));
    return 0;
  });
}

/**
 * Thrown before a command opens an embedded database that a running server holds; `main` prints
 * its Swedish message and exits 1.
 */
class ServerRunningError extends Error {}

/** Parses the configuration and refuses when a live server holds its embedded database. */
function databaseConfig(env: Record<string, string | undefined>): AppConfig {
  const config = parseConfig(env);
  if (!config.databaseUrl) {
    const pid = runningServerPid(config.dataDir);
    if (pid !== null) throw new ServerRunningError(cli.serverRunning(pid, config.dataDir));
  }
  return config;
}

function usage(out: CliOutput): number {
  out.error(cli.usage);
  return 1;
}

/**
 * Runs one `forum` command.
 *
 * @param argv the arguments after the program name, e.g. `["set-role", "Aktie-Åsa", "admin"]`
 * @param env environment to configure from (`DATABASE_URL`, `DATA_DIR`, `NODE_ENV`, …; see
 *   `server/platform/config.ts`), normally `process.env`
 * @param out where messages go, normally `console`
 * @returns the exit code: 0 on success (also `help`, and `seed-demo` when the demo content already
 *   exists), 1 on a usage mistake (usage printed), an unknown nickname or role, a seed refused in
 *   production, an invalid configuration, a server running on the embedded database
 *   or a database failure (Swedish message printed). Never throws.
 */
export async function main(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  out: CliOutput = console,
): Promise<number> {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case "set-role":
        if (args.length !== 2) return usage(out);
        return await setRole(databaseConfig(env), args[0]!, args[1]!, out);
      case "create-admin":
        if (args.length !== 2) return usage(out);
        return await createAdmin(databaseConfig(env), args[0]!, args[1]!, env.FORUM_ADMIN_PASSWORD, out);
      case "migrate":
        if (args.length !== 0) return usage(out);
        return await migrate(databaseConfig(env), out);
      case "seed-demo": {
        const force = args.includes("--force");
        if (args.some((a) => a !== "--force")) return usage(out);
        return await seed(databaseConfig(env), force, out);
      }
      case "recook":
        if (args.length !== 0) return usage(out);
        return await recook(databaseConfig(env), out);
      case "backup": {
        if (args.length !== 1) return usage(out);
        const bytes = await backupDatabase(databaseConfig(env), args[0]!);
        out.log(cli.backedUp(args[0]!, bytes));
        return 0;
      }
      case "restore": {
        if (args.length !== 1) return usage(out);
        const movedTo = await restoreDatabase(databaseConfig(env), args[0]!);
        out.log(cli.restored(args[0]!));
        if (movedTo) out.log(cli.restoreMovedAside(movedTo));
        return 0;
      }
      case "help":
      case "--help":
      case "-h":
        out.log(cli.usage);
        return 0;
      case undefined:
        return usage(out);
      default:
        out.error(cli.unknownCommand(command));
        return usage(out);
    }
  } catch (error) {
    out.error(error instanceof ConfigError || error instanceof ServerRunningError ? error.message : cli.failed((error as Error)?.message ?? String(error)));
    return 1;
  }
}
