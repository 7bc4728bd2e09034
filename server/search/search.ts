/**
 * Forum search (SPEC §3 Search result, §4 Search, §7 search_all;
 * docs/search.md): threads and comments by Swedish full text, members by nickname (contains or
 * pg_trgm similarity).
 *
 * - Stored `search_vector` columns (migration 0007_search.sql) with the `swedish` snowball
 *   configuration: 'aktierna' finds 'aktie', 'utdelningen' finds 'utdelning'. PostgreSQL has no
 *   minimum word length, so 'SEB', 'ABB' and 'SAS' are ordinary words; 'H&M', '$VOLV-B' and
 *   'ERIC B' are searched as phrases of their parts (server/search/query.ts).
 * - Titles and bodies are indexed without their @mentions (./document.ts, migration
 *   0025_search_without_mentions.sql): '@Göran_Utdelning' does not make a post match 'utdelning';
 *   the member is found by nickname.
 * - The last word typed also matches as a prefix ('Ericss' finds 'Ericsson').
 * - Order: thread title matches first, then body matches (threads and comments), newest first
 *   within each (docs/search.md "Ranking").
 * - Bounded: the text is cut to 200 characters and 8 words, everything goes in as bind
 *   parameters, and each search runs under a statement time-out.
 *
 * @module
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { ForumError, pgCode } from "../platform/errors";
import { searchableTextSql } from "./document";
import { parseSearchQuery, type ParsedQuery } from "./query";
import { makeSnippet } from "./snippet";
import { search as s } from "../../domain/i18n/sv";
import type { SearchResult } from "../../domain/search";
import { SEARCH_KINDS, type SearchKind } from "../../domain/values";
import { isUuid } from "../../domain/ids";

export { SEARCH_KINDS, type SearchKind, type SearchResult };

/** SPEC §9 Search limit: 20 results. */
export const SEARCH_LIMIT = 20;
/** At most this many members in the search box's results (SPEC §9 user search default 5). */
export const MEMBER_LIMIT = 5;
/** Results per page on `/forum/sok`. */
export const SEARCH_PAGE_SIZE = 20;
/** Deepest page served on `/forum/sok` (deeper pages would scan more than anybody reads). */
export const SEARCH_MAX_PAGE = 50;
/** Statement time-out of one search, in ms. */
export const SEARCH_TIMEOUT_MS = 3000;

/** What a search returns: results plus the lower-case words and stems to highlight. */
export interface SearchResponse {
  results: SearchResult[];
  terms: string[];
}

/** Options of {@link searchPage}. */
export interface SearchPageOptions {
  /** `undefined` = threads and comments together (members shown separately). */
  kind?: SearchKind;
  /** Only posts in this category (ignored for members). */
  categoryId?: string;
  /** 1-based page (clamped to 1..{@link SEARCH_MAX_PAGE}). */
  page?: number;
  /** Results per page (default 20, at most 50). */
  pageSize?: number;
}

/** One page of `/forum/sok` results. */
export interface SearchPageResult extends SearchResponse {
  page: number;
  hasMore: boolean;
  /** Members matching the text (first page of an unfiltered search only), at most 5. */
  members: SearchResult[];
}

type Row = Record<string, unknown>;

const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** The tsquery of a parsed query, built only from bind parameters. */
function tsqueryOf(q: ParsedQuery): SQL {
  const parts: SQL[] = [];
  for (const phrase of q.phrases) parts.push(sql`phraseto_tsquery('swedish', ${phrase})`);
  if (q.words.length > 0) parts.push(sql`plainto_tsquery('swedish', ${q.words.join(" ")})`);
  if (q.prefix) {
    const p = `${q.prefix}:*`;
    // Stemmed and as typed; a whole Swedish stop word ('till', 'och') stays a stop word instead of
    // becoming a prefix that matches a large share of all posts.
    parts.push(sql`(CASE WHEN numnode(to_tsquery('swedish', ${p})) = 0 THEN to_tsquery('swedish', ${p})
                         ELSE to_tsquery('swedish', ${p}) || to_tsquery('simple', ${p}) END)`);
  }
  return sql`(${sql.join(parts, sql` && `)})`;
}

/** A thread's title as its search document has it (without mentions), for the title tier. */
const TITLE_TEXT = sql.raw(searchableTextSql("t.title"));

