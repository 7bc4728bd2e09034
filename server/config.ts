/**
 * Environment configuration, parsed once with Zod (ARCHITECTURE.md "server/config.ts").
 *
 * Reads `PORT`, `DATABASE_URL`, `DATA_DIR`, `PUBLIC_URL`, `SMTP_URL`, `MAIL_FROM`, `AUTH_SECRET`
 * and `NODE_ENV`. In production a missing or invalid value stops start-up with a one-line message
 * naming the variable ({@link ConfigError}); in development sensible defaults apply and a generated
 * secret is stored in `DATA_DIR/auth-secret`.
 *
 * @module
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { config as m } from "../app/i18n/sv";

/** The parsed configuration every server module reads instead of `process.env`. */
export interface AppConfig {
  /** `development`, `production` or `test`. */
  nodeEnv: "development" | "production" | "test";
  /** TCP port the HTTP server listens on (1..65535). */
  port: number;
  /** PostgreSQL connection string; `undefined` means embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** Absolute path of the data directory (PGlite files, mail drop, generated secret). */
  dataDir: string;
  /** Origin used for links in e-mails, without trailing slash, e.g. `http://localhost:3000`. */
  publicUrl: string;
  /** SMTP connection URL; `undefined` means mail is written to `dataDir/mail/`. */
  smtpUrl: string | undefined;
  /** Sender address of outgoing mail, e.g. `Börssnack <noreply@borssnack.se>`. */
  mailFrom: string;
  /** Secret used by better-auth to sign cookies and tokens (≥ 32 characters). */
  authSecret: string;
}

/** Thrown when a variable is missing or invalid; `message` is one line naming the variable. */
export class ConfigError extends Error {
  /** @param variable name of the offending environment variable; @param problem what is wrong */
  constructor(
    public readonly variable: string,
    problem: string,
  ) {
    super(m.invalid(variable, problem));
    this.name = "ConfigError";
  }
}

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, m.postgresUrl)
      .optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, m.smtpUrl)
      .optional(),
  ),
  MAIL_FROM: optionalString,
  AUTH_SECRET: optionalString.pipe(z.string().min(32, m.secretLength).optional()),
});

/**
 * Parses an environment into an {@link AppConfig}.
 *
 * @param env variables to read, normally `process.env`
 * @returns the configuration; in development/test the data directory is created and a missing
 *   `AUTH_SECRET` is generated once and kept in `DATA_DIR/auth-secret`
 * @throws {ConfigError} on an invalid value, or in production on a missing `PUBLIC_URL`,
 *   `AUTH_SECRET` or `MAIL_FROM`
 */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const result = schema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(String(issue.path[0] ?? "?"), issue.message);
  }
  const e = result.data;
  const production = e.NODE_ENV === "production";
  const dataDir = path.resolve(e.DATA_DIR);
  if (production) {
    if (!e.PUBLIC_URL) throw new ConfigError("PUBLIC_URL", m.missingInProduction);
    if (!e.AUTH_SECRET) throw new ConfigError("AUTH_SECRET", m.missingInProduction);
    if (!e.MAIL_FROM) throw new ConfigError("MAIL_FROM", m.missingInProduction);
  }
  let authSecret = e.AUTH_SECRET;
  if (!authSecret) {
    mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, "auth-secret");
    if (existsSync(file)) authSecret = readFileSync(file, "utf8").trim();
    else {
      authSecret = randomBytes(32).toString("base64url");
      writeFileSync(file, authSecret + "\n", { mode: 0o600 });
    }
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? "Börssnack <noreply@localhost>",
    authSecret,
  };
}
