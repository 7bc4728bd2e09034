/**
 * The unread marks as personal parts of shared list pages (domain/personal.ts,
 * docs/decisions/052-unread-and-links.md): the generic member's render carries none, and each
 * member's answer gets their 'N nya' and new-thread dots spliced in by name.
 *
 * @module
 */
import type { PersonalReader, PersonalStates } from "../../domain/personal";
import { GENERIC_VIEWER_ID } from "../../domain/personal";
import { unreadPart } from "../../domain/unread";
import type { UnreadState } from "../../domain/views";
import type { Viewer } from "../accounts/session";
import type { Db } from "../db/client";
import { unreadStates, type ListedThread } from "./queries";

/**
 * A list page's reader with the listed threads' unread marks added.
 *
 * @param db the database
 * @param threads the listed threads
 * @param reader the page's own reader (e.g. `listReader`); when it answers null, so does this one
 * @returns the reader
 */
export function withUnreadMarks(db: Db, threads: readonly ListedThread[], reader: PersonalReader<Viewer>): PersonalReader<Viewer> {
  return async (member, answer) => {
    const states = await reader(member, answer);
    if (states === null) return null;
    const marks = await unreadStates(db, member.id, threads);
    const out: PersonalStates = { ...states };
    for (const [id, state] of Object.entries(marks)) out[unreadPart(id)] = state;
    return out;
  };
}

/**
 * The listed threads with the viewer's unread state (`unread`), for a page rendered for the member
 * alone (the generic member's render and visitors get none).
 *
 * @param viewer the member, or null
 * @returns the rows, each with `unread` when the member has something unread in it
 */
export async function markUnread<T extends ListedThread>(db: Db, viewer: { id: string } | null, list: T[]): Promise<Array<T & { unread?: UnreadState }>> {
  if (!viewer || viewer.id === GENERIC_VIEWER_ID || list.length === 0) return list;
  const marks = await unreadStates(db, viewer.id, list);
  return list.map((t) => (marks[t.id] ? { ...t, unread: marks[t.id] } : t));
}
