/**
 * Sitemaps per the sitemaps.org protocol 0.9: the index
 * `/sitemap.xml` and its child files `/sitemaps/<name>`:
 *
 * | file | what | `lastmod` |
 * |---|---|---|
 * | `threads-<n>.xml` | thread pages, ≤ {@link SITEMAP_MAX_URLS} per file, oldest first (new threads only change the last file) | the thread's last activity: newest of its creation, its last kept edit and its newest comment (`last_comment_at`, kept by a trigger) |
 * | `categories.xml` | category pages | newest of the category's creation and its newest thread |
 * | `tickers.xml` | ticker pages `/forum/aktie/:ticker` that have posts (`post_tickers`) | the newest post naming the ticker |
 * | `members-<n>.xml` | profiles `/forum/profil/:userId` of members with a thread or comment, ≤ {@link SITEMAP_MAX_URLS} per file | — |
 *
 * Only what a visitor sees: deleted threads and comments are deleted rows, and a deleted account
 * deletes its profile; blocked members' posts and profiles stay visible in the app (SPEC §4
 * Block: a blocked member still reads and logs in), so they stay in the sitemaps too.
 *
 * **Streamed from SQL, never built in memory**: a file is a `ReadableStream` whose `pull` reads
 * the next {@link SITEMAP_BATCH} (5,000) rows by keyset (threads: `(created_at, id) > last ORDER BY
 * created_at, id LIMIT …` on the covering `threads_sitemap_idx`; members: `id > last` on the
 * primary key; a file's first key is found with an index-only `OFFSET` on the same index) and
 * enqueues their XML, so memory stays at one batch whatever the file size, on PGlite and
 * `pg` alike (plain queries through Drizzle, no connection held between batches). Every `<loc>`
 * is absolute on `PUBLIC_URL` and XML-escaped; `lastmod` is a W3C datetime in UTC, formatted by
 * SQL. Caching: `Cache-Control: public, max-age=…` ({@link SITEMAP_MAX_AGE_S}), see
 * docs/decisions/034-sitemaps-robots.md.
 *
 * @module
 */
import { sql, type SQL } from "drizzle-orm";
import { categoryPath, profilePath, threadPath, tickerPath } from "../../domain/paths";
import type { Db } from "../db/client";

/** Most URLs in one sitemap file (sitemaps.org protocol). */
export const SITEMAP_MAX_URLS = 50_000;
/** Rows read per query while streaming a file. */
export const SITEMAP_BATCH = 5_000;
/** How long crawlers and proxies may reuse a sitemap (seconds). */
export const SITEMAP_MAX_AGE_S = 3_600;
/** The sitemaps.org namespace of `<urlset>` and `<sitemapindex>`. */
export const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
/** Response headers of every sitemap. */
export const SITEMAP_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": `public, max-age=${SITEMAP_MAX_AGE_S}`,
} as const;

/** The kinds of child sitemap; `threads` and `members` are paged (`-<n>.xml`). */
export type SitemapKind = "threads" | "categories" | "tickers" | "members";
/** One child sitemap file: its kind and, for paged kinds, its 1-based page. */
export interface SitemapFile {
  kind: SitemapKind;
  /** 1-based page of a paged kind; 1 for the others. */
  page: number;
}

const PAGED: ReadonlySet<SitemapKind> = new Set(["threads", "members"]);

/**
 * The file name of a child sitemap, e.g. `threads-2.xml`, `categories.xml`.
 *
 * @param file kind and page
 * @returns the name under `/sitemaps/`
 */
export function sitemapName(file: SitemapFile): string {
  return PAGED.has(file.kind) ? `${file.kind}-${file.page}.xml` : `${file.kind}.xml`;
}

/**
 * Reads a child sitemap's file name.
 *
 * @param name the `:name` of `/sitemaps/:name`, e.g. `threads-3.xml`
 * @returns the file, or null for any other name (the route answers 404)
 */
export function parseSitemapName(name: string): SitemapFile | null {
  const paged = /^(threads|members)-([1-9][0-9]{0,6})\.xml$/.exec(name);
  if (paged) return { kind: paged[1] as SitemapKind, page: Number(paged[2]) };
  const single = /^(categories|tickers)\.xml$/.exec(name);
  return single ? { kind: single[1] as SitemapKind, page: 1 } : null;
}

/**
 * Escapes text for XML character data and attribute values (`& < > " '`).
 *
 * @param text any text
 * @returns the escaped text
 */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}
const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** One `<url>`: an app path and an optional W3C datetime. */
interface Entry {
  path: string;
  lastmod: string | null;
}
/** A keyset page of rows: entries and the key to continue after. */
interface Batch {
  entries: Entry[];
  lastKey: string | null;
}

const W3C = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;
const w3c = (expr: SQL) => sql`to_char((${expr}) AT TIME ZONE 'UTC', ${sql.raw(W3C)})`;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The member filter: a profile with at least one thread or comment (the counters of 0001/0004). */
const HAS_POSTS = sql`(p.threads_count > 0 OR p.comments_count > 0)`;

