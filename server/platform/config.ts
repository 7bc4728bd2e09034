/**
 * Environment configuration, parsed once with Zod (ARCHITECTURE.md "server/platform/config.ts").
 *
 * Reads `PORT`, `DATABASE_URL`, `DATA_DIR`, `PUBLIC_URL`, `SMTP_URL`, `MAIL_FROM`, `AUTH_SECRET`
 * and `NODE_ENV`, the optional tuning variables `AUTH_IP_LIMIT_PER_MINUTE`, `ACTION_LIMIT_MULTIPLIER`
 * and `TRENDING_TICKERS_TTL_SECONDS`, the e-mail digest's `DIGEST_INTERVAL_MINUTES`,
 * `DIGEST_AWAY_MINUTES` and `DIGEST_CHECK_SECONDS`, the optional `S3_*` upload storage
 * ({@link S3Config}) and the optional Web Push keys `VAPID_PUBLIC_KEY`, `VAPID_PRIVATE_KEY`, `VAPID_SUBJECT`
 * and extra push-service hosts `PUSH_SERVICE_HOSTS`,
 * `SEARCH_ENGINES` (robots.txt and sitemaps) and `WEB_CONCURRENCY` (worker
 * processes, `server/platform/web-concurrency.ts`).
 * In production a missing or invalid value stops start-up with a one-line message
 * naming the variable ({@link ConfigError}); in development sensible defaults apply and a generated
 * secret is stored in `DATA_DIR/auth-secret`.
 *
 * @module
 */
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { config as cfg, uploads as up, webPush as wp } from "../../domain/i18n/sv";
import { normalizeHostPattern } from "../../domain/push-services";
import { TRENDING_TICKERS_DEFAULT_TTL_S } from "../../domain/trending-tickers";
import { WEB_CONCURRENCY_MAX, webConcurrency } from "./web-concurrency";

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
  /** S3-compatible storage for uploaded images; `undefined` means files go to `dataDir/uploads`. */
  s3: S3Config | undefined;
  /**
   * Requests per minute one IP may make to each auth action (sign-in, sign-up, magic link, reset,
   * resend); default 10 (README "Abuse limits"). Raise it when many members share one address.
   */
  authIpLimitPerMinute: number;
  /**
   * Factor on the counts of the per-action abuse limits (threads, comments, reactions, reports,
   * follows, uploads, searches, mentions; README "Abuse limits"); default 1. Browser tests raise
   * it because every test member posts from 127.0.0.1 within seconds.
   */
  actionLimitMultiplier: number;
  /**
   * Longest age in seconds of the forum home's trending-tickers list (per process;
   * `server/tickers/trending.ts`); default 60 ("refreshed at most every minute"), 0 = computed on
   * every request. Browser tests lower it so a new post shows within a second or two.
   */
  trendingTickersTtlSeconds: number;
  /**
   * Pages and loader data answers worked on at once per process (`RENDER_CONCURRENCY`,
   * 1–64, default 4); more wait their turn. Renders interleaved by the dozen cost about twice the
   * CPU each (garbage collection), so a few at a time finish more per second.
   */
  renderConcurrency: number;
  /**
   * Who runs the forum, linked from every page's footer ('Drivs av …', SPEC §2 Shared forum
   * layout: "a link to the provider"): `PROVIDER_NAME` (default 'Börssnack') and
   * `PROVIDER_URL` (an absolute http(s) URL or a path; default `/landing`, the about page).
   */
  provider: { name: string; url: string };
  /**
   * E-mail digest (server/digest/digest.ts, docs/decisions/030-email-digest.md): at most
   * one digest per member per this many minutes (`DIGEST_INTERVAL_MINUTES`, default 30, 0–1440).
   */
  digestIntervalMinutes: number;
  /**
   * Minutes since a member's last activity before they count as away and may be mailed
   * (`DIGEST_AWAY_MINUTES`, default 10, 0–1440).
   */
  digestAwayMinutes: number;
  /**
   * Seconds between the digest checks (`DIGEST_CHECK_SECONDS`, default 60, 1–60). Below 60 an
   * extra in-process tick queues the `email-digest` job with a time-slot singleton, so several
   * instances still run it once per slot; browser tests lower it.
   */
  digestCheckSeconds: number;
  /**
   * The VAPID key pair of Web Push (`VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY`, base64url as
   * web-push's `generateVAPIDKeys()` writes them; both or neither). `undefined`: a pair is
   * generated once and stored in the database (`server/push/vapid.ts`), shared by every instance.
   */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /**
   * Contact of the VAPID signature (`VAPID_SUBJECT`, a `mailto:` or `https:` URL); default
   * `mailto:` the address of `MAIL_FROM`, else `PUBLIC_URL`.
   */
  vapidSubject: string;
  /**
   * Extra hosts a Web Push endpoint may point at, besides the browsers' push services
   * (`PUSH_SERVICE_HOSTS`, comma-separated host names; `*.example.org` matches its subdomains;
   * `domain/push-services.ts`): for a self-hosted push server. Normalised patterns, lower case;
   * default `[]` (only the built-in list). Endpoints must still be `https:` on port 443 and
   * resolve to public addresses (server/push/address.ts).
   */
  pushServiceHosts: string[];
  /**
   * Whether search engines are invited (`SEARCH_ENGINES`, `on` or `off`, default `on`).
   * `off` (a forum still closed to the public): `/robots.txt` disallows everything and names no
   * sitemap, the sitemaps answer 404 and every response carries `X-Robots-Tag: noindex`
   * (`server/seo/robots.ts`).
   */
  searchEngines: boolean;
  /**
   * Worker processes serving the port (`WEB_CONCURRENCY`; `server/platform/web-concurrency.ts`,
   * docs/decisions/037-worker-processes.md): 1–64; default the machine's cores
   * (`os.availableParallelism()`) on PostgreSQL, 1 on PGlite. 1 = one process, no cluster primary.
   */
  webConcurrency: number;
}

