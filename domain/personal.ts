/**
 * The contract between a page and the page cache's member renders (docs/decisions/039). A plain
 * member's page differs from other members' only in small personal parts (the header's member,
 * own reactions, 'Sparad', 'Bevaka tråd', 'Följ', the notification list). The page declares each
 * part with `<Personal>` (app/lib/personal.tsx) and each loader a {@link PersonalReader}
 * (server/cache/share-personal.ts); server/cache/page-cache.ts renders the page once for a
 * generic member and splices in each member's parts by name. Shapes only: no DOM, no database.
 *
 * @module
 */
import type { SiteCan } from "./policy/actor";

/**
 * The id of the generic member a shared render is made for: a member with no reactions, saves,
 * follows or mutes, who wrote nothing. Never a real account (random UUIDs are version 4 with a
 * random part; this one is all zeros there).
 */
export const GENERIC_VIEWER_ID = "00000000-0000-4000-8000-000000000000";

/** The `window` property the page's personal states are put in (read by the browser at hydration). */
export const PERSONAL_GLOBAL = "__borssnackPersonal";

/** The personal part that carries every state of an answer to the browser (app/lib/personal.tsx `PersonalData`). */
export const PERSONAL_DATA = "personal-data";

/** The part of the header that shows the member; its state is the member ({@link OverlayViewer}), which the server knows itself. */
export const VIEWER_PART = "viewer";

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
  /** Conversations with unread messages: the header's 'Inkorg' badge ({@link INBOX_PART}). */
  inboxUnread: number;
}

/** The header's 'Inkorg' link with its badge; its state is the viewer's {@link OverlayViewer.inboxUnread}. */
export const INBOX_PART = "inbox";

/**
 * A member's states of a page's personal parts, by part name. A part that is absent keeps its
 * generic state. Values are JSON (they go to the browser as they are).
 */
export type PersonalStates = Record<string, unknown>;

/**
 * What a page's loader declares: reads the member's states of the page's parts.
 *
 * @typeParam V the server's viewer
 * @param viewer the member asking
 * @param answer see {@link PersonalAnswer}
 * @returns the states, or null when this member's page differs in more than its parts (a post by
 *   a member they mute, their own profile, a search over their limit): the member's own render
 *   answers instead
 * @throws database errors (the member's own render then answers)
 */
export type PersonalReader<V> = (viewer: V, answer: PersonalAnswer) => Promise<PersonalStates | null> | PersonalStates | null;

/** The answer a reader reads for. */
export interface PersonalAnswer {
  /** The generic render was made for this answer, not kept nor another answer's (a search counts against the limit only then). */
  fresh: boolean;
  /** The member's address (for limits counted per address). */
  ip: string;
}

/** One personal part of a generic render, as the page declared it. */
export interface PersonalSlot {
  /** Unique on the page. */
  name: string;
  /** The generic state the render used. */
  generic: unknown;
  /**
   * The part's markup for a state, exactly as the page renders it in place (React, on the
   * server); for {@link PERSONAL_DATA} the state is the states' JSON text.
   */
  html(state: unknown): string;
}

/** What one generic render declared: its parts, its loaders' readers, and strings new per answer. */
export interface PersonalParts<V> {
  slots: PersonalSlot[];
  readers: Array<PersonalReader<V>>;
  /** Strings of the render each answer replaces with a new random UUID (a form's idempotency key). */
  renew: string[];
}

/** @returns an empty {@link PersonalParts}, to collect one generic render's declarations */
export function personalParts<V>(): PersonalParts<V> {
  return { slots: [], readers: [], renew: [] };
}

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/;
/** JSON made safe inside `<script>` (`<`, `>`, `&`, U+2028, U+2029 as `\u` escapes). */
export function scriptJson(value: unknown): string {
  const json = JSON.stringify(value);
  return UNSAFE_IN_SCRIPT.test(json) ? json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`) : json;
}