/**
 * A thread's keyset key as text: its creation time in whole microseconds since 1970 (exact:
 * numeric arithmetic) and its id, e.g. `1764000000123456|<uuid>`.
 */
const THREAD_KEY = sql`(extract(epoch FROM t.created_at) * 1000000)::int8::text || '|' || t.id::text`;
/** `(created_at, id) > key` for a {@link THREAD_KEY}; the time is rebuilt exactly from seconds and microseconds. */
const afterThread = (key: string) => {
  const [us, id] = key.split("|");
  const micros = BigInt(us!);
  const secs = Number(micros / 1_000_000n);
  const rest = Number(micros % 1_000_000n);
  return sql`(t.created_at, t.id) > (timestamptz 'epoch' + ${secs}::int8 * interval '1 second' + ${rest}::int8 * interval '1 microsecond', ${id}::uuid)`;
};
/** Seconds since 1970 (a float from `date_part`) as a W3C datetime in UTC, e.g. `2026-11-26T01:02:03Z`. */
const w3cFromEpoch = (seconds: number) => `${new Date(Math.floor(seconds) * 1000).toISOString().slice(0, 19)}Z`;

/**
 * Reads up to `limit` entries of a paged kind after `after` (null = from the start). Threads go in
 * (created_at, id) order on the covering `threads_sitemap_idx` (migration 0023), so older files
 * stay the same as threads are added; members in id order on the primary key. The thread's last
 * activity leaves SQL as epoch seconds (`date_part`, a float on both drivers) and is formatted
 * here: `to_char` per row cost about 6 times the whole index scan.
 */
async function pagedBatch(db: Db, kind: SitemapKind, after: string | null, limit: number): Promise<Batch> {
  if (kind === "threads") {
    const r = await rows<{ id: string; category_id: string; title: string; key: string; active: number }>(
      db,
      sql`SELECT t.id, t.category_id, t.title, ${THREAD_KEY} AS key,
            date_part('epoch', greatest(t.created_at, t.edited_at, t.last_comment_at)) AS active
          FROM threads t
          ${after === null ? sql`` : sql`WHERE ${afterThread(after)}`}
          ORDER BY t.created_at, t.id LIMIT ${limit}`,
    );
    return {
      entries: r.map((x) => ({ path: threadPath(x.category_id, x.id, x.title), lastmod: w3cFromEpoch(Number(x.active)) })),
      lastKey: r.at(-1)?.key ?? null,
    };
  }
  const r = await rows<{ id: string }>(
    db,
    sql`SELECT p.id FROM profiles p WHERE ${HAS_POSTS} ${after === null ? sql`` : sql`AND p.id > ${after}`}
        ORDER BY p.id LIMIT ${limit}`,
  );
  return { entries: r.map((x) => ({ path: profilePath(x.id), lastmod: null })), lastKey: r.at(-1)?.id ?? null };
}

/** The key just before page `page` of a paged kind: null for page 1, undefined past the end. */
async function pageStart(db: Db, kind: SitemapKind, page: number, perFile: number): Promise<string | null | undefined> {
  if (page === 1) return null;
  const skip = (page - 1) * perFile - 1;
  const r =
    kind === "threads"
      ? await rows<{ key: string }>(db, sql`SELECT ${THREAD_KEY} AS key FROM threads t ORDER BY t.created_at, t.id OFFSET ${skip} LIMIT 1`)
      : await rows<{ key: string }>(db, sql`SELECT p.id AS key FROM profiles p WHERE ${HAS_POSTS} ORDER BY p.id OFFSET ${skip} LIMIT 1`);
  return r[0]?.key;
}

/** The whole (small) list of a single-file kind, at most {@link SITEMAP_MAX_URLS}. */
async function singleEntries(db: Db, kind: SitemapKind): Promise<Entry[]> {
  if (kind === "categories") {
    const r = await rows<{ id: string; lastmod: string }>(
      db,
      sql`SELECT c.id, ${w3c(sql`greatest(c.created_at, (SELECT max(t.created_at) FROM threads t WHERE t.category_id = c.id))`)} AS lastmod
          FROM categories c ORDER BY c.created_at, c.id LIMIT ${SITEMAP_MAX_URLS}`,
    );
    return r.map((x) => ({ path: categoryPath(x.id), lastmod: x.lastmod }));
  }
  const r = await rows<{ ticker: string; lastmod: string }>(
    db,
    sql`SELECT pt.ticker, ${w3c(sql`max(pt.created_at)`)} AS lastmod
        FROM post_tickers pt GROUP BY pt.ticker ORDER BY pt.ticker LIMIT ${SITEMAP_MAX_URLS}`,
  );
  return r.map((x) => ({ path: tickerPath(x.ticker), lastmod: x.lastmod }));
}

function urlXml(publicUrl: string, entry: Entry): string {
  const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : "";
  return `<url><loc>${xmlEscape(publicUrl + entry.path)}</loc>${lastmod}</url>\n`;
}

