/**
 * Nickname search for @mentions (SPEC §5 @mention, §7 "Search profiles by nickname:
 * case-insensitive contains, default limit 5"; §9 user search min 2 characters). A trigram index
 * on lower(nickname) keeps 'contains' fast with many members.
 *
 * @module
 */
import { asc, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { profiles } from "../db/schema";

/** SPEC §9 User search default limit. */
export const USER_SEARCH_LIMIT = 5;
/** SPEC §9 min query length for user search. */
export const USER_SEARCH_MIN = 2;

/** A member in the picker (SPEC §3 User search result). */
export interface UserSearchResult {
  id: string;
  nickname: string;
  avatarUrl: string | null;
}

/**
 * Members whose nickname contains `query`, prefix matches first.
 *
 * @param query what was typed after '@' (trimmed; under 2 characters gives no rows)
 * @param limit maximum rows (default 5)
 */
export async function searchNicknames(db: Db, query: string, limit = USER_SEARCH_LIMIT): Promise<UserSearchResult[]> {
  const q = query.trim().toLowerCase().slice(0, 40);
  if (q.length < USER_SEARCH_MIN) return [];
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: profiles.id, nickname: profiles.nickname, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(sql`lower(${profiles.nickname}) LIKE ${pattern}`)
    .orderBy(sql`CASE WHEN lower(${profiles.nickname}) LIKE ${`${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} THEN 0 ELSE 1 END`, asc(sql`length(${profiles.nickname})`), asc(profiles.nickname))
    .limit(Math.min(limit, 20));
}
