/**
 * `npm run bench:data`: the deterministic dataset generator of the load benchmark
 * (docs/decisions/015-bench-dataset.md).
 *
 * Fills `DATABASE_URL` (PostgreSQL), or the embedded PGlite in `DATA_DIR/pglite` when it is unset,
 * with a realistic forum at `--scale 1` (default):
 *
 * | what | rows at scale 1 |
 * |---|---|
 * | members (`user` + `profiles`) | 50 000 |
 * | categories | the 10 defaults (`ensureDefaultCategories`) |
 * | threads | 100 000 (15 % in the last 7 days, the rest over two years) |
 * | comments | 1 000 000, a third of them replies (one level, SPEC §2 Thread page) |
 * | reactions | about 2 000 000 (25 % on threads, never on one's own content) |
 * | follows | about 200 000 |
 * | notifications | about 500 000 (`new_thread`, as `createThread` writes them) |
 * | watchlist | `bench_member_2` follows members u1, u3 … u501 and watches the 200 most mentioned tickers |
 * | read points | `bench_member_2` has read 5 000 threads (a third of them part of the way) and both special threads halfway; their previous visit was a day ago |
 * | private messages ('Inkorg') | 10 000 conversations (one in ten a group of 3–10), 1 000 000 messages; `bench_member_2` is in exactly 500 of them, one of exactly 5 000 messages ({@link SPECIAL_CONVERSATIONS}) |
 *
 * Activity follows power laws (a few members write, react and are followed most; a few threads
 * get most comments and reactions; the most reacted threads and comments are scattered over the
 * row numbers, so the special threads get ordinary reaction counts). Text is built from the real Swedish sentences and the Nasdaq
 * Stockholm tickers in `../shared/data`; about 30 % of threads and 10 % of comments name a
 * `$TICKER`. Thread 1 (`md5('t1')`) has exactly 100 comments and thread 2 (`md5('t2')`) exactly
 * 1 000, both two days old in the first default category ({@link SPECIAL_THREADS}).
 *
 * Members `bench_member_1` … `bench_member_10` (e-mail `bench_member_N@exempel.se`) can sign in
 * with {@link BENCH_PASSWORD} (hashed once with better-auth's own hasher).
 *
 * Every random choice is a hash of the row number (`hashint8extended`), so the same scale gives
 * the same rows; only the timestamps move with the moment of loading (they are relative to
 * `now()`, so the "busy last week" is always the last week).
 *
 * Loading is bulk `INSERT … SELECT generate_series` in one transaction with triggers off
 * (`SET LOCAL session_replication_role = replica`); the values the triggers of
 * `server/db/migrations/*.sql` keep are then written directly: thread, comment, category and
 * profile counters (0001, 0004), the threads' `last_comment_at` (0023), `last_activity_at` and `edge_level` (0005), `thread_trending`
 * rows (0006, through `forum_refresh_trending()`), `post_tickers` rows (0003). `body_html` is
 * composed from sentences cooked one by one with `server/content/cook.ts`; a sample of rows is
 * cooked again at the end and compared (printed as "body_html check").
 *
 * ```sh
 * DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_full npm run bench:data
 * npm run bench:data -- --scale 0.01              # PGlite in DATA_DIR (./data by default)
 * ```
 *
 * The database must not hold threads yet (a fresh one, or one with only the default categories).
 *
 * @module
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { readCompanyList, ensureCompanies } from "../server/tickers/companies";
import { cook } from "../server/content/cook";
import { openDatabase, type Database, type Db } from "../server/db/client";
import { ensureDefaultCategories } from "../server/forum/default-categories";
import { REACTION_TYPES, sqlArray } from "../domain/values";
import { sameTextKey } from "../domain/messages";

/** Password of the members `bench_member_1` … `bench_member_10`. */
export const BENCH_PASSWORD = "Bench-Passw0rd-2026";

/** How many members get {@link BENCH_PASSWORD}. */
export const BENCH_MEMBERS_WITH_PASSWORD = 10;

/** E-mail address of bench member `n` (1-based). */
export function benchEmail(n: number): string {
  return `bench_member_${n}@exempel.se`;
}

/** Members bench_member_2 follows ('Bevakat' tab performance: 500 follows). */
export const BENCH_WATCHER_FOLLOWS = 500;
/** Tickers bench_member_2 watches (watchlist performance: the 200-ticker limit). */
export const BENCH_WATCHER_TICKERS = 200;
/**
 * Threads bench_member_2 has read ('Olästa' performance): among the threads active in the last
 * 90 days, newest activity first; most read to the end, some part of the way.
 */
export const BENCH_READER_THREADS = 5000;

/** Conversations `bench_member_2` is in at scale 1 ('Inkorg' performance: the inbox's size). */
export const BENCH_INBOX_CONVERSATIONS = 500;

/**
 * Two of `bench_member_2`'s one-to-one conversations (ids are `md5('cv' || index)::uuid`): `long`
 * has exactly `messages` messages at scale 1 (the conversation page's case), `send` is the one
 * bench/run.ts's `send` case writes in (so the long one keeps its size).
 */
export const SPECIAL_CONVERSATIONS = { long: { index: 1, messages: 5000 }, send: { index: 2 } } as const;

/** The two threads with a fixed number of comments (ids are `md5('t' || index)::uuid`). */
export const SPECIAL_THREADS = { hundred: { index: 1, comments: 100 }, thousand: { index: 2, comments: 1000 } } as const;

/** Rows per table at scale 1. */
export const FULL_SIZE = {
  members: 50_000,
  threads: 100_000,
  comments: 1_000_000,
  reactions: 2_000_000,
  follows: 200_000,
  notifications: 500_000,
  conversations: 10_000,
  messages: 1_000_000,
} as const;

/** Options of {@link generateDataset}. */
export interface GenerateOptions {
  /** Multiplies every row count of {@link FULL_SIZE} (default 1); small minimums keep the special threads possible. */
  scale?: number;
  /** Progress lines (default `console.log`). */
  log?: (line: string) => void;
}