/** S3-compatible object storage for uploads (`S3_*` variables; docs/decisions/008-uploads.md). */
export interface S3Config {
  /** Endpoint URL, e.g. `https://<account>.r2.cloudflarestorage.com` or `http://localhost:9000`. */
  endpoint: string;
  /** Bucket name. */
  bucket: string;
  /** Access key id. */
  accessKeyId: string;
  /** Secret access key. */
  secretAccessKey: string;
  /** Signing region (`S3_REGION`, default `auto`). */
  region: string;
  /**
   * Public base URL of the bucket without trailing slash (`S3_PUBLIC_URL`); `undefined` means
   * files are served through `/uploads/*`, streamed from the bucket.
   */
  publicUrl: string | undefined;
}

/** The variables that switch on S3 storage; all four or none. */
const S3_REQUIRED = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** Thrown when a variable is missing or invalid; `message` is one line naming the variable. */
export class ConfigError extends Error {
  /** @param variable name of the offending environment variable; @param problem what is wrong */
  constructor(
    public readonly variable: string,
    problem: string,
  ) {
    super(cfg.invalid(variable, problem));
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
      .regex(/^postgres(ql)?:\/\//, cfg.postgresUrl)
      .optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, cfg.smtpUrl)
      .optional(),
  ),
  MAIL_FROM: optionalString,
  AUTH_SECRET: optionalString.pipe(z.string().min(32, cfg.secretLength).optional()),
  AUTH_IP_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  ACTION_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(100_000).default(1),
  PROVIDER_NAME: optionalString.pipe(z.string().max(100).optional()),
  PROVIDER_URL: optionalString.pipe(z.string().regex(/^(https?:\/\/\S+|\/\S*)$/, cfg.providerUrl).optional()),
  TRENDING_TICKERS_TTL_SECONDS: z.coerce.number().int().min(0).max(TRENDING_TICKERS_DEFAULT_TTL_S).default(TRENDING_TICKERS_DEFAULT_TTL_S),
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  DIGEST_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(1440).default(30),
  DIGEST_AWAY_MINUTES: z.coerce.number().int().min(0).max(1440).default(10),
  DIGEST_CHECK_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_REGION: optionalString,
  S3_PUBLIC_URL: optionalString.pipe(z.url().optional()),
  // Web Push: a P-256 public key is 65 bytes (87 base64url characters), a private key 32 (43).
  VAPID_PUBLIC_KEY: optionalString.pipe(z.string().regex(/^[A-Za-z0-9_-]{87}$/, cfg.vapidKey).optional()),
  VAPID_PRIVATE_KEY: optionalString.pipe(z.string().regex(/^[A-Za-z0-9_-]{43}$/, cfg.vapidKey).optional()),
  VAPID_SUBJECT: optionalString.pipe(z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, cfg.vapidSubject).optional()),
  // Web Push: extra push-service host patterns, comma-separated (domain/push-services.ts).
  PUSH_SERVICE_HOSTS: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const entries = value.split(",").map((entry) => entry.trim()).filter((entry) => entry !== "");
      const patterns = entries.map(normalizeHostPattern);
      if (patterns.some((pattern) => pattern === null)) {
        ctx.addIssue({ code: "custom", message: wp.serviceHostsConfig });
        return z.NEVER;
      }
      return [...new Set(patterns as string[])];
    }),
  // robots.txt and the sitemaps.
  SEARCH_ENGINES: optionalString.pipe(z.enum(["on", "off"], { error: cfg.searchEngines }).optional()),
  // Worker processes (checked by webConcurrency below).
  WEB_CONCURRENCY: optionalString,
});

