/**
 * The server's long-lived services, created once at start-up and handed to every loader and
 * action through the router context (ARCHITECTURE.md, React Router's node-postgres template).
 *
 * @module
 */
import { createSearchCache, type ReadCache, type SearchCache } from "../cache/read-caches";
import path from "node:path";
import { createContext } from "react-router";
import type { MailWorker } from "../admin/mail-worker";
import type { JobQueue } from "../jobs/queue";
import { createAuth, type Auth } from "../accounts/auth";
import { ensureCompanies } from "../tickers/companies";
import { backfillTitleTickers, recookIfNeeded } from "../content/recook";
import type { AppConfig } from "./config";
import { openDatabase, type Database, type Db } from "../db/client";
import { ensureDefaultCategories } from "../forum/default-categories";
import { createActionLimits, type ActionLimits } from "../abuse/action-limits";
import { abuseLimitsWithIpRate, createAbuseLimits, type AbuseLimits } from "../accounts/sign-in-lockout";
import { createMailer, type Mailer } from "../mail/mailer";

/** How long a session cookie's member is remembered (ms; `Services.viewerCache`). */
export const VIEWER_CACHE_TTL_MS = 10_000;
/** Session cookies remembered at most (least recently used out first). */
export const VIEWER_CACHE_MAX_ENTRIES = 5_000;

/** Everything a loader or action may use. */
export interface Services {
  config: AppConfig;
  database: Database;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  /** Abuse limits on the auth actions, shared by every instance through the database. */
  limits: AbuseLimits;
  /** Abuse limits per action (threads, comments, reactions, …; server/abuse/action-limits.ts), shared likewise. */
  actionLimits: ActionLimits;
  /** Short-lived shared search results (server/cache/read-caches.ts), emptied on writes. */
  searchCache: SearchCache;
  /**
   * The shared part of thread pages for members (server/cache/read-caches.ts),
   * set by `createApp` in production where writes and realtime events empty it; null elsewhere
   * (tests, the CLI, the dev server), which then read the database every time.
   */
  sharedPageData: ReadCache | null;
  /**
   * Who a session cookie belongs to, for {@link VIEWER_CACHE_TTL_MS} at most and emptied
   * with the page caches on every write (a logout, a block, a role change, a mute are writes);
   * null except in the production app (server/http/app.ts).
   */
  viewerCache: ReadCache | null;
  /**
   * A member's own reads that change only through writes (the notifications page's
   * list; server/cache/read-caches.ts), emptied with the page caches; null except in the
   * production app (server/http/app.ts).
   */
  memberReads: ReadCache | null;
  /** The admin-mail worker, once `startSchedules` has started it (absent in tests and the CLI). */
  adminMailWorker?: MailWorker;
  /**
   * This instance's job queue, once `startSchedules` has started it (absent in tests
   * and the CLI); the admin panel 'Jobb' reads it.
   */
  jobQueue?: JobQueue;
}

/** Router-context key under which {@link Services} are stored. */
export const servicesContext = createContext<Services>();

/**
 * Opens the database, applies migrations, creates the default categories on an empty forum,
 * and builds the auth and mail services.
 *
 * @param config parsed configuration
 * @param overrides replacements (tests pass their own mailer or database)
 * @returns the services
 * @throws when the database cannot be opened or a migration fails
 */
export async function createServices(
  config: AppConfig,
  overrides: Partial<Pick<Services, "mailer" | "database" | "limits" | "actionLimits">> = {},
): Promise<Services> {
  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, "pglite"),
    }));
  await database.migrate();
  await ensureDefaultCategories(database.db);
  // A (re)loaded company list may make old thread titles name known tickers.
  if ((await ensureCompanies(database.db)) > 0) await backfillTitleTickers(database.db);
  await recookIfNeeded(database.db);
  const mailer =
    overrides.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      mailDir: path.join(config.dataDir, "mail"),
    });
  const auth = createAuth({ config, db: database.db, mailer });
  const limits = overrides.limits ?? createAbuseLimits(database.db, abuseLimitsWithIpRate(config.authIpLimitPerMinute));
  const actionLimits =
    overrides.actionLimits ?? createActionLimits(database.db, { multiplier: config.actionLimitMultiplier });
  return { config, database, db: database.db, auth, mailer, limits, actionLimits, searchCache: createSearchCache(), sharedPageData: null, viewerCache: null, memberReads: null };
}