/** Threads and comments matching `q`, merged: title matches, then body matches, newest first. */
function postsQuery(q: ParsedQuery, options: { kind?: SearchKind; categoryId?: string; limit: number; offset: number }): SQL {
  const query = tsqueryOf(q);
  const inCategory = (column: SQL) => (isUuid(options.categoryId) ? sql`AND ${column} = ${options.categoryId}::uuid` : sql``);
  const window = options.offset + options.limit;
  // Each part sorts only (id, tier, created_at) of its matches and joins the wide columns for
  // the page it keeps, so a common word's thousands of matches never sort their bodies. The tier
  // parses the short title again, without its mentions as the index has it (reading the stored
  // vector's title words with ts_filter would de-TOAST every match's whole document).
  const threadPart = sql`
    (SELECT 'thread' AS kind, t.id, t.title, left(t.body, 4000) AS body, t.category_id, t.id AS thread_id,
            t.created_at, p.nickname AS author_name, t.author_id, m.tier
       FROM (SELECT t.id, CASE WHEN to_tsvector('swedish', ${TITLE_TEXT}) @@ ${query} THEN 2 ELSE 1 END AS tier, t.created_at
               FROM threads t
              WHERE t.search_vector @@ ${query} ${inCategory(sql`t.category_id`)}
              ORDER BY tier DESC, t.created_at DESC
              LIMIT ${window}) m
       JOIN threads t ON t.id = m.id LEFT JOIN profiles p ON p.id = t.author_id)`;
  const commentPart = sql`
    (SELECT 'comment' AS kind, c.id, t.title, left(c.body, 4000) AS body, t.category_id, c.thread_id,
            c.created_at, p.nickname AS author_name, c.author_id, 1 AS tier
       FROM (SELECT c.id
               FROM comments c ${isUuid(options.categoryId) ? sql`JOIN threads t ON t.id = c.thread_id` : sql``}
              WHERE c.search_vector @@ ${query} ${inCategory(sql`t.category_id`)}
              ORDER BY c.created_at DESC
              LIMIT ${window}) m
       JOIN comments c ON c.id = m.id JOIN threads t ON t.id = c.thread_id LEFT JOIN profiles p ON p.id = c.author_id)`;
  const union =
    options.kind === "thread" ? threadPart : options.kind === "comment" ? commentPart : sql`${threadPart} UNION ALL ${commentPart}`;
  return sql`SELECT * FROM (${union}) AS r ORDER BY tier DESC, created_at DESC LIMIT ${options.limit} OFFSET ${options.offset}`;
}

/** Members whose nickname contains the text or resembles it (pg_trgm), best first. */
function membersQuery(q: ParsedQuery, options: { limit: number; offset: number }): SQL {
  const text = q.nickname;
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`
    SELECT 'member' AS kind, id, nickname AS title, left(coalesce(bio, ''), 4000) AS body, NULL::uuid AS category_id,
           NULL::uuid AS thread_id, created_at, nickname AS author_name, id AS author_id, avatar_url
      FROM profiles
     WHERE lower(nickname) LIKE ${`%${escaped}%`} OR lower(nickname) % ${text}
     ORDER BY (lower(nickname) = ${text}) DESC, (lower(nickname) LIKE ${`${escaped}%`}) DESC,
              similarity(lower(nickname), ${text}) DESC, lower(nickname)
     LIMIT ${options.limit} OFFSET ${options.offset}`;
}

/** Lower-case stems of the query words (for highlighting), plus the words as typed. */
async function termsOf(db: Db, q: ParsedQuery): Promise<string[]> {
  const result = await db.execute(
    sql`SELECT coalesce(array_agg(lexeme), '{}') AS stems FROM unnest(to_tsvector('swedish', ${q.terms.join(" ")}))`,
  );
  const stems = (rowsOf(result)[0]?.stems as string[] | undefined) ?? [];
  return [...new Set([...q.terms, ...stems])];
}

function toResult(row: Row, terms: string[]): SearchResult {
  const createdAt = row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at));
  const kind = row.kind as SearchKind;
  return {
    kind,
    id: String(row.id),
    title: String(row.title ?? ""),
    snippet: makeSnippet(String(row.body ?? ""), terms),
    author_name: (row.author_name as string | null) ?? null,
    author_id: (row.author_id as string | null) ?? null,
    category_id: (row.category_id as string | null) ?? null,
    thread_id: (row.thread_id as string | null) ?? null,
    created_at: createdAt.toISOString(),
    avatar_url: kind === "member" ? ((row.avatar_url as string | null) ?? null) : null,
  };
}

/**
 * Runs `work` in a transaction with the search statement time-out.
 *
 * @throws ForumError 503-like (status 429 is not right here, so 400 is not used either): a
 *   time-out or database failure becomes {@link SearchUnavailableError}
 */