/** What {@link generateDataset} made: rows per table and seconds per step. */
export interface GenerateResult {
  counts: Record<string, number>;
  steps: Array<{ step: string; seconds: number }>;
  totalSeconds: number;
  /** Sampled rows whose stored `body_html` equals `cook(body).html`, and how many were sampled. */
  htmlCheck: { matching: number; sampled: number };
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A number written into the SQL text (typed by PostgreSQL as a literal, not an untyped parameter). */
const n = (value: number) => {
  if (!Number.isFinite(value)) throw new Error(`not a number: ${value}`);
  return sql.raw(String(value));
};

/** Greatest common divisor. */
function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * SQL for `1 + (rank · p + offset) mod size`: a power-law rank (0 = most popular) spread over
 * row numbers 1..size by a fixed permutation, so the most popular rows are scattered rather than
 * the first ones (which include the two special threads and their comments).
 */
function spread(size: number, rank: ReturnType<typeof sql>) {
  let p = 7919;
  while (gcd(p, size) !== 1) p += 2;
  return sql`(1 + ((${rank}) * ${n(p)} + ${n(Math.floor(size / 2) + 7)}) % ${n(size)})::int`;
}

/** Sizes at `scale`, with the minimums the special threads and the reply layout need. */
export function sizesAt(scale: number) {
  const n = (full: number, min: number) => Math.max(min, Math.round(full * scale));
  const comments = n(FULL_SIZE.comments, 1500);
  const top = Math.max(800, Math.round((comments * 2) / 3));
  return {
    members: n(FULL_SIZE.members, 40),
    threads: n(FULL_SIZE.threads, 20),
    commentsTop: top,
    commentsReplies: Math.max(400, comments - top),
    reactions: n(FULL_SIZE.reactions, 100),
    follows: n(FULL_SIZE.follows, 50),
    notifications: n(FULL_SIZE.notifications, 100),
    ...messageSizes(n(FULL_SIZE.members, 40), n(FULL_SIZE.conversations, 40), n(FULL_SIZE.messages, 2000)),
  };
}

/**
 * The message set's sizes: `bench_member_2`'s conversations (500 at scale 1: one in 20 of all, at
 * least 4, each one-to-one with another partner, so fewer than the other members) and the long
 * conversation's messages (5 000 at scale 1: one in 200, at least 100).
 */
function messageSizes(members: number, conversations: number, messages: number) {
  const inbox = Math.min(BENCH_INBOX_CONVERSATIONS, Math.max(4, Math.round(conversations / 20)), members - 2);
  const long = Math.min(SPECIAL_CONVERSATIONS.long.messages, Math.max(100, Math.round(messages / 200)));
  return { conversations, messages, inboxConversations: inbox, longMessages: long };
}

const dataDir = new URL("../../shared/data/", import.meta.url);
/**
 * The full sentence corpus beside the project (`../shared/data`), or, in a clone without it, the
 * subset the demo seed carries (`server/demo/data/sentences.txt`, same source and licence).
 */
const sentencesFile = existsSync(new URL("webbnyheter2012_sentences.txt", dataDir))
  ? new URL("webbnyheter2012_sentences.txt", dataDir)
  : new URL("../server/demo/data/sentences.txt", import.meta.url);

/** Sentences whose cooked HTML is one plain paragraph and can be joined with others safely. */
function loadSentences(isKnownTicker: (t: string) => boolean) {
  const all = readFileSync(sentencesFile, "utf8").split("\n");
  const out: Array<{ s: string; h: string; tk: string[] }> = [];
  const seen = new Set<string>();
  for (const raw of all) {
    const s = raw.trim();
    // No Markdown that could pair up across two joined sentences (emphasis, code, links, escapes).
    if (s.length < 20 || s.length > 600 || /[*_`[\]\\<>]/.test(s) || seen.has(s)) continue;
    const cooked = cook(s, { isKnownTicker });
    const m = /^<p>([^\n]*)<\/p>$/.exec(cooked.html);
    if (!m) continue;
    seen.add(s);
    out.push({ s, h: m[1]!, tk: cooked.tickers });
  }
  return out;
}

/** Tickers that cook into a cashtag link, with that link's HTML. */
function loadTickers(isKnownTicker: (t: string) => boolean) {
  const out: Array<{ t: string; h: string }> = [];
  for (const { ticker } of readCompanyList()) {
    const cooked = cook(`$${ticker}`, { isKnownTicker });
    const m = /^<p>(<a [^\n]*<\/a>)<\/p>$/.exec(cooked.html);
    if (m && cooked.tickers[0] === ticker) out.push({ t: ticker, h: m[1]! });
  }
  return out;
}

async function insertJson(db: Db, table: string, columns: string, select: string, data: unknown[][]) {
  for (let start = 0; start < data.length; start += 1000) {
    const json = JSON.stringify(data.slice(start, start + 1000));
    await db.execute(sql`${sql.raw(`INSERT INTO ${table} (${columns}) SELECT ${select} FROM json_array_elements(`)}${json}${sql.raw("::json) x")}`);
  }
}

/**
 * Generates the dataset into an open, migrated database (see the module comment).
 *
 * @param database an open database whose migrations have run; it must hold no threads
 * @param options {@link GenerateOptions}
 * @returns {@link GenerateResult}
 * @throws when the database already holds threads, or when a statement fails (the transaction
 *   is rolled back, nothing is kept)
 */
export async function generateDataset(database: Database, options: GenerateOptions = {}): Promise<GenerateResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const scale = options.scale ?? 1;
  if (!(scale > 0 && scale <= 10)) throw new Error(`--scale must be in (0, 10], got ${scale}`);
  const z = sizesAt(scale);
  const db = database.db;
  const steps: GenerateResult["steps"] = [];
  const started = performance.now();
  const step = async (label: string, fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    const seconds = (performance.now() - t0) / 1000;
    steps.push({ step: label, seconds });
    log(`  ${label}: ${seconds.toFixed(1)} s`);
  };

  const [{ n: existing }] = rows<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM threads`)) as [{ n: number }];
  if (existing > 0) throw new Error(`the database already holds ${existing} threads: use a fresh database`);
  await ensureDefaultCategories(db);
  await ensureCompanies(db);

  const known = new Set(rows<{ ticker: string }>(await db.execute(sql`SELECT ticker FROM companies`)).map((r) => r.ticker));
  const isKnownTicker = (t: string) => known.has(t);
  const sentences = loadSentences(isKnownTicker);
  const tickers = loadTickers(isKnownTicker);
  const S = sentences.length;
  const TK = tickers.length;
  const { members: M, threads: T, commentsTop: CT, commentsReplies: CR } = z;
  const CA = CT + CR;
  log(`scale ${scale}: ${M} members, ${T} threads, ${CA} comments (${CR} replies), ${z.reactions} reactions, ` +
    `${z.follows} follows, ${z.notifications} notifications; ${S} sentences, ${TK} tickers`);
  const passwordHash = await hashPassword(BENCH_PASSWORD);

  await step("staging tables", async () => {
    for (const t of ["bench_sentences", "bench_tickers", "bench_categories", "bench_t", "bench_c", "bench_pairs", "bench_cv"]) {
      await db.execute(sql.raw(`DROP TABLE IF EXISTS ${t}`));
    }
    // `k`: the text as the same-text rule of private messages normalises it (`sameTextKey`), so a
    // message's `same_text` is the md5 of its parts' keys joined by spaces.
    await db.execute(sql`CREATE UNLOGGED TABLE bench_sentences (i int PRIMARY KEY, s text NOT NULL, h text NOT NULL, tk text[] NOT NULL, k text NOT NULL)`);
    await db.execute(sql`CREATE UNLOGGED TABLE bench_tickers (i int PRIMARY KEY, t text NOT NULL, h text NOT NULL, k text NOT NULL)`);
    await insertJson(db, "bench_sentences", "i, s, h, tk, k", "(x->>0)::int, x->>1, x->>2, ARRAY(SELECT json_array_elements_text(x->3)), x->>4",
      sentences.map((r, k) => [k + 1, r.s, r.h, r.tk, sameTextKey(r.s)]));
    await insertJson(db, "bench_tickers", "i, t, h, k", "(x->>0)::int, x->>1, x->>2, x->>3", tickers.map((r, k) => [k + 1, r.t, r.h, sameTextKey(`$${r.t}`)]));
    await db.execute(sql`
      CREATE UNLOGGED TABLE bench_categories AS
      SELECT row_number() OVER (ORDER BY created_at DESC, id)::int AS i, id FROM categories`);
    // A uniform number in [0, 1) from a row number and a salt: the same every run.
    await db.execute(sql`
      CREATE OR REPLACE FUNCTION bench_rand(k bigint, salt bigint) RETURNS float8
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT (hashint8extended(k, salt) & 4294967295)::float8 / 4294967296 $$`);
  });
  const [{ n: NC }] = rows<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM bench_categories`)) as [{ n: number }];

  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);

    await step(`members (${M})`, async () => {
      await tx.execute(sql`
        CREATE TEMP TABLE bench_m ON COMMIT DROP AS
        SELECT g.i,
               CASE WHEN g.i <= ${n(BENCH_MEMBERS_WITH_PASSWORD)} THEN 'bench_member_' || g.i
                    ELSE initcap(left(coalesce(nullif(regexp_replace(split_part(s.s, ' ', 2), '[^A-Za-zÅÄÖåäö]', '', 'g'), ''), 'Medlem'), 18)) || '_' || g.i
               END AS nick,
               now() - interval '730 days' * (0.02 + 0.98 * bench_rand(g.i, 1)) AS created_at
        FROM generate_series(1, ${n(M)}) g(i)
        JOIN bench_sentences s ON s.i = 1 + floor(${n(S)} * bench_rand(g.i, 2))::int`);
      await tx.execute(sql`
        INSERT INTO "user" (id, name, email, email_verified, username, display_username, created_at, updated_at)
        SELECT 'u' || i, nick, 'bench_member_' || i || '@exempel.se', true, lower(nick), nick, created_at, created_at FROM bench_m`);
      await tx.execute(sql`INSERT INTO profiles (id, nickname, created_at) SELECT 'u' || i, nick, created_at FROM bench_m`);
      await tx.execute(sql`
        INSERT INTO account (id, account_id, provider_id, user_id, password, created_at, updated_at)
        SELECT 'bench-account-' || i, 'u' || i, 'credential', 'u' || i, ${passwordHash}, now(), now()
        FROM generate_series(1, ${n(Math.min(BENCH_MEMBERS_WITH_PASSWORD, M))}) i`);
    });

    await step(`threads staged (${T})`, () =>
      tx.execute(sql`
        CREATE UNLOGGED TABLE bench_t AS
        SELECT g.i, md5('t' || g.i)::uuid AS id, c.id AS category_id,
               CASE WHEN g.i <= 2 THEN 'u' || (${n(BENCH_MEMBERS_WITH_PASSWORD)} + g.i) ELSE 'u' || (1 + floor(${n(M)} * bench_rand(g.i, 11) ^ 3)::int) END AS author_id,
               CASE WHEN g.i <= 2 THEN now() - interval '2 days' - g.i * interval '1 hour'
                    WHEN bench_rand(g.i, 13) < 0.15 THEN now() - interval '7 days' * bench_rand(g.i, 14)
                    ELSE now() - interval '730 days' * bench_rand(g.i, 14) END AS created_at,
               1 + floor(${n(S)} * bench_rand(g.i, 15))::int AS s1, 1 + floor(${n(S)} * bench_rand(g.i, 16))::int AS s2,
               1 + floor(${n(S)} * bench_rand(g.i, 17))::int AS s3,
               CASE WHEN bench_rand(g.i, 18) < 0.3 THEN 1 + floor(${n(TK)} * bench_rand(g.i, 19) ^ 2)::int END AS tk
        FROM generate_series(1, ${n(T)}) g(i)
        JOIN bench_categories c ON c.i = CASE WHEN g.i <= 2 THEN 1 ELSE 1 + floor(${n(NC)} * bench_rand(g.i, 12) ^ 1.5)::int END`),
    );
    await tx.execute(sql`ALTER TABLE bench_t ADD PRIMARY KEY (i)`);

    // Top-level comments 1..CT (1..67 on thread 1, 68..734 on thread 2), replies CT+1..CA
    // (the first 33 under thread 1's comments, the next 333 under thread 2's).
    await step(`comments staged (${CA})`, async () => {
      await tx.execute(sql`
        CREATE UNLOGGED TABLE bench_c AS
        SELECT g.j, md5('c' || g.j)::uuid AS id, t.i AS thread_i, t.id AS thread_id, NULL::int AS parent_j,
               'u' || (1 + floor(${n(M)} * bench_rand(g.j, 23) ^ 2.5)::int) AS author_id,
               1 + floor(${n(S)} * bench_rand(g.j, 24))::int AS s,
               CASE WHEN bench_rand(g.j, 25) < 0.1 THEN 1 + floor(${n(TK)} * bench_rand(g.j, 26) ^ 2)::int END AS tk,
               t.created_at + bench_rand(g.j, 22) * LEAST(now() - t.created_at, interval '3 days') AS created_at
        FROM (SELECT j, CASE WHEN j <= 67 THEN 1 WHEN j <= 734 THEN 2 ELSE 3 + floor(${n(T - 2)} * bench_rand(j, 21) ^ 2)::int END AS ti
              FROM generate_series(1, ${n(CT)}) j) g
        JOIN bench_t t ON t.i = g.ti`);
      await tx.execute(sql`ALTER TABLE bench_c ADD PRIMARY KEY (j)`);
      await tx.execute(sql`
        INSERT INTO bench_c
        SELECT g.j, md5('c' || g.j)::uuid, p.thread_i, p.thread_id, p.j,
               'u' || (1 + floor(${n(M)} * bench_rand(g.j, 33) ^ 2.5)::int),
               1 + floor(${n(S)} * bench_rand(g.j, 34))::int,
               CASE WHEN bench_rand(g.j, 35) < 0.1 THEN 1 + floor(${n(TK)} * bench_rand(g.j, 36) ^ 2)::int END,
               p.created_at + bench_rand(g.j, 32) * LEAST(now() - p.created_at, interval '1 day')
        FROM (SELECT j, CASE WHEN j - ${n(CT)} <= 33 THEN 1 + floor(67 * bench_rand(j, 31))::int
                             WHEN j - ${n(CT)} <= 366 THEN 68 + floor(667 * bench_rand(j, 31))::int
                             ELSE 735 + floor(${n(CT - 734)} * bench_rand(j, 31))::int END AS pj
              FROM generate_series(${n(CT + 1)}, ${n(CA)}) j) g
        JOIN bench_c p ON p.j = g.pj`);
    });

    const rt = Math.round(z.reactions * 0.25);
    await step(`reactions (${z.reactions})`, async () => {
      await tx.execute(sql`
        INSERT INTO reactions (user_id, target_type, target_id, reaction_type, created_at)
        SELECT x.user_id, 'thread', t.id, x.rt, t.created_at + x.f * LEAST(now() - t.created_at, interval '3 days')
        FROM (SELECT k, 'u' || (1 + floor(${n(M)} * bench_rand(k, 41) ^ 2)::int) AS user_id,
                     ${spread(T, sql`floor(${n(T)} * bench_rand(k, 42) ^ 2)::bigint`)} AS ti,
                     (${sql.raw(sqlArray(REACTION_TYPES))})[1 + floor(${REACTION_TYPES.length} * bench_rand(k, 43))::int] AS rt,
                     bench_rand(k, 44) ^ 2 AS f
              FROM generate_series(1, ${n(Math.round(rt * 1.1))}) k) x
        JOIN bench_t t ON t.i = x.ti
        WHERE t.author_id <> x.user_id
        LIMIT ${n(rt)}
        ON CONFLICT DO NOTHING`);
      await tx.execute(sql`
        INSERT INTO reactions (user_id, target_type, target_id, reaction_type, created_at)
        SELECT x.user_id, 'comment', c.id, x.rt, c.created_at + x.f * LEAST(now() - c.created_at, interval '2 days')
        FROM (SELECT k, 'u' || (1 + floor(${n(M)} * bench_rand(k, 51) ^ 2)::int) AS user_id,
                     ${spread(CA, sql`floor(${n(CA)} * bench_rand(k, 52) ^ 2)::bigint`)} AS cj,
                     (${sql.raw(sqlArray(REACTION_TYPES))})[1 + floor(${REACTION_TYPES.length} * bench_rand(k, 53))::int] AS rt,
                     bench_rand(k, 54) ^ 2 AS f
              FROM generate_series(1, ${n(Math.round((z.reactions - rt) * 1.1))}) k) x
        JOIN bench_c c ON c.j = x.cj
        WHERE c.author_id <> x.user_id
        LIMIT ${n(z.reactions - rt)}
        ON CONFLICT DO NOTHING`);
    });

    await step(`follows (${z.follows})`, () =>
      tx.execute(sql`
        INSERT INTO user_follows (follower_id, following_id, created_at)
        SELECT 'u' || a, 'u' || b, now() - interval '365 days' * bench_rand(k, 63)
        FROM (SELECT k, 1 + floor(${n(M)} * bench_rand(k, 61))::int AS a, 1 + floor(${n(M)} * bench_rand(k, 62) ^ 2.5)::int AS b
              FROM generate_series(1, ${n(Math.round(z.follows * 1.1))}) k) x
        WHERE a <> b
        LIMIT ${n(z.follows)}
        ON CONFLICT DO NOTHING`),
    );

    await step(`threads (${T})`, () =>
      tx.execute(sql`
        INSERT INTO threads (id, category_id, author_id, title, body, body_html, created_at, comments_count, reactions_count, last_comment_at)
        SELECT bt.id, bt.category_id, bt.author_id,
               left(CASE WHEN tk.t IS NOT NULL THEN '$' || tk.t || ': ' ELSE '' END || s1.s, 190),
               s2.s || ' ' || s3.s || CASE WHEN tk.t IS NOT NULL THEN ' Vad tror ni om $' || tk.t || '?' ELSE '' END,
               '<p>' || s2.h || ' ' || s3.h || CASE WHEN tk.t IS NOT NULL THEN ' Vad tror ni om ' || tk.h || '?' ELSE '' END || '</p>',
               bt.created_at, coalesce(cc.n, 0), coalesce(rc.n, 0), cc.last
        FROM bench_t bt
        JOIN bench_sentences s1 ON s1.i = bt.s1 JOIN bench_sentences s2 ON s2.i = bt.s2 JOIN bench_sentences s3 ON s3.i = bt.s3
        LEFT JOIN bench_tickers tk ON tk.i = bt.tk
        LEFT JOIN (SELECT thread_i, count(*)::int AS n, max(created_at) AS last FROM bench_c GROUP BY thread_i) cc ON cc.thread_i = bt.i
        LEFT JOIN (SELECT target_id, count(*)::int AS n FROM reactions WHERE target_type = 'thread' GROUP BY target_id) rc
          ON rc.target_id = bt.id`),
    );

    await step(`comments (${CA})`, () =>
      tx.execute(sql`
        INSERT INTO comments (id, thread_id, parent_id, author_id, body, body_html, created_at, replies_count, reactions_count)
        SELECT c.id, c.thread_id, md5('c' || c.parent_j)::uuid, c.author_id,
               s.s || CASE WHEN tk.t IS NOT NULL THEN ' $' || tk.t ELSE '' END,
               '<p>' || s.h || CASE WHEN tk.t IS NOT NULL THEN ' ' || tk.h ELSE '' END || '</p>',
               c.created_at, coalesce(rp.n, 0), coalesce(rc.n, 0)
        FROM bench_c c
        JOIN bench_sentences s ON s.i = c.s
        LEFT JOIN bench_tickers tk ON tk.i = c.tk
        LEFT JOIN (SELECT parent_j, count(*)::int AS n FROM bench_c WHERE parent_j IS NOT NULL GROUP BY parent_j) rp ON rp.parent_j = c.j
        LEFT JOIN (SELECT target_id, count(*)::int AS n FROM reactions WHERE target_type = 'comment' GROUP BY target_id) rc
          ON rc.target_id = c.id`),
    );

    await step("post_tickers", async () => {
      await tx.execute(sql`
        INSERT INTO post_tickers (ticker, target_type, target_id, thread_id, author_id, created_at)
        SELECT DISTINCT x.ticker, 'thread', bt.id, bt.id, bt.author_id, bt.created_at
        FROM bench_t bt
        JOIN bench_sentences s2 ON s2.i = bt.s2 JOIN bench_sentences s3 ON s3.i = bt.s3
        LEFT JOIN bench_tickers tk ON tk.i = bt.tk
        CROSS JOIN LATERAL unnest(s2.tk || s3.tk || CASE WHEN tk.t IS NULL THEN '{}'::text[] ELSE ARRAY[tk.t] END) AS x(ticker)`);
      await tx.execute(sql`
        INSERT INTO post_tickers (ticker, target_type, target_id, thread_id, author_id, created_at)
        SELECT DISTINCT x.ticker, 'comment', c.id, c.thread_id, c.author_id, c.created_at
        FROM bench_c c
        JOIN bench_sentences s ON s.i = c.s
        LEFT JOIN bench_tickers tk ON tk.i = c.tk
        CROSS JOIN LATERAL unnest(s.tk || CASE WHEN tk.t IS NULL THEN '{}'::text[] ELSE ARRAY[tk.t] END) AS x(ticker)`);
      // About a third of mentions state a view ('Din syn'), about a fifth a position ('Innehav').
      await tx.execute(sql`
        UPDATE post_tickers SET
          sentiment = CASE abs(hashtext(target_id::text || ticker)) % 6 WHEN 0 THEN 'bullish' WHEN 1 THEN 'bearish' ELSE NULL END,
          position = CASE abs(hashtext(ticker || target_id::text)) % 10 WHEN 0 THEN 'owns' WHEN 1 THEN 'does_not_own' ELSE NULL END`);
    });

    // Watchlist performance: bench_member_2 (the member bench/run.ts signs in as) follows
    // BENCH_WATCHER_FOLLOWS members (the most followed first, so the 'Bevakat' tab merges busy
    // authors) and watches BENCH_WATCHER_TICKERS tickers (the most mentioned first).
    await step(`bench_member_2: ${BENCH_WATCHER_FOLLOWS} follows, ${BENCH_WATCHER_TICKERS} watched tickers`, async () => {
      await tx.execute(sql`
        INSERT INTO user_follows (follower_id, following_id, created_at)
        SELECT 'u2', 'u' || g.i, now() - interval '30 days' * bench_rand(g.i, 71)
        FROM generate_series(1, ${n(Math.min(BENCH_WATCHER_FOLLOWS + 1, M))}) g(i)
        WHERE g.i <> 2
        ON CONFLICT DO NOTHING`);
      await tx.execute(sql`
        DELETE FROM user_follows WHERE follower_id = 'u2' AND following_id NOT IN (
          SELECT 'u' || g.i FROM generate_series(1, ${n(BENCH_WATCHER_FOLLOWS + 1)}) g(i) WHERE g.i <> 2)`);
      await tx.execute(sql`
        INSERT INTO watchlist_tickers (user_id, ticker, created_at)
        SELECT 'u2', c.ticker, now() - interval '30 days' * bench_rand(row_number() OVER (ORDER BY c.ticker), 72)
        FROM companies c
        LEFT JOIN (SELECT ticker, count(*) AS n FROM post_tickers GROUP BY ticker) m ON m.ticker = c.ticker
        ORDER BY coalesce(m.n, 0) DESC, c.ticker
        LIMIT ${n(BENCH_WATCHER_TICKERS)}`);
    });

    // Unread performance: bench_member_2 has read BENCH_READER_THREADS threads of the last 90
    // days (about three in ten of them, newest activity first): two thirds to the end, a third to
    // the middle of the thread's life, so some of them have new comments ('N nya'). Both special
    // threads are read to their middle comment, so their pages land on a 'Nya kommentarer'
    // divider. The previous visit was a day ago: threads started since then are new (the dot).
    await step(`bench_member_2: ${BENCH_READER_THREADS} read threads`, async () => {
      await tx.execute(sql`
        INSERT INTO thread_reads (user_id, thread_id, last_read_at, updated_at)
        SELECT 'u2', t.id,
               CASE WHEN bench_rand(t.k, 82) < 0.67 THEN t.last_activity_at
                    ELSE t.created_at + (t.last_activity_at - t.created_at) / 2 END,
               now()
        FROM (SELECT id, created_at, last_activity_at, row_number() OVER (ORDER BY last_activity_at DESC, id) AS k
                FROM threads WHERE last_activity_at > now() - interval '90 days') t
        WHERE bench_rand(t.k, 81) < 0.3
        ORDER BY t.last_activity_at DESC
        LIMIT ${n(BENCH_READER_THREADS)}`);
      for (const special of Object.values(SPECIAL_THREADS)) {
        await tx.execute(sql`
          INSERT INTO thread_reads (user_id, thread_id, last_read_at, updated_at)
          SELECT 'u2', c.thread_id, c.created_at, now() FROM comments c
          WHERE c.thread_id = md5(${`t${special.index}`})::uuid
          ORDER BY c.created_at, c.id OFFSET ${n(Math.floor(special.comments / 2) - 1)} LIMIT 1
          ON CONFLICT (user_id, thread_id) DO UPDATE SET last_read_at = excluded.last_read_at`);
      }
      await tx.execute(sql`UPDATE profiles SET previous_visit_at = now() - interval '1 day' WHERE id = 'u2'`);
    });

    await step(`notifications (${z.notifications})`, () =>
      tx.execute(sql`
        INSERT INTO notifications (id, user_id, actor_id, type, reference_id, title, actor_nickname, read, category_id, thread_id, created_at)
        SELECT md5('n' || x.k)::uuid, x.user_id, t.author_id, 'new_thread', t.id, t.title, p.nickname,
               t.created_at < now() - interval '2 days' OR bench_rand(x.k, 64) < 0.5,
               t.category_id, t.id, LEAST(now(), t.created_at + bench_rand(x.k, 65) * interval '10 minutes')
        FROM (SELECT k, 'u' || (1 + floor(${n(M)} * bench_rand(k, 61) ^ 2.5)::int) AS user_id, 1 + floor(${n(T)} * bench_rand(k, 62))::int AS ti
              FROM generate_series(1, ${n(Math.round(z.notifications * 1.1))}) k) x
        JOIN bench_t bt ON bt.i = x.ti
        JOIN threads t ON t.id = bt.id
        JOIN profiles p ON p.id = t.author_id
        WHERE t.author_id <> x.user_id
        LIMIT ${n(z.notifications)}`),
    );

    // 'Inkorg' performance. Conversation k has id md5('cv' || k); bench_member_2 ('u2') is in
    // conversations 1..I (1 and 2 one-to-one: SPECIAL_CONVERSATIONS), one in ten a group of 3–10
    // members (never 1 or 2), the rest one-to-one with I distinct partners; the others are among
    // the other members, one-to-one pairs drawn (popular members more often) and kept once per
    // pair (`pair_key`: the two ids in code-point order, as the app sorts them). Conversation 1
    // has L messages, the others share the rest by a power law, at least one each (largest
    // remainders, so the total is exact). Messages are numbered 1..n, spread over the
    // conversation's life (the last at its `last_message_at`); a fifth of the conversations end
    // in a burst of 1–4 messages by one member that the others have not read yet (their
    // `unread_count`, `read_seq` = n − burst), everyone else has read all.
    const I = z.inboxConversations;
    const L = z.longMessages;
    const C = z.conversations;
    const NM = z.messages;
    await step(`private messages (${C} conversations, ${NM} messages; u2 in ${I}, one of ${L})`, async () => {
      if (I >= M - 1 || NM < L + C - 1) throw new Error(`the message set does not fit ${M} members / ${NM} messages`);
      // A member number other than u2's from 1..M-1; two coprime steps walk distinct members.
      const notU2 = (x: ReturnType<typeof sql>) => sql`'u' || (CASE WHEN (${x}) >= 2 THEN (${x}) + 1 ELSE (${x}) END)`;
      const coprime = (start: number) => {
        let p = start;
        while (gcd(p, M - 1) !== 1) p += 2;
        return p;
      };
      // The planner's estimates for these generated sets are far off, and JIT compiling the plans
      // took longer than running them (2.7 s of 2.7 s for the 1 000 conversations of scale 0.1).
      await tx.execute(sql`SET LOCAL jit = off`);
      const P = coprime(7919);
      const P2 = coprime(104_729);
      await tx.execute(sql`
        CREATE UNLOGGED TABLE bench_pairs AS
        SELECT row_number() OVER (ORDER BY c)::int AS r, a, b FROM (
          SELECT DISTINCT ON (key) c, a, b FROM (
            SELECT c, a, b, CASE WHEN a COLLATE "C" < b COLLATE "C" THEN a || ':' || b ELSE b || ':' || a END AS key
            FROM (SELECT c, ${notU2(sql`1 + floor(${n(M - 1)} * bench_rand(c, 93) ^ 2)::int`)} AS a,
                            ${notU2(sql`1 + floor(${n(M - 1)} * bench_rand(c, 94) ^ 1.5)::int`)} AS b
                    FROM generate_series(1, ${n(Math.round(C * 1.3) + 100)}) c) x
            WHERE a <> b) y
          ORDER BY key, c) z`);
      await tx.execute(sql`
        CREATE UNLOGGED TABLE bench_cv AS
        WITH slots AS (
          SELECT k, k > 2 AND bench_rand(k, 91) < 0.1 AS is_group, LEAST(3 + floor(8 * bench_rand(k, 95))::int, ${n(M - 1)}) AS g,
                 floor(${n(M - 1)} * bench_rand(k, 96))::bigint AS base
            FROM generate_series(1, ${n(C)}) k),
        ones AS (SELECT k, row_number() OVER (ORDER BY k)::int AS r FROM slots WHERE k > ${n(I)} AND NOT is_group),
        sized AS (
          SELECT k, 1 + b + CASE WHEN row_number() OVER (ORDER BY f DESC, k) <= ${n(NM - L - (C - 1))} - sum(b) OVER () THEN 1 ELSE 0 END AS n
            FROM (SELECT k, floor(x)::int AS b, x - floor(x) AS f
                    FROM (SELECT k, ${n(NM - L - (C - 1))} * w / sum(w) OVER () AS x
                            FROM (SELECT k, bench_rand(k, 92) ^ 4 AS w FROM slots WHERE k > 1) w0) r) fl
          UNION ALL SELECT 1, ${n(L)}),
        made AS (
          SELECT s.k, md5('cv' || s.k)::uuid AS id, s.is_group, z.n,
                 CASE WHEN s.is_group THEN
                        (CASE WHEN s.k <= ${n(I)} THEN ARRAY['u2'] ELSE ARRAY[]::text[] END) ||
                        ARRAY(SELECT ${notU2(sql`1 + (s.base + j * ${n(P2)}) % ${n(M - 1)}`)} FROM generate_series(0, s.g - 1 - (s.k <= ${n(I)})::int) j ORDER BY j)
                      WHEN s.k <= ${n(I)} THEN ARRAY['u2', ${notU2(sql`1 + (s.k::bigint * ${n(P)} + 17) % ${n(M - 1)}`)}]
                      ELSE ARRAY[p.a, p.b] END AS mem,
                 CASE s.k WHEN 1 THEN now() - interval '50 minutes' WHEN 2 THEN now() - interval '3 hours'
                          ELSE now() - interval '365 days' * bench_rand(s.k, 97) ^ 2 END AS last_at
            FROM slots s JOIN sized z ON z.k = s.k LEFT JOIN ones o ON o.k = s.k LEFT JOIN bench_pairs p ON p.r = o.r)
        SELECT k, id, is_group, n, mem, last_at,
               last_at - LEAST(interval '400 days', n * interval '40 minutes' * (0.25 + bench_rand(k, 98))) AS created_at,
               CASE WHEN bench_rand(k, 99) < 0.2 THEN LEAST(n, 1 + floor(4 * bench_rand(k, 100))::int) ELSE 0 END AS tail,
               1 + floor(cardinality(mem) * bench_rand(k, 101))::int AS burst,
               1 + floor(cardinality(mem) * bench_rand(k, 102))::int AS creator
          FROM made`);
      const [check] = rows<{ missing: number; total: number; inbox: number; long: number }>(
        await tx.execute(sql`
          SELECT count(*) FILTER (WHERE mem[1] IS NULL OR mem[2] IS NULL OR n < 1)::int AS missing, coalesce(sum(n), 0)::int AS total,
                 count(*) FILTER (WHERE 'u2' = ANY (mem))::int AS inbox, coalesce(max(n) FILTER (WHERE k = 1), 0)::int AS long
            FROM bench_cv`),
      );
      if (check!.missing > 0 || check!.total !== NM || check!.inbox !== I || check!.long !== L) {
        throw new Error(`message set staged wrong: ${JSON.stringify(check)} (want ${NM} messages, u2 in ${I}, ${L} in the long one)`);
      }
      await tx.execute(sql`
        INSERT INTO conversations (id, created_by, is_group, pair_key, message_count, last_message_at, created_at)
        SELECT id, mem[CASE WHEN tail >= n THEN burst ELSE creator END], is_group,
               CASE WHEN is_group THEN NULL WHEN mem[1] COLLATE "C" < mem[2] COLLATE "C" THEN mem[1] || ':' || mem[2] ELSE mem[2] || ':' || mem[1] END,
               n, last_at, created_at
          FROM bench_cv ORDER BY k`);
      await tx.execute(sql`
        INSERT INTO conversation_members (conversation_id, user_id, unread_count, read_seq, last_message_at, joined_at)
        SELECT cv.id, m.user_id,
               CASE WHEN cv.tail > 0 AND m.pos <> cv.burst THEN cv.tail ELSE 0 END,
               CASE WHEN cv.tail > 0 AND m.pos <> cv.burst THEN cv.n - cv.tail ELSE cv.n END,
               cv.last_at, cv.created_at
          FROM bench_cv cv CROSS JOIN LATERAL unnest(cv.mem) WITH ORDINALITY m(user_id, pos)
         ORDER BY cv.k, m.pos`);
      // Bodies as the comments': one sentence (three in ten two), one in twelve naming a $TICKER;
      // one in 200 deleted (no text), one in 50 edited. same_text as the app hashes it (the parts' keys: bench_sentences.k).
      await tx.execute(sql`
        INSERT INTO messages (id, conversation_id, seq, author_id, body, body_html, same_text, created_at, edited_at, deleted_at)
        SELECT md5('pm' || x.k || ':' || x.seq)::uuid, x.id, x.seq, x.author_id,
               CASE WHEN x.del THEN '' ELSE x.body END, CASE WHEN x.del THEN '' ELSE x.html END,
               CASE WHEN x.del THEN '' ELSE md5(x.key) END,
               x.at, CASE WHEN NOT x.del AND bench_rand(x.h, 106) < 0.02 THEN x.at + interval '2 minutes' END,
               CASE WHEN x.del THEN x.at + interval '10 minutes' END
          FROM (
            SELECT g.k, g.id, g.seq, g.h, g.author_id, g.at, g.del,
                   s1.s || coalesce(' ' || s2.s, '') || coalesce(' $' || tk.t, '') AS body,
                   '<p>' || s1.h || coalesce(' ' || s2.h, '') || coalesce(' ' || tk.h, '') || '</p>' AS html,
                   s1.k || coalesce(' ' || s2.k, '') || coalesce(' ' || tk.k, '') AS key
              FROM (
                SELECT cv.k, cv.id, q.seq, q.h,
                       cv.mem[CASE WHEN q.seq > cv.n - cv.tail THEN cv.burst WHEN q.seq = 1 THEN cv.creator
                                   ELSE 1 + floor(cardinality(cv.mem) * bench_rand(q.h, 103))::int END] AS author_id,
                       CASE WHEN q.seq = cv.n THEN cv.last_at
                            ELSE cv.created_at + (cv.last_at - cv.created_at) * ((q.seq - 1) + 0.5 * bench_rand(q.h, 104)) / greatest(cv.n - 1, 1) END AS at,
                       q.seq <= cv.n - cv.tail AND q.seq < cv.n AND bench_rand(q.h, 105) < 0.005 AS del,
                       1 + floor(${n(S)} * bench_rand(q.h, 107))::int AS s1,
                       CASE WHEN bench_rand(q.h, 108) < 0.3 THEN 1 + floor(${n(S)} * bench_rand(q.h, 109))::int END AS s2,
                       CASE WHEN bench_rand(q.h, 110) < 0.08 THEN 1 + floor(${n(TK)} * bench_rand(q.h, 111) ^ 2)::int END AS tk
                  FROM bench_cv cv
                  CROSS JOIN LATERAL (SELECT seq, cv.k::bigint * 1000000 + seq AS h FROM generate_series(1, cv.n) seq) q
              ) g
              JOIN bench_sentences s1 ON s1.i = g.s1
              LEFT JOIN bench_sentences s2 ON s2.i = g.s2
              LEFT JOIN bench_tickers tk ON tk.i = g.tk
          ) x`);
      await tx.execute(sql`SET LOCAL jit = DEFAULT`);
    });

    // What the triggers of 0001, 0004 and 0005 keep on profiles and categories.
    await step("profile and category counters, edge levels", async () => {
      await tx.execute(sql`
        UPDATE profiles p SET
          threads_count = a.threads, comments_count = a.comments, reactions_given = a.given,
          reactions_received = a.received, followers_count = a.followers, following_count = a.following,
          last_activity_at = a.last_at
        FROM (
          SELECT id, sum(threads)::int AS threads, sum(comments)::int AS comments, sum(given)::int AS given,
                 sum(received)::int AS received, sum(followers)::int AS followers, sum(following)::int AS following,
                 max(own_at) AS last_at
          FROM (
            SELECT author_id AS id, count(*) AS threads, 0 AS comments, 0 AS given, 0 AS received, 0 AS followers, 0 AS following, max(created_at) AS own_at
              FROM threads GROUP BY author_id
            UNION ALL SELECT author_id, 0, count(*), 0, 0, 0, 0, max(created_at) FROM comments GROUP BY author_id
            UNION ALL SELECT user_id, 0, 0, count(*), 0, 0, 0, max(created_at) FROM reactions GROUP BY user_id
            UNION ALL SELECT t.author_id, 0, 0, 0, count(*), 0, 0, NULL FROM reactions r JOIN threads t ON r.target_type = 'thread' AND t.id = r.target_id GROUP BY t.author_id
            UNION ALL SELECT c.author_id, 0, 0, 0, count(*), 0, 0, NULL FROM reactions r JOIN comments c ON r.target_type = 'comment' AND c.id = r.target_id GROUP BY c.author_id
            UNION ALL SELECT following_id, 0, 0, 0, 0, count(*), 0, NULL FROM user_follows GROUP BY following_id
            UNION ALL SELECT follower_id, 0, 0, 0, 0, 0, count(*), NULL FROM user_follows GROUP BY follower_id
          ) parts
          WHERE id IS NOT NULL
          GROUP BY id
        ) a
        WHERE p.id = a.id`);
      await tx.execute(sql`
        UPDATE profiles SET edge_level = forum_edge_level(threads_count, comments_count, reactions_given,
          reactions_received, COALESCE(last_activity_at, created_at), now())`);
      await tx.execute(sql`
        UPDATE categories k SET threads_count = (SELECT count(*)::int FROM threads t WHERE t.category_id = k.id)`);
    });

    // What the trigger of 0006 creates with each thread, made exact as the minute job does.
    await step("thread_trending", () => tx.execute(sql`SELECT forum_refresh_trending()`));
  });

  await step("drop staging tables", async () => {
    for (const t of ["bench_sentences", "bench_tickers", "bench_categories", "bench_t", "bench_c", "bench_pairs", "bench_cv"]) {
      await db.execute(sql.raw(`DROP TABLE IF EXISTS ${t}`));
    }
    await db.execute(sql`DROP FUNCTION IF EXISTS bench_rand(bigint, bigint)`);
  });
  await step("vacuum analyze", () => db.execute(sql`VACUUM ANALYZE`));

  const htmlCheck = await checkCookedHtml(db, isKnownTicker);
  log(`  body_html check: ${htmlCheck.matching}/${htmlCheck.sampled} sampled threads, comments and messages equal cook(body).html`);

  const [counts] = rows<Record<string, number>>(
    await db.execute(sql`
      SELECT (SELECT count(*)::int FROM profiles) AS members, (SELECT count(*)::int FROM categories) AS categories,
             (SELECT count(*)::int FROM threads) AS threads, (SELECT count(*)::int FROM comments) AS comments,
             (SELECT count(*)::int FROM comments WHERE parent_id IS NOT NULL) AS replies,
             (SELECT count(*)::int FROM reactions) AS reactions, (SELECT count(*)::int FROM user_follows) AS follows,
             (SELECT count(*)::int FROM notifications) AS notifications, (SELECT count(*)::int FROM post_tickers) AS post_tickers,
             (SELECT count(*)::int FROM thread_trending) AS thread_trending,
             (SELECT count(*)::int FROM conversations) AS conversations, (SELECT count(*)::int FROM messages) AS messages`),
  );
  const totalSeconds = (performance.now() - started) / 1000;
  return { counts: counts!, steps, totalSeconds, htmlCheck };
}

/** Cooks a sample of stored bodies again and counts those whose stored HTML is identical. */
async function checkCookedHtml(db: Db, isKnownTicker: (t: string) => boolean) {
  const sample = rows<{ body: string; body_html: string }>(
    await db.execute(sql`
      (SELECT body, body_html FROM threads ORDER BY id LIMIT 200)
      UNION ALL (SELECT body, body_html FROM comments ORDER BY id LIMIT 300)
      UNION ALL (SELECT body, body_html FROM messages WHERE deleted_at IS NULL ORDER BY id LIMIT 200)`),
  );
  const matching = sample.filter((r) => cook(r.body, { isKnownTicker }).html === r.body_html).length;
  return { matching, sampled: sample.length };
}

/** The value of `--name value` in `argv`, or undefined. */
function argValue(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

async function main() {
  const scale = Number(argValue(process.argv, "--scale") ?? 1);
  const url = process.env.DATABASE_URL || undefined;
  const pgliteDir = path.join(process.env.DATA_DIR ?? "./data", "pglite");
  const database = await openDatabase(url ? { databaseUrl: url, poolSize: 2 } : { pgliteDir });
  console.log(`bench:data into ${url ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${pgliteDir}`}`);
  try {
    const t0 = performance.now();
    await database.migrate();
    console.log(`  migrate: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const result = await generateDataset(database, { scale });
    console.log("counts:", JSON.stringify(result.counts));
    console.log(`total: ${result.totalSeconds.toFixed(1)} s`);
    if (result.htmlCheck.matching !== result.htmlCheck.sampled) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
