/**
 * Database side of cooking (`server/content/cook.ts`): the known-ticker vocabulary read from
 * `companies`, the `post_tickers` index of a thread or comment, and {@link cookForStorage}, which
 * write paths call before storing `body_html` / `bio_html`.
 *
 * How a write path uses it (inside or before its transaction):
 *
 * ```ts
 * const cooked = await cookForStorage(db, body);             // before db.transaction(...)
 * const [row] = await tx.insert(threads).values({ ..., body, bodyHtml: cooked.html }).returning(...);
 * await indexTickers(tx, { targetType: "thread", targetId: row.id, threadId: row.id, tickers: cooked.tickers });
 * ```
 *
 * @module
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { comments, companies, postTickers, profiles, threads } from "../db/schema";
import { cook, plainTextTickers, type CookOptions, type Cooked } from "./cook";
import type { AuthorSentiment, Position, TargetType } from "../../domain/values";

/** How long a loaded ticker set is reused, in milliseconds (companies change at start-up only). */
export const TICKER_SET_TTL_MS = 60_000;

/** A database handle or a transaction. */
export type DbOrTx = Db | Tx;

const tickerCache = new WeakMap<object, { loadedAt: number; tickers: Promise<Set<string>> }>();

/**
 * The set of known tickers (`companies.ticker`, upper case). Cached per handle for
 * {@link TICKER_SET_TTL_MS}: pass the long-lived `db` (a transaction handle is a new object each
 * time, so it is never served from the cache).
 *
 * @param db database handle
 * @param options `maxAgeMs`: how old a cached set may be (0 reads afresh); default
 *   {@link TICKER_SET_TTL_MS}
 * @returns the known tickers
 */
export async function loadTickerSet(db: DbOrTx, options: { maxAgeMs?: number } = {}): Promise<Set<string>> {
  const maxAge = options.maxAgeMs ?? TICKER_SET_TTL_MS;
  const now = Date.now();
  const cached = tickerCache.get(db);
  if (cached && maxAge > 0 && now - cached.loadedAt < maxAge) return cached.tickers;
  const tickers = db
    .select({ ticker: companies.ticker })
    .from(companies)
    .then((rows) => new Set(rows.map((r) => r.ticker.toUpperCase())));
  tickerCache.set(db, { loadedAt: now, tickers });
  // A failed read must not stay cached.
  tickers.catch(() => {
    if (tickerCache.get(db)?.tickers === tickers) tickerCache.delete(db);
  });
  return tickers;
}

/**
 * Forgets the cached ticker set of a handle (after the companies table changed).
 *
 * @param db the handle whose cache to drop
 */
export function forgetTickerSet(db: DbOrTx): void {
  tickerCache.delete(db);
}

/**
 * Cooks a body or bio with the known tickers of the database ({@link loadTickerSet}, cached).
 *
 * @param db database handle (prefer the long-lived `db` over a transaction, for the cache)
 * @param source Markdown as typed
 * @returns {@link Cooked}: `html` to store in `body_html` / `bio_html`, `mentions`, `tickers`
 *   (known, for {@link indexTickers})
 */
export async function cookForStorage(db: DbOrTx, source: string): Promise<Cooked> {
  const known = await loadTickerSet(db);
  return cookWithMembers(db, source, { isKnownTicker: (t) => known.has(t) });
}

/**
 * The lower-cased nicknames among `nicknames` that belong to a member (only existing
 * members become mention links).
 *
 * @param nicknames nicknames as typed (at most the first 100 are checked; the rest count as
 *   unknown)
 * @returns lower-cased nicknames of existing members
 */
export async function existingNicknames(db: DbOrTx, nicknames: readonly string[]): Promise<Set<string>> {
  const lowered = [...new Set(nicknames.map((n) => n.toLowerCase()))].slice(0, 100);
  if (lowered.length === 0) return new Set();
  const rows = await db
    .select({ nickname: sql<string>`lower(${profiles.nickname})` })
    .from(profiles)
    .where(
      sql`lower(${profiles.nickname}) IN (${sql.join(
        lowered.map((n) => sql`${n}`),
        sql`, `,
      )})`,
    );
  return new Set(rows.map((r) => r.nickname));
}

/**
 * Cooks with the members of the database: mentions of nicknames nobody has stay plain text. One
 * cook and, when the text mentions anyone, one query; a second cook only when a mentioned nickname
 * does not exist.
 *
 * @param options cook options (the known tickers)
 * @returns {@link Cooked} whose `mentions` are existing members only
 */
export async function cookWithMembers(db: DbOrTx, source: string, options: CookOptions): Promise<Cooked> {
  const first = cook(source, options);
  if (first.mentions.length === 0) return first;
  const existing = await existingNicknames(db, first.mentions);
  if (first.mentions.every((m) => existing.has(m.toLowerCase()))) return first;
  return cook(source, { ...options, isKnownNickname: (n) => existing.has(n) });
}