async function bounded<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${SEARCH_TIMEOUT_MS}`));
      return work(tx as unknown as Db);
    });
  } catch (error) {
    if (error instanceof ForumError) throw error;
    throw new SearchUnavailableError(error);
  }
}

/**
 * The search failed in the database (time-out, connection); shown as 'Fel vid sökning'
 * (SPEC §8). Routes answer 503.
 */
export class SearchUnavailableError extends Error {
  /** @param cause the driver error */
  constructor(cause: unknown) {
    super(s.failed, { cause });
    this.name = "SearchUnavailableError";
  }
  /** The PostgreSQL error code, e.g. `57014` for a statement time-out. */
  get code(): string | undefined {
    return pgCode(this.cause);
  }
}

/**
 * `search_all(query_text, limit_count = 20)` (SPEC §7): the search box's results — members
 * whose nickname matches (at most 5) followed by threads and comments in rank order.
 *
 * @param db the database
 * @param queryText what was typed (any value; cut to 200 characters; empty → no results)
 * @param limitCount maximum rows, 1..20 (default 20)
 * @returns `{ results, terms }`; `results` is empty when nothing matches or nothing is searchable
 * @throws SearchUnavailableError when the database fails or the time-out (3 s) is hit
 */
export async function searchAll(db: Db, queryText: unknown, limitCount = SEARCH_LIMIT): Promise<SearchResponse> {
  const q = parseSearchQuery(queryText);
  const limit = Math.max(1, Math.min(SEARCH_LIMIT, Math.floor(Number(limitCount)) || SEARCH_LIMIT));
  if (q.empty) return { results: [], terms: [] };
  return bounded(db, async (tx) => {
    const terms = await termsOf(tx, q);
    const memberRows =
      q.nickname.length >= 2 ? rowsOf(await tx.execute(membersQuery(q, { limit: Math.min(MEMBER_LIMIT, limit), offset: 0 }))) : [];
    const postRows = rowsOf(await tx.execute(postsQuery(q, { limit, offset: 0 })));
    // Members first (a nickname typed in full is what the member is after), posts fill the rest,
    // but posts always keep at least half of the slots.
    const members = memberRows.slice(0, Math.max(0, Math.min(memberRows.length, limit - Math.min(postRows.length, Math.ceil(limit / 2)))));
    const rows = [...members, ...postRows.slice(0, limit - members.length)];
    return { results: rows.map((row) => toResult(row, terms)), terms };
  });
}

/**
 * One page of the full results page `/forum/sok`.
 *
 * @param db the database
 * @param queryText what was searched for (any value)
 * @param options kind filter, category filter, 1-based page, page size
 * @returns the page's results, whether there is a next page, the members box and the terms
 * @throws SearchUnavailableError when the database fails or the time-out is hit
 */
export async function searchPage(db: Db, queryText: unknown, options: SearchPageOptions = {}): Promise<SearchPageResult> {
  const q = parseSearchQuery(queryText);
  const page = Math.max(1, Math.min(SEARCH_MAX_PAGE, Math.floor(options.page ?? 1) || 1));
  const pageSize = Math.max(1, Math.min(50, options.pageSize ?? SEARCH_PAGE_SIZE));
  if (q.empty) return { results: [], terms: [], members: [], page, hasMore: false };
  const offset = (page - 1) * pageSize;
  return bounded(db, async (tx) => {
    const terms = await termsOf(tx, q);
    if (options.kind === "member") {
      if (q.nickname.length < 2) return { results: [], terms, members: [], page, hasMore: false };
      const rows = rowsOf(await tx.execute(membersQuery(q, { limit: pageSize + 1, offset })));
      return {
        results: rows.slice(0, pageSize).map((r) => toResult(r, terms)),
        terms,
        members: [],
        page,
        hasMore: rows.length > pageSize && page < SEARCH_MAX_PAGE,
      };
    }
    const rows = rowsOf(
      await tx.execute(postsQuery(q, { kind: options.kind, categoryId: options.categoryId, limit: pageSize + 1, offset })),
    );
    const showMembers = !options.kind && !options.categoryId && page === 1 && q.nickname.length >= 2;
    const members = showMembers ? rowsOf(await tx.execute(membersQuery(q, { limit: MEMBER_LIMIT, offset: 0 }))) : [];
    return {
      results: rows.slice(0, pageSize).map((r) => toResult(r, terms)),
      terms,
      members: members.map((r) => toResult(r, terms)),
      page,
      hasMore: rows.length > pageSize && page < SEARCH_MAX_PAGE,
    };
  });
}
