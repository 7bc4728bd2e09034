/**
 * Shapes of search results shared by the server (server/search/search.ts) and the browser
 * (search box, results page), kept free of server code so the browser bundle stays small.
 *
 * @module
 */

import type { SearchKind } from "./values";

/** One search result (SPEC §3 Search result; field names as in SPEC §7 search_all). */
export interface SearchResult {
  kind: SearchKind;
  /** thread id, comment id or member id */
  id: string;
  /** thread title (threads and comments) or nickname (members) */
  title: string;
  /** plain text around the first match (≤ 162 characters); the bio for members */
  snippet: string;
  /** the author's nickname, or null for a deleted member (shown as 'Okänd') */
  author_name: string | null;
  /** the author's id (a member result: the member's own), null for a deleted member; muted authors are marked by it */
  author_id: string | null;
  /** the thread's category, null for members */
  category_id: string | null;
  /** the thread (of a comment: its thread), null for members */
  thread_id: string | null;
  /** ISO timestamp of the post or of joining */
  created_at: string;
  /** avatar of a member result, otherwise null */
  avatar_url: string | null;
  /** set by the loader when the viewer mutes the author of this thread or comment; never on member results */
  muted?: true;
}

