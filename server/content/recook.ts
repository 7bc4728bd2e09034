/**
 * Re-cooking: every thread body, comment body and profile bio cooked again into `body_html` /
 * `bio_html`, and `post_tickers` rebuilt from the result (`forum recook`:
 * existing posts are re-cooked). Needed once after the migration that added the `*_html` columns
 * (existing rows have `body_html = ''`), and again whenever the cooking rules or the company list
 * change.
 *
 * Idempotent: a row is written only when its cooked HTML differs from the stored one, and a post's
 * `post_tickers` rows only when its set of tickers differs, so a second run writes nothing. Rows
 * are read in id order in batches, each batch written in one transaction, so the server may keep
 * running (on PostgreSQL) while it works; a post edited meanwhile is cooked by its write path.
 *
 * @module
 */
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { comments, postTickers, profiles, threads } from "../db/schema";
import { cook, plainTextTickers } from "./cook";
import { indexTickers, loadTickerSet } from "./storage";
import type { TargetType } from "../../domain/values";

/** Options of {@link recookAll}. */
export interface RecookOptions {
  /** Rows read and written per transaction (default 200). */
  batchSize?: number;
  /** Called after each batch with the running totals. */
  onProgress?: (progress: RecookResult) => void;
}

/** What {@link recookAll} did. */
export interface RecookResult {
  /** Threads cooked. */
  threads: number;
  /** Comments cooked. */
  comments: number;
  /** Profiles whose bio was cooked (all profiles; a missing bio gives `bio_html` null). */
  bios: number;
  /** Rows whose stored HTML changed. */
  htmlChanged: number;
  /** Posts whose `post_tickers` rows were replaced. */
  tickersChanged: number;
  /** `post_tickers` rows removed because their comment no longer exists. */
  orphansRemoved: number;
}

/** Default {@link RecookOptions.batchSize}. */
export const DEFAULT_RECOOK_BATCH = 200;

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((x) => set.has(x));
}

/** The current ticker rows of a batch of posts, by target id. */
async function currentTickers(db: Db, targetType: TargetType, ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ targetId: postTickers.targetId, ticker: postTickers.ticker })
    .from(postTickers)
    .where(and(eq(postTickers.targetType, targetType), inArray(postTickers.targetId, ids)));
  for (const r of rows) out.set(r.targetId, [...(out.get(r.targetId) ?? []), r.ticker]);
  return out;
}

/**
 * Re-cooks every thread, comment and bio and rebuilds `post_tickers`.
 *
 * @param db database handle (not a transaction: each batch opens its own)
 * @param options {@link RecookOptions}
 * @returns {@link RecookResult}
 * @throws when the database fails; batches already written stay written (running again is safe)
 */
