/**
 * The member's own part of a page served from the shared member render
 * (docs/decisions/039-shared-member-render.md). A page a plain member sees
 * differs from every other plain member's view of it only in small parts: the header's avatar
 * and nickname, their own reactions, 'Spara' / 'Sparad', 'Bevaka tråd', 'Följ'. The server
 * renders the page once for a generic member (the id {@link GENERIC_VIEWER_ID}), keeps it for a
 * few seconds, and answers each member with that page where the personal parts are set in the
 * markup, plus this overlay in `window[OVERLAY_GLOBAL]`; the browser applies the overlay to the
 * loader data before hydrating, so React sees exactly the markup it would have rendered itself.
 *
 * Shapes only: no DOM, no database (domain layer).
 *
 * @module
 */
import type { SiteCan } from "./policy/actor";
import type { ItemCan } from "./policy/forum";
import type { NotificationItem } from "./notifications";
import type { ReactionType, TargetType } from "./values";

/**
 * The id of the generic member a shared render is made for: a member with no reactions, saves,
 * follows or mutes, who wrote nothing. Never a real account (random UUIDs are version 4 with a
 * random part; this one is all zeros there).
 */
export const GENERIC_VIEWER_ID = "00000000-0000-4000-8000-000000000000";

/** The `window` property the overlay script sets (read once by the browser at hydration). */
export const OVERLAY_GLOBAL = "__borssnackPersonal";

/** The member as the header shows them: `ClientViewer` (app/lib/viewer.ts) has this shape. */
export interface OverlayViewer {
  id: string;
  nickname: string;
  /** What the viewer may open (header and admin links), from `siteCan`. */
  can: SiteCan;
  avatarUrl: string | null;
  /** 0..1, for the avatar ring. */
  edgeLevel: number;
  /** SPEC §4 hasPassword: the user menu shows 'Ställ in' or 'Byt'. */
  hasPassword: boolean;
}

/** The member's own state on a thread page. */
export interface ThreadOverlay {
  /** Own reactions per post, keyed by {@link targetKey}, in `REACTION_TYPES` order; posts without any are absent. */
  reactions: Record<string, ReactionType[]>;
  /** Keys ({@link targetKey}) of the posts of this page the member has saved ('Sparad'). */
  saved: string[];
  /** 'Bevaka tråd' is on. */
  subscribed: boolean;
  /** Keys of the posts on this page the member wrote. */
  own: string[];
  /** What the member may do with their own posts (`itemCan`, domain/policy/forum.ts). */
  ownCan: ItemCan;
  /** The comment forms' idempotency key, new for every answer. */
  submitKey: string;
}

/** The member's own state on another member's profile page. */
export interface ProfileOverlay {
  /** The member follows this profile ('Följer'). */
  following: boolean;
}

/** Everything personal in one answer from the shared member render. */
export interface PersonalOverlay {
  viewer: OverlayViewer;
  thread?: ThreadOverlay;
  profile?: ProfileOverlay;
  /**
   * The notifications page: the member's notifications (SPEC §2, ≤ 50, newest first), which the
   * server also set into the page's markup.
   */
  notifications?: NotificationItem[];
}

/**
 * The key of a post in {@link ThreadOverlay}: `thread:<id>` or `comment:<id>`.
 *
 * @param type the post's target type
 * @param id its id
 * @returns the key
 */
export function targetKey(type: TargetType, id: string): string {
  return `${type}:${id}`;
}
