/**
 * The member's own part of a page from the shared member render
 * (docs/decisions/039-shared-member-render.md): read for exactly the posts and members the page's
 * manifest lists, or `null` when the page must be rendered for the member alone because their
 * view differs in more than the parts the overlay sets:
 *
 * - staff and blocked members (every post's `can` differs: SPEC §6);
 * - a thread page with a post by a member they mute (collapsed);
 * - a list with a thread or result by a member they mute;
 * - their own profile, or one they mute;
 * - a search over their search limit (the normal path answers 429: the limit counts every search
 *   a member makes, the shared render included).
 *
 * @module
 */
import { type PersonalOverlay, type ThreadOverlay } from "../../domain/personal-overlay";
import { actsAsStaff } from "../../domain/policy/actor";
import { itemCan } from "../../domain/policy/forum";
import { RateLimitedError } from "../errors";
import { sql } from "drizzle-orm";
import { REACTION_TYPES, type ReactionType } from "../../domain/values";
import type { Db } from "../db/client";
import { isFollowing } from "../follows/commands";
import { getAllNotifications } from "../notifications/queries";
import { memberRead, notificationListKey } from "../cache/member-reads";
import type { Services } from "../services";
import type { Viewer } from "../session";
import type { PageManifest } from "./generic-render";

/**
 * The member's overlay for a page.
 *
 * @param services server services (database, action limits)
 * @param viewer the member asking
 * @param manifest what the page's generic render shows
 * @param ip the client's address (for the search limit)
 * @param rendered the page's generic render was made for this request (its search ran), not kept
 *   from an earlier one: a search page counts against the member's search limit only then, as a
 *   visitor's search counts only when the visitors' page cache had no answer
 *   (docs/decisions/014-abuse-limits.md: the limit guards the full-text queries; an answer from a
 *   kept render runs none, and counting it cost 1.9 ms of CPU per answer)
 * @returns the overlay without the viewer (the caller adds it), or null: render for the member alone
 *   (over the search limit, the member's own render answers 429 with the Swedish message)
 * @throws database errors (the caller then takes the normal path)
 */
export async function pageOverlay(
  services: Services,
  viewer: Viewer,
  manifest: PageManifest,
  ip: string,
  rendered: boolean,
): Promise<Omit<PersonalOverlay, "viewer"> | null> {
  if (!sharesRender(viewer)) return null;
  switch (manifest.kind) {
    case "thread": {
      const authors = Object.entries(manifest.authors);
      if (authors.some(([, id]) => viewer.mutedIds.has(id))) return null;
      const state = await threadOwnState(services.db, viewer.id, manifest.threadId, manifest.commentIds);
      return {
        thread: {
          ...state,
          own: authors.filter(([, id]) => id === viewer.id).map(([key]) => key),
          ownCan: itemCan(viewer, { authorId: viewer.id, authorRole: viewer.role }),
          submitKey: crypto.randomUUID(),
        },
      };
    }
    case "list": {
      if (manifest.authorIds.some((id) => viewer.mutedIds.has(id))) return null;
      if (manifest.search && rendered) {
        try {
          await services.actionLimits.enforce("search", { userId: viewer.id, ip, role: viewer.role });
        } catch (error) {
          if (error instanceof RateLimitedError) return null;
          throw error;
        }
      }
      return {};
    }
    case "notifications":
      // Kept per member until a write or a new notification (server/cache/member-reads.ts); no
      // cookie: the shared render never serves a member who has just written.
      return { notifications: await memberRead(services.memberReads, null, notificationListKey(viewer.id), () => getAllNotifications(services.db, viewer.id)) };
    case "profile": {
      if (manifest.profileId === viewer.id || viewer.mutedIds.has(manifest.profileId)) return null;
      return { profile: { following: await isFollowing(services.db, viewer.id, manifest.profileId) } };
    }
  }
}

/**
 * Whether the member's pages can come from the shared render at all: not staff, not blocked
 * (every post's `can` differs for them). Asked before the shared render is looked up, so staff
 * browsing alone never cause a generic render nobody uses.
 *
 * @param viewer the member
 * @returns true for a plain member
 */
export function sharesRender(viewer: Viewer): boolean {
  return !viewer.blocked && !actsAsStaff(viewer);
}

/**
 * The distinct author ids of listed items (for a list page's manifest).
 *
 * @param items threads or results with their author (null: deleted, or not a post)
 * @returns the ids, each once
 */
export function authorIdsOf(items: ReadonlyArray<{ author?: { id: string } | null }>): string[] {
  return [...new Set(items.flatMap((item) => (item.author ? [item.author.id] : [])))];
}

/**
 * The member's own state on a thread page in one query (the thread loader reads the same with
 * `ownReactions`, `isSubscribed` and `savedInThread`): reactions on the posts shown, saved posts
 * of the thread that are shown, and 'Bevaka tråd'.
 *
 * @param db database
 * @param viewerId the member
 * @param threadId the thread
 * @param commentIds the comments and replies on the page
 * @returns the reactions, saves and subscription of {@link ThreadOverlay}
 */
export async function threadOwnState(
  db: Db,
  viewerId: string,
  threadId: string,
  commentIds: readonly string[],
): Promise<Pick<ThreadOverlay, "reactions" | "saved" | "subscribed">> {
  // One array parameter, not one per comment (building a 100-parameter query cost more
  // than running it).
  const ids = sql`${sql.param([...commentIds])}::uuid[]`;
  const result = await db.execute(sql`
    SELECT 'reaction' AS kind, r.target_type || ':' || r.target_id AS key, r.reaction_type AS value
      FROM reactions r
     WHERE r.user_id = ${viewerId}
       AND ((r.target_type = 'thread' AND r.target_id = ${threadId}::uuid) OR (r.target_type = 'comment' AND r.target_id = ANY(${ids})))
    UNION ALL
    SELECT 'saved', CASE WHEN b.comment_id IS NULL THEN 'thread:' || b.thread_id ELSE 'comment:' || b.comment_id END, NULL
      FROM bookmarks b
     WHERE b.user_id = ${viewerId} AND b.thread_id = ${threadId}::uuid AND (b.comment_id IS NULL OR b.comment_id = ANY(${ids}))
    UNION ALL
    SELECT 'subscribed', NULL, s.subscribed::text
      FROM thread_subscriptions s
     WHERE s.user_id = ${viewerId} AND s.thread_id = ${threadId}::uuid`);
  const rows = (result as unknown as { rows: Array<{ kind: string; key: string | null; value: string | null }> }).rows;
  const reactions: Record<string, ReactionType[]> = {};
  const saved: string[] = [];
  let subscribed = false;
  for (const row of rows) {
    if (row.kind === "reaction" && row.key) (reactions[row.key] ??= []).push(row.value as ReactionType);
    else if (row.kind === "saved" && row.key) saved.push(row.key);
    else if (row.kind === "subscribed") subscribed = row.value === "true";
  }
  for (const key of Object.keys(reactions)) reactions[key] = REACTION_TYPES.filter((t) => reactions[key]!.includes(t));
  return { reactions, saved, subscribed };
}
