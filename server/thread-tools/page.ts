/**
 * The thread page's share of the thread tools (docs/decisions/053-thread-tools.md): the viewer's
 * tools for the 'Åtgärder' menu, the texts of a locked or slowed thread (from the catalogue here,
 * so the page's first visit carries no more of them than it shows), and the viewer's own
 * slow-mode wait.
 *
 * @module
 */
import { threadTools as tl } from "../../domain/i18n/sv";
import { stockholmClock } from "../../domain/stockholm-clock";
import { hasThreadTools, threadToolsCan, type ThreadToolsData } from "../../domain/policy/thread-tools";
import type { Actor } from "../../domain/policy/actor";
import { roleOf } from "../../domain/roles";
import type { ThreadPage } from "../../domain/views";
import type { Db } from "../db/client";
import { listCategories } from "../forum/queries";
import { slowModeNext } from "./queries";

/** What the thread page's loader adds for the tools. */
export interface ThreadPageTools {
  /** The viewer's tools with the thread's state; null for anyone but acting staff. */
  tools: ThreadToolsData | null;
  /** The texts the page shows: the locked notice's (for this viewer) and the slow-mode rule; null when not so. */
  notices: { locked: string | null; slowMode: string | null };
  /** The viewer's slow-mode wait: 'Du kan kommentera igen kl. HH:MM.', or null (now, off, or exempt). */
  slowMode: { text: string | null };
}

/**
 * A member's slow-mode wait as the page says it.
 *
 * @param db database
 * @param userId the member
 * @param threadId the thread
 * @param minutes the thread's slow mode (null: off)
 * @returns 'Du kan kommentera igen kl. HH:MM.' (Stockholm time), or null when they may post now
 */
export async function slowModeText(db: Db, userId: string, threadId: string, minutes: number | null): Promise<string | null> {
  const next = await slowModeNext(db, userId, threadId, minutes);
  return next ? tl.slowModeNext(stockholmClock(next)) : null;
}

/**
 * The tools of the viewer on a thread page, and their slow-mode state.
 *
 * @param db database
 * @param viewer the viewer (with `blocked`), or null for a visitor
 * @param page the thread page as `getThreadPage` gives it
 * @returns {@link ThreadPageTools}; the categories are read only for a viewer who may move, the
 *   wait only under slow mode
 */
export async function threadPageTools(db: Db, viewer: (Actor & object) | null, page: ThreadPage): Promise<ThreadPageTools> {
  const { thread } = page;
  const can = threadToolsCan(viewer, { authorId: thread.author?.id ?? null, authorRole: roleOf(thread.author?.roleId), pinnedHome: thread.pinnedHome });
  const held = viewer !== null && !can.exempt && !thread.locked;
  const [categories, wait] = await Promise.all([
    can.move ? listCategories(db) : [],
    held ? slowModeText(db, viewer.id, thread.id, thread.slowModeMinutes) : null,
  ]);
  const tools: ThreadToolsData | null = hasThreadTools(can)
    ? {
        can,
        threadId: thread.id,
        title: thread.title,
        categoryId: page.category.id,
        pinned: thread.pinned,
        pinnedHome: thread.pinnedHome,
        locked: thread.locked,
        slowModeMinutes: thread.slowModeMinutes,
        categories: categories.map((c) => ({ id: c.id, name: c.name })),
      }
    : null;
  const notices = {
    locked: thread.locked ? (can.exempt ? tl.lockedStaff : tl.lockedDescription) : null,
    slowMode: thread.slowModeMinutes !== null && !thread.locked ? tl.slowModeRule(thread.slowModeMinutes) : null,
  };
  return { tools, notices, slowMode: { text: wait } };
}
