/**
 * Where a search result leads (SPEC §2 Search results: the thread, the comment anchor or the
 * profile; SPEC §8: a result without the ids it needs falls back to /forum).
 *
 * @module
 */
import { commentPath, profilePath, threadPath } from "../../../domain/paths";
import type { SearchKind } from "../../../domain/values";

/** The fields of a search result that decide its link (SPEC §3 Search result). */
export interface ResultTarget {
  kind: SearchKind;
  id: string;
  category_id: string | null;
  thread_id: string | null;
  /** A thread's title (its link's slug); a member's nickname. */
  title?: string | null;
}

/**
 * @param result a search result
 * @returns the path to open; `/forum` when the result lacks its category or thread (logged)
 */
export function resultPath(result: ResultTarget): string {
  if (result.kind === "member") return profilePath(result.id);
  if (result.kind === "thread") {
    if (!result.category_id) {
      console.warn("Could not navigate to thread - missing category ID");
      return "/forum";
    }
    return threadPath(result.category_id, result.id, result.title);
  }
  if (!result.category_id || !result.thread_id) {
    console.warn("Could not navigate to comment - missing required data");
    return "/forum";
  }
  return commentPath(result.id);
}