const XML_HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n`;

/**
 * A child sitemap as a stream of UTF-8 XML, or null when the file does not exist (an unknown page
 * or an empty kind: the protocol's `<urlset>` needs at least one `<url>`).
 *
 * @param db the database
 * @param publicUrl origin without trailing slash (`config.publicUrl`)
 * @param file which file
 * @param perFile URLs per paged file (default {@link SITEMAP_MAX_URLS}; tests pass a small number)
 * @returns the stream (the first batch is already read, so a database failure before the first
 *   byte rejects and the route answers 503/500; a later one errors the stream), or null
 */
export async function sitemapStream(
  db: Db,
  publicUrl: string,
  file: SitemapFile,
  perFile: number = SITEMAP_MAX_URLS,
): Promise<ReadableStream<Uint8Array> | null> {
  const encoder = new TextEncoder();
  const head = `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n`;
  const tail = "</urlset>\n";
  if (!PAGED.has(file.kind)) {
    const entries = await singleEntries(db, file.kind);
    if (entries.length === 0) return null;
    let i = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (i === 0) controller.enqueue(encoder.encode(head));
        const chunk = entries.slice(i, i + SITEMAP_BATCH);
        i += chunk.length;
        controller.enqueue(encoder.encode(chunk.map((e) => urlXml(publicUrl, e)).join("")));
        if (i >= entries.length) {
          controller.enqueue(encoder.encode(tail));
          controller.close();
        }
      },
    });
  }
  const start = await pageStart(db, file.kind, file.page, perFile);
  if (start === undefined) return null;
  let batch = await pagedBatch(db, file.kind, start, Math.min(SITEMAP_BATCH, perFile));
  if (batch.entries.length === 0) return null;
  let written = 0;
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!first) {
          const want = Math.min(SITEMAP_BATCH, perFile - written);
          batch = want > 0 && batch.lastKey !== null ? await pagedBatch(db, file.kind, batch.lastKey, want) : { entries: [], lastKey: null };
        }
        const text = (first ? head : "") + batch.entries.map((e) => urlXml(publicUrl, e)).join("");
        first = false;
        written += batch.entries.length;
        const done = batch.entries.length < SITEMAP_BATCH || written >= perFile;
        controller.enqueue(encoder.encode(done ? text + tail : text));
        if (done) controller.close();
      } catch (error) {
        console.error("[sitemap] stream failed:", error);
        controller.error(error);
      }
    },
  });
}

/**
 * The child sitemaps that exist now, in index order: `threads-1…n`, `categories`, `tickers`,
 * `members-1…m` (a kind with no URL is left out).
 *
 * @param db the database
 * @param perFile URLs per paged file (default {@link SITEMAP_MAX_URLS})
 * @returns the files (three counting queries: threads, members with posts, and whether
 *   categories and ticker mentions exist)
 */
export async function sitemapFiles(db: Db, perFile: number = SITEMAP_MAX_URLS): Promise<SitemapFile[]> {
  const [counts] = await rows<{ threads: number; members: number; categories: boolean; tickers: boolean }>(
    db,
    sql`SELECT (SELECT count(*) FROM threads)::int AS threads,
               (SELECT count(*) FROM profiles p WHERE ${HAS_POSTS})::int AS members,
               EXISTS (SELECT 1 FROM categories) AS categories,
               EXISTS (SELECT 1 FROM post_tickers) AS tickers`,
  );
  const pages = (n: number, kind: SitemapKind) =>
    Array.from({ length: Math.ceil(n / perFile) }, (_, i): SitemapFile => ({ kind, page: i + 1 }));
  return [
    ...pages(counts!.threads, "threads"),
    ...(counts!.categories ? [{ kind: "categories" as const, page: 1 }] : []),
    ...(counts!.tickers ? [{ kind: "tickers" as const, page: 1 }] : []),
    ...pages(counts!.members, "members"),
  ];
}

/**
 * The sitemap index `/sitemap.xml` (a `<sitemapindex>` of absolute `/sitemaps/<name>` URLs).
 *
 * @param publicUrl origin without trailing slash (`config.publicUrl`)
 * @param files from {@link sitemapFiles}
 * @returns the XML text (small: one line per file)
 */
export function sitemapIndexXml(publicUrl: string, files: SitemapFile[]): string {
  const items = files.map((f) => `<sitemap><loc>${xmlEscape(`${publicUrl}/sitemaps/${sitemapName(f)}`)}</loc></sitemap>\n`);
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${items.join("")}</sitemapindex>\n`;
}

/**
 * The 404 of a sitemap that does not exist, or of every sitemap with `SEARCH_ENGINES=off`.
 *
 * @param text the Swedish message (`errors.notFound`, 'Hoppsan! Sidan hittades inte')
 * @returns a 404 plain-text response, not cached
 */
export function sitemapNotFound(text: string): Response {
  return new Response(text, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
