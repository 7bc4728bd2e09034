/**
 * Watch and unwatch a ticker (watchlist 'Bevakning'): a member's `watchlist_tickers`
 * rows. Declared as writes of server/writes/pipeline.ts ({@link watchWrite}, {@link unwatchWrite})
 * and counted against the same abuse limit as follows (`follow`, server/abuse/action-limits.ts: "the
 * follow rate limits apply"). Both are idempotent: watching a watched ticker or unwatching one
 * not watched changes nothing and succeeds.
 *
 * @module
 */
import { and, count, eq, sql } from "drizzle-orm";
import { ticker as tk, watchlist as wl } from "../../domain/i18n/sv";
import { WATCHLIST_MAX } from "../../domain/limits";
import { getCompany } from "../tickers/companies";
import type { Db, Tx } from "../db/client";
import { profiles, watchlistTickers } from "../db/schema";
import { ForumError, pgCode } from "../platform/errors";
import { defineWrite, runWrite, unwrap, type WriteScope } from "../writes/pipeline";

/** The state after a watch or unwatch. */
export interface WatchState {
  /** The canonical (upper-case) ticker. */
  ticker: string;
  /** Whether the member watches it now. */
  watching: boolean;
  /** How many tickers the member watches now (0..{@link WATCHLIST_MAX}). */
  count: number;
}

/** Cashtag-shaped ticker text: letters, digits, `-`, `.`, at most 20 characters (`VOLV-B`, `SEB-A`). */
const TICKER_SHAPE = /^[A-Z0-9][A-Z0-9.-]{0,19}$/;

/**
 * Raw form field → upper-case ticker, with or without a leading `$`.
 *
 * @throws {ForumError} 400 'Ange en giltig aktie…' for anything else
 */
function parseTicker(raw: { ticker?: string }, title: string): string {
  const value = (raw.ticker ?? "").trim().replace(/^\$/, "").toUpperCase();
  if (!TICKER_SHAPE.test(value)) throw new ForumError(400, wl.badTicker, title);
  return value;
}

async function watchCount(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(watchlistTickers).where(eq(watchlistTickers.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * Watching a ticker as a declared write: `{ ticker }` → {@link WatchState}. Steps: login (401
 * 'Du måste vara inloggad för att bevaka aktier.') → ticker shape (400) → not blocked (403) and
 * the company exists (404 'Aktien hittades inte') → limit `follow` (429) → transaction: the
 * member's profile row is locked (`FOR UPDATE`), so parallel watches of one member run one at a
 * time; an already watched ticker answers its state unchanged; at {@link WATCHLIST_MAX} watched
 * tickers a new one is refused with 409 and the Swedish limit message.
 */
export const watchWrite = defineWrite({
  name: "watch",
  login: { message: wl.loginToWatch, title: wl.watchFailed },
  parse: (raw: { ticker?: string }) => parseTicker(raw, wl.watchFailed),
  policy: async ({ db, actor }: WriteScope, ticker: string) => {
    if (actor.blocked === true) throw new ForumError(403, wl.blocked, wl.watchFailed);
    const company = await getCompany(db as Db, ticker);
    if (!company) throw new ForumError(404, tk.notFound, wl.watchFailed);
    return company.ticker;
  },
  limits: "follow",
  transaction: async (tx, { actor }, _input, ticker): Promise<WatchState> => {
    // One member's watch writes run one at a time: the count below cannot be raced past the limit.
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, actor.id)).for("update");
    const existing = await tx
      .select({ one: sql`1` })
      .from(watchlistTickers)
      .where(and(eq(watchlistTickers.userId, actor.id), eq(watchlistTickers.ticker, ticker)))
      .limit(1);
    if (existing.length === 0) {
      if ((await watchCount(tx, actor.id)) >= WATCHLIST_MAX) {
        throw new ForumError(409, wl.limitReached(WATCHLIST_MAX), wl.watchFailed);
      }
      try {
        await tx.insert(watchlistTickers).values({ userId: actor.id, ticker }).onConflictDoNothing();
      } catch (error) {
        if (pgCode(error) === "23503") throw new ForumError(404, tk.notFound, wl.watchFailed);
        throw error;
      }
    }
    return { ticker, watching: true, count: await watchCount(tx, actor.id) };
  },
});

/**
 * Unwatching a ticker as a declared write: `{ ticker }` → {@link WatchState}; unwatching a ticker
 * not watched is a no-op. A blocked member may unwatch (it only removes their own data). Steps:
 * login (401) → ticker shape (400) → limit `follow` (429; watch and unwatch clicks share it with
 * follows) → delete. A ticker no longer in the company list can still be removed.
 */
export const unwatchWrite = defineWrite({
  name: "unwatch",
  login: { message: wl.loginToWatch, title: wl.unwatchFailed },
  parse: (raw: { ticker?: string }) => parseTicker(raw, wl.unwatchFailed),
  limits: "follow",
  transaction: async (tx, { actor }, ticker): Promise<WatchState> => {
    await tx.delete(watchlistTickers).where(and(eq(watchlistTickers.userId, actor.id), eq(watchlistTickers.ticker, ticker)));
    return { ticker, watching: false, count: await watchCount(tx, actor.id) };
  },
});

/** A watch command's actor: a member id (and whether blocked) is all it needs. */
const asActor = (actorId: string | null, blocked = false) =>
  actorId ? { id: actorId, role: "member" as const, nickname: "", blocked } : null;

/**
 * Starts watching a ticker ({@link watchWrite} without abuse limits, throwing on failure).
 *
 * @param actorId the logged-in member, or null for a visitor
 * @param ticker the ticker, any case, with or without `$`
 * @returns {@link WatchState}
 * @throws {ForumError} 401 visitor, 400 bad ticker, 403 blocked, 404 unknown company, 409 at the limit
 */
export async function watchTicker(db: Db, actorId: string | null, ticker: string, options: { blocked?: boolean } = {}): Promise<WatchState> {
  return unwrap(await runWrite(watchWrite, { db, actor: asActor(actorId, options.blocked) }, { ticker })).value;
}

/**
 * Stops watching a ticker ({@link unwatchWrite} without abuse limits); a no-op when not watched.
 *
 * @returns {@link WatchState}
 * @throws {ForumError} 401 visitor, 400 bad ticker
 */
export async function unwatchTicker(db: Db, actorId: string | null, ticker: string): Promise<WatchState> {
  return unwrap(await runWrite(unwatchWrite, { db, actor: asActor(actorId) }, { ticker })).value;
}

/**
 * Whether `userId` watches `ticker` (ticker page button state).
 *
 * @param ticker the canonical upper-case ticker
 * @returns true when the row exists
 */
export async function isWatching(db: Db, userId: string, ticker: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(watchlistTickers)
    .where(and(eq(watchlistTickers.userId, userId), eq(watchlistTickers.ticker, ticker)))
    .limit(1);
  return rows.length > 0;
}