export async function recookAll(db: Db, options: RecookOptions = {}): Promise<RecookResult> {
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_RECOOK_BATCH));
  const known = await loadTickerSet(db, { maxAgeMs: 0 });
  const isKnownTicker = (t: string) => known.has(t);
  // Only existing members' mentions are links (as cookWithMembers does for new posts).
  const members = new Set((await db.select({ n: sql<string>`lower(${profiles.nickname})` }).from(profiles)).map((r) => r.n));
  const isKnownNickname = (n: string) => members.has(n);
  const result: RecookResult = { threads: 0, comments: 0, bios: 0, htmlChanged: 0, tickersChanged: 0, orphansRemoved: 0 };

  // Threads.
  for (let after: string | null = null; ; ) {
    const batch = await db
      .select({ id: threads.id, title: threads.title, body: threads.body, bodyHtml: threads.bodyHtml, createdAt: threads.createdAt })
      .from(threads)
      .where(after ? gt(threads.id, after) : undefined)
      .orderBy(asc(threads.id))
      .limit(batchSize);
    if (batch.length === 0) break;
    const existing = await currentTickers(db, "thread", batch.map((r) => r.id));
    await db.transaction(async (tx) => {
      for (const row of batch) {
        const body = cook(row.body, { isKnownTicker, isKnownNickname });
        // The title's cashtags count too, as in cookThreadForStorage.
        const cooked = { ...body, tickers: [...new Set([...plainTextTickers(row.title, { isKnownTicker }), ...body.tickers])] };
        if (cooked.html !== row.bodyHtml) {
          await tx.update(threads).set({ bodyHtml: cooked.html }).where(eq(threads.id, row.id));
          result.htmlChanged += 1;
        }
        if (!sameSet(cooked.tickers, existing.get(row.id) ?? [])) {
          await indexTickers(tx, {
            targetType: "thread",
            targetId: row.id,
            threadId: row.id,
            tickers: cooked.tickers,
            createdAt: row.createdAt,
          });
          result.tickersChanged += 1;
        }
      }
    });
    result.threads += batch.length;
    after = batch[batch.length - 1]!.id;
    options.onProgress?.({ ...result });
  }

  // Comments and replies.
  for (let after: string | null = null; ; ) {
    const batch = await db
      .select({
        id: comments.id,
        threadId: comments.threadId,
        body: comments.body,
        bodyHtml: comments.bodyHtml,
        createdAt: comments.createdAt,
      })
      .from(comments)
      .where(after ? gt(comments.id, after) : undefined)
      .orderBy(asc(comments.id))
      .limit(batchSize);
    if (batch.length === 0) break;
    const existing = await currentTickers(db, "comment", batch.map((r) => r.id));
    await db.transaction(async (tx) => {
      for (const row of batch) {
        const cooked = cook(row.body, { isKnownTicker, isKnownNickname });
        if (cooked.html !== row.bodyHtml) {
          await tx.update(comments).set({ bodyHtml: cooked.html }).where(eq(comments.id, row.id));
          result.htmlChanged += 1;
        }
        if (!sameSet(cooked.tickers, existing.get(row.id) ?? [])) {
          await indexTickers(tx, {
            targetType: "comment",
            targetId: row.id,
            threadId: row.threadId,
            tickers: cooked.tickers,
            createdAt: row.createdAt,
          });
          result.tickersChanged += 1;
        }
      }
    });
    result.comments += batch.length;
    after = batch[batch.length - 1]!.id;
    options.onProgress?.({ ...result });
  }

  // Bios.
  for (let after: string | null = null; ; ) {
    const batch = await db
      .select({ id: profiles.id, bio: profiles.bio, bioHtml: profiles.bioHtml })
      .from(profiles)
      .where(after ? gt(profiles.id, after) : undefined)
      .orderBy(asc(profiles.id))
      .limit(batchSize);
    if (batch.length === 0) break;
    await db.transaction(async (tx) => {
      for (const row of batch) {
        const html = row.bio && row.bio.trim() ? cook(row.bio, { isKnownTicker, isKnownNickname }).html : null;
        if (html !== row.bioHtml) {
          await tx.update(profiles).set({ bioHtml: html }).where(eq(profiles.id, row.id));
          result.htmlChanged += 1;
        }
      }
    });
    result.bios += batch.length;
    after = batch[batch.length - 1]!.id;
    options.onProgress?.({ ...result });
  }

  // Comment rows whose comment is gone (threads cascade through the foreign key; comments do not).
  const removed = await db
    .delete(postTickers)
    .where(
      and(
        eq(postTickers.targetType, "comment"),
        sql`NOT EXISTS (SELECT 1 FROM ${comments} WHERE ${comments.id} = ${postTickers.targetId})`,
      ),
    )
    .returning({ ticker: postTickers.ticker });
  result.orphansRemoved = removed.length;
  return result;
}

/**
 * Re-cooks everything once when any thread or comment has no cooked HTML yet (rows written
 * before Markdown existed); a no-op otherwise. Called at start-up, so `forum recook` is only
 * needed after a change to the cooking rules.
 *
 * @returns the recook result, or null when nothing needed it
 */
export async function recookIfNeeded(db: Db): Promise<RecookResult | null> {
  const [thread] = await db.select({ id: threads.id }).from(threads).where(eq(threads.bodyHtml, "")).limit(1);
  const [comment] = thread
    ? [undefined]
    : await db.select({ id: comments.id }).from(comments).where(eq(comments.bodyHtml, "")).limit(1);
  return thread || comment ? recookAll(db) : null;
}

/**
 * One-time backfill of title cashtags (docs/decisions/022-ticker-page.md): threads
 * written before titles were indexed get `post_tickers` rows for the tickers their title names.
 * Insert-only (a body's rows are left as they are) and idempotent; reads only threads whose title
 * contains `$`. Start-up runs it when the company list was (re)loaded, i.e. on the first start
 * after this change and whenever the list changes; `forum recook` covers it too.
 *
 * @param db database handle (not a transaction)
 * @returns how many index rows were added
 */
export async function backfillTitleTickers(db: Db): Promise<number> {
  const known = await loadTickerSet(db, { maxAgeMs: 0 });
  const isKnownTicker = (t: string) => known.has(t);
  let added = 0;
  for (let after: string | null = null; ; ) {
    const batch = await db
      .select({ id: threads.id, title: threads.title, authorId: threads.authorId, createdAt: threads.createdAt })
      .from(threads)
      .where(and(sql`strpos(${threads.title}, '$') > 0`, after ? gt(threads.id, after) : undefined))
      .orderBy(asc(threads.id))
      .limit(DEFAULT_RECOOK_BATCH);
    if (batch.length === 0) break;
    const values = batch.flatMap((row) =>
      plainTextTickers(row.title, { isKnownTicker }).map((ticker) => ({
        ticker,
        targetType: "thread" as const,
        targetId: row.id,
        threadId: row.id,
        authorId: row.authorId,
        createdAt: row.createdAt,
      })),
    );
    if (values.length > 0) {
      const rows = await db.insert(postTickers).values(values).onConflictDoNothing().returning({ ticker: postTickers.ticker });
      added += rows.length;
    }
    after = batch[batch.length - 1]!.id;
  }
  return added;
}