/**
 * The S3 settings: all four of {@link S3_REQUIRED} or none (`S3_PUBLIC_URL` alone counts as a
 * partial set: it would point at a bucket nothing writes to).
 *
 * @throws {ConfigError} naming the first missing variable of a partial set
 */
function s3Config(e: z.infer<typeof schema>): S3Config | undefined {
  const given = S3_REQUIRED.filter((name) => e[name] !== undefined);
  if (given.length === 0 && e.S3_PUBLIC_URL === undefined) return undefined;
  const missing = S3_REQUIRED.find((name) => e[name] === undefined);
  if (missing) throw new ConfigError(missing, up.s3Incomplete);
  return {
    endpoint: e.S3_ENDPOINT!,
    bucket: e.S3_BUCKET!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    region: e.S3_REGION ?? "auto",
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ""),
  };
}

/**
 * The VAPID settings: both keys or neither; the subject defaults to `mailto:` the
 * sender address, else the public URL.
 *
 * @throws {ConfigError} naming the missing key of a half-set pair
 */
function vapidConfig(e: z.infer<typeof schema>, mailFrom: string, publicUrl: string) {
  if (e.VAPID_PUBLIC_KEY && !e.VAPID_PRIVATE_KEY) throw new ConfigError("VAPID_PRIVATE_KEY", cfg.vapidPair);
  if (e.VAPID_PRIVATE_KEY && !e.VAPID_PUBLIC_KEY) throw new ConfigError("VAPID_PUBLIC_KEY", cfg.vapidPair);
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? (/^\S+@\S+$/.test(mailFrom) ? mailFrom : undefined);
  return {
    vapidKeys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? (address ? `mailto:${address}` : publicUrl),
  };
}

/**
 * Parses an environment into an {@link AppConfig}.
 *
 * @param env variables to read, normally `process.env`
 * @returns the configuration; in development/test the data directory is created and a missing
 *   `AUTH_SECRET` is generated once and kept in `DATA_DIR/auth-secret`
 * @throws {ConfigError} on an invalid value, or in production on a missing `PUBLIC_URL`,
 *   `AUTH_SECRET` or `MAIL_FROM`, or on a partial set of `S3_*` variables
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
  const s3 = s3Config(e);
  const workers = webConcurrency(e, availableParallelism());
  if ("problem" in workers) {
    throw new ConfigError(
      "WEB_CONCURRENCY",
      workers.problem === "pgliteSingle" ? cfg.webConcurrencyPglite : cfg.webConcurrency(WEB_CONCURRENCY_MAX),
    );
  }
  if (production) {
    if (!e.PUBLIC_URL) throw new ConfigError("PUBLIC_URL", cfg.missingInProduction);
    if (!e.AUTH_SECRET) throw new ConfigError("AUTH_SECRET", cfg.missingInProduction);
    if (!e.MAIL_FROM) throw new ConfigError("MAIL_FROM", cfg.missingInProduction);
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
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const mailFrom = e.MAIL_FROM ?? "Börssnack <noreply@localhost>";
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom,
    ...vapidConfig(e, mailFrom, publicUrl),
    pushServiceHosts: e.PUSH_SERVICE_HOSTS,
    authSecret,
    authIpLimitPerMinute: e.AUTH_IP_LIMIT_PER_MINUTE,
    actionLimitMultiplier: e.ACTION_LIMIT_MULTIPLIER,
    trendingTickersTtlSeconds: e.TRENDING_TICKERS_TTL_SECONDS,
    renderConcurrency: e.RENDER_CONCURRENCY,
    provider: { name: e.PROVIDER_NAME ?? "Börssnack", url: e.PROVIDER_URL ?? "/landing" },
    digestIntervalMinutes: e.DIGEST_INTERVAL_MINUTES,
    digestAwayMinutes: e.DIGEST_AWAY_MINUTES,
    digestCheckSeconds: e.DIGEST_CHECK_SECONDS,
    s3,
    searchEngines: e.SEARCH_ENGINES !== "off",
    webConcurrency: workers.workers,
  };
}