/**
 * Cooks a thread's body and adds the tickers its title names: titles are plain text,
 * so their cashtags come from {@link plainTextTickers} (the same rule as the body's).
 *
 * @param db database handle (prefer the long-lived `db`, for the ticker cache)
 * @param title the thread title as typed
 * @param body the thread body (Markdown) as typed
 * @returns {@link Cooked} of the body, with `tickers` = the title's tickers, then the body's
 *   (unique, upper case) for {@link indexTickers}
 */
export async function cookThreadForStorage(db: DbOrTx, title: string, body: string): Promise<Cooked> {
  const known = await loadTickerSet(db);
  const isKnownTicker = (t: string) => known.has(t);
  const cooked = await cookWithMembers(db, body, { isKnownTicker });
  return { ...cooked, tickers: [...new Set([...plainTextTickers(title, { isKnownTicker }), ...cooked.tickers])] };
}

/** What {@link indexTickers} indexes. */
export interface TickerIndexEntry {
  /** `thread` or `comment`. */
  targetType: TargetType;
  /** The thread's or comment's id. */
  targetId: string;
  /** The thread the post belongs to (its own id for a thread). */
  threadId: string;
  /** Known tickers of the post (`Cooked.tickers`); unknown ones are skipped. */
  tickers: readonly string[];
  /** When the post was written (kept on re-index so the ticker page's order holds); default now. */
  createdAt?: Date;
  /**
   * The author's 'Din syn' / 'Innehav' per ticker, keyed by upper-case ticker. Given:
   * replaces what the post had (a ticker missing from the map gets neither). Omitted (re-cooks,
   * re-index without the composer): each remaining ticker keeps what it had.
   */
  stances?: Readonly<Record<string, TickerStance>>;
}

/** The author's stated sentiment and position for one ticker of one post; null = none / not stated. */
export interface TickerStance {
  sentiment: AuthorSentiment | null;
  position: Position | null;
}

/**
 * Replaces the `post_tickers` rows of one thread or comment with its current tickers. Tickers not
 * (or no longer) in `companies` are skipped rather than failing the write.
 *
 * @param tx database or transaction handle (use the write's transaction)
 * @param entry {@link TickerIndexEntry}
 * @returns how many rows the post now has
 */
export async function indexTickers(tx: DbOrTx, entry: TickerIndexEntry): Promise<number> {
  const previous = await tx
    .delete(postTickers)
    .where(and(eq(postTickers.targetType, entry.targetType), eq(postTickers.targetId, entry.targetId)))
    .returning({ ticker: postTickers.ticker, sentiment: postTickers.sentiment, position: postTickers.position });
  const wanted = [...new Set(entry.tickers.map((t) => t.toUpperCase()))];
  if (wanted.length === 0) return 0;
  const known = await tx
    .select({ ticker: companies.ticker })
    .from(companies)
    .where(inArray(companies.ticker, wanted));
  if (known.length === 0) return 0;
  const createdAt = entry.createdAt ?? new Date();
  const kept = new Map(previous.map((p) => [p.ticker, p]));
  const stanceOf = (ticker: string) => (entry.stances ? entry.stances[ticker] : kept.get(ticker)) ?? null;
  // The author comes from the post itself (same transaction), so every caller indexes it alike.
  const authorId =
    entry.targetType === "thread"
      ? sql`(SELECT ${threads.authorId} FROM ${threads} WHERE ${threads.id} = ${entry.targetId})`
      : sql`(SELECT ${comments.authorId} FROM ${comments} WHERE ${comments.id} = ${entry.targetId})`;
  const rows = await tx
    .insert(postTickers)
    .values(
      known.map(({ ticker }) => ({
        ticker,
        targetType: entry.targetType,
        targetId: entry.targetId,
        threadId: entry.threadId,
        authorId,
        sentiment: stanceOf(ticker)?.sentiment ?? null,
        position: stanceOf(ticker)?.position ?? null,
        createdAt,
      })),
    )
    .onConflictDoNothing()
    .returning({ ticker: postTickers.ticker });
  return rows.length;
}

/**
 * Cooks a profile bio for `profiles.bio_html` (bios are not indexed in `post_tickers`).
 *
 * @param db database handle (for the known tickers)
 * @param bio the bio as typed, or null
 * @returns the sanitised HTML, or `null` when the bio is null or blank
 */
export async function cookBio(db: DbOrTx, bio: string | null | undefined): Promise<string | null> {
  if (bio == null || bio.trim().length === 0) return null;
  return (await cookForStorage(db, bio)).html;
}
