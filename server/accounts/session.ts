/**
 * Who is asking: resolves the better-auth session of a request to the member's profile, and the
 * guards routes call (ARCHITECTURE.md auth.ts guards; SPEC §6 Roles and permissions).
 *
 * @module
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import { errors } from "../../domain/i18n/sv";
import { account, blockedUsers, conversationMembers, memberMutes, profiles } from "../db/schema";
import { isAdminRole, roleOf, type Role } from "../../domain/roles";
import { actsAsAdmin, actsAsStaff, siteCan } from "../../domain/policy/actor";
import type { Services } from "../platform/services";
import type { StaffRole } from "../../domain/values";
import { wroteJustNowByCookie } from "../cache/read-caches";
import { GENERIC_VIEWER_ID, type OverlayViewer } from "../../domain/personal";

/** The logged-in member as the server sees them. */
export interface Viewer {
  /** User and profile id. */
  id: string;
  nickname: string;
  email: string;
  avatarUrl: string | null;
  /** 0..1 (SPEC §3 EdgeLevel). */
  edgeLevel: number;
  /** Effective role (SPEC §3: unknown role ids count as member). */
  role: Role;
  /** Whether the account has a password (SPEC §3 password_hash "read only to tell"). */
  hasPassword: boolean;
  /**
   * Whether the member is in `blocked_users` (SPEC §3): part of the actor every policy gets, so
   * a blocked moderator or admin has no powers.
   */
  blocked: boolean;
  /**
   * Ids of the members this member mutes ('Dölj medlem'), read in the same query as the
   * profile, so loaders collapse their posts without another query (`server/mutes/collapse.ts`).
   * Private: never sent to the browser as such.
   */
  mutedIds: ReadonlySet<string>;
  /** Conversations with messages the member has not read ('Inkorg' badge), read with the profile. */
  inboxUnread: number;
  /** When the account was made (ms since the epoch), for the first-day limits; absent: the limits read it. */
  joinedAtMs?: number;
}

/**
 * The viewer's public fields, as the root loader sends them to the browser (no e-mail, no mutes).
 *
 * @param viewer the member
 * @returns `{ id, nickname, can (siteCan), avatarUrl, edgeLevel (0..1), hasPassword, inboxUnread }`
 */
export function toClientViewer(viewer: Viewer): OverlayViewer {
  return {
    id: viewer.id,
    nickname: viewer.nickname,
    can: siteCan(viewer),
    avatarUrl: viewer.avatarUrl,
    edgeLevel: viewer.edgeLevel,
    hasPassword: viewer.hasPassword,
    inboxUnread: viewer.inboxUnread,
  };
}

/**
 * The request header that marks the shared member render's generic render
 * (server/cache/page-cache.ts); the secret is random per process, so a client cannot ask for
 * one (and would only get a page without anything personal); its value is {@link genericRenderSecret}.
 */
export const GENERIC_RENDER_HEADER = "x-borssnack-generic-render";

const SECRET = Buffer.from(randomBytes(16).toString("hex"));

/** @returns this process's secret for {@link GENERIC_RENDER_HEADER} (32 hex characters) */
export function genericRenderSecret(): string {
  return SECRET.toString();
}

/**
 * Whether `request` is this process's generic render.
 *
 * @param request a loader's request
 * @returns true only for requests carrying {@link genericRenderSecret}
 */
export function isGenericRender(request: Request): boolean {
  const given = Buffer.from(request.headers.get(GENERIC_RENDER_HEADER) ?? "");
  return given.length === SECRET.length && timingSafeEqual(given, SECRET);
}

/**
 * The member a generic render is made for (server/cache/share-personal.ts): role
 * member, not blocked, no mutes; no row in any table has its id, so every "own" query finds
 * nothing.
 */
export const GENERIC_VIEWER: Viewer = {
  id: GENERIC_VIEWER_ID,
  nickname: "",
  email: "",
  avatarUrl: null,
  edgeLevel: 0,
  role: "member",
  hasPassword: true,
  blocked: false,
  mutedIds: new Set(),
  inboxUnread: 0,
};

/**
 * The viewer of each request, looked up once: the root loader and the page's loaders ask for
 * the same request, and each lookup is a session read plus a profile read (five
 * queries before the page's own).
 */
const viewers = new WeakMap<Request, Promise<Viewer | null>>();

/**
 * Reads the session cookie of `request`.
 *
 * @param services server services
 * @param request the incoming request
 * @returns the {@link Viewer}, or `null` for a visitor (no, expired or invalid session)
 */
export function getViewer(services: Services, request: Request): Promise<Viewer | null> {
  // The shared member render is made for a generic member (server/cache/share-personal.ts).
  if (isGenericRender(request)) return Promise.resolve(GENERIC_VIEWER);
  let viewer = viewers.get(request);
  if (!viewer) {
    viewer = lookUpViewer(services, request);
    viewers.set(request, viewer);
    // A failed lookup is not remembered: the next loader asks again.
    viewer.catch(() => viewers.delete(request));
  }
  return viewer;
}

function lookUpViewer(services: Services, request: Request): Promise<Viewer | null> {
  return viewerFromHeaders(services, request.headers);
}

/**
 * The member whose session cookie is in `headers` (what {@link getViewer} reads for a request;
 * also used before a request reaches React Router, by the shared member render).
 *
 * @param services server services
 * @param headers the request's headers (the `Cookie` header is what counts)
 * @returns the {@link Viewer}, or `null` (no, expired or invalid session; no profile)
 */
export async function viewerFromHeaders(services: Services, headers: Headers): Promise<Viewer | null> {
  // Remembered for a few seconds per session in production (Services.viewerCache), emptied on
  // every write that changes pages or members and forgotten when the session ends; a failed
  // lookup is not remembered.
  // Not right after the member's own write (`borssnack_fresh`): their change (an avatar, a
  // mute) shows at once, even before this process has heard of the write.
  const cookie = headers.get("cookie") ?? "";
  const key = services.viewerCache && !wroteJustNowByCookie(cookie) ? sessionKey(cookie) : null;
  if (!services.viewerCache || !key) return readViewer(services, headers);
  const { viewer } = await services.viewerCache.get(key, async () => ({ viewer: await readViewer(services, headers) }));
  return viewer;
}

/** The session token cookie's value (better-auth, cookie prefix `borssnack`). */
const SESSION_TOKEN = /(?:^|;\s*)(?:__Secure-)?borssnack\.session_token=([^;]+)/;

/**
 * A name for the session in a `Cookie` header that can travel between instances without being
 * the session: the first 32 hex digits of the SHA-256 of the session cookie's value. The session
 * lookup cache is keyed by it, an event stream carries it, and a logout announces it
 * (`session-ended`, server/realtime/events.ts) so every instance forgets the session at once.
 *
 * @param cookie the request's `Cookie` header, or null
 * @returns 32 lower-case hex characters, or null when there is no session cookie
 */
export function sessionKey(cookie: string | null | undefined): string | null {
  const token = SESSION_TOKEN.exec(cookie ?? "")?.[1];
  return token ? createHash("sha256").update(token).digest("hex").slice(0, 32) : null;
}

async function readViewer(services: Services, headers: Headers): Promise<Viewer | null> {
  const session = await services.auth.api.getSession({ headers });
  if (!session) return null;
  const [profile] = await services.db
    .select({
      nickname: profiles.nickname,
      avatarUrl: profiles.avatarUrl,
      edgeLevel: profiles.edgeLevel,
      roleId: profiles.roleId,
      hasPassword: sql<boolean>`EXISTS (SELECT 1 FROM ${account} WHERE ${account.userId} = ${session.user.id}
        AND ${account.providerId} = 'credential' AND ${account.password} IS NOT NULL)`,
      blocked: sql<boolean>`EXISTS (SELECT 1 FROM ${blockedUsers} WHERE ${blockedUsers.userId} = ${session.user.id})`,
      mutedIds: sql<string[] | null>`(SELECT array_agg(${memberMutes.mutedId}) FROM ${memberMutes} WHERE ${memberMutes.muterId} = ${session.user.id})`,
      inboxUnread: sql<number>`(SELECT count(*)::int FROM ${conversationMembers} WHERE ${conversationMembers.userId} = ${session.user.id}
        AND ${conversationMembers.unreadCount} > 0 AND ${conversationMembers.leftAt} IS NULL)`,
    })
    .from(profiles)
    .where(eq(profiles.id, session.user.id))
    .limit(1);
  if (!profile) return null;
  return {
    id: session.user.id,
    nickname: profile.nickname,
    email: session.user.email,
    avatarUrl: profile.avatarUrl,
    edgeLevel: profile.edgeLevel,
    role: roleOf(profile.roleId),
    hasPassword: Boolean(profile.hasPassword),
    blocked: Boolean(profile.blocked),
    mutedIds: new Set(profile.mutedIds ?? []),
    inboxUnread: Number(profile.inboxUnread ?? 0),
    joinedAtMs: new Date(session.user.createdAt).getTime(),
  };
}

/**
 * The login URL that brings the visitor back to where they were (SPEC §6 Protected routes).
 *
 * @param request the request that needed a login
 * @returns `/auth/login?redirectTo=<path and query>`
 */
export function loginUrlFor(request: Request): string {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return `/auth/login?redirectTo=${encodeURIComponent(back)}`;
}

/** SPEC §9 Protected-route auth check time-out (ms). */
export const AUTH_CHECK_TIMEOUT_MS = 10_000;

/** Status of the thrown 'Anslutningsproblem' answer (SPEC §8 Authentication). */
export const CONNECTION_PROBLEM_STATUS = 503;

/**
 * Requires a logged-in member for a page (SPEC §6 Protected routes).
 *
 * @param timeoutMs how long the session check may take (default 10 s, SPEC §9)
 * @throws a redirect `Response` to the login page carrying the origin location; a 503 answer
 *   with the 'Anslutningsproblem' text when the check fails or times out
 */
export async function requireViewer(services: Services, request: Request, timeoutMs = AUTH_CHECK_TIMEOUT_MS): Promise<Viewer> {
  let timer: NodeJS.Timeout | undefined;
  let viewer: Viewer | null;
  try {
    viewer = await Promise.race([
      getViewer(services, request),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("auth check timed out")), timeoutMs);
      }),
    ]);
  } catch (error) {
    console.error("[auth] inloggningskontrollen misslyckades:", (error as Error).message);
    throw data(errors.connectionText, { status: CONNECTION_PROBLEM_STATUS });
  } finally {
    clearTimeout(timer);
  }
  if (!viewer) throw redirect(loginUrlFor(request));
  return viewer;
}

/**
 * Requires an acting moderator or admin (SPEC §6 moderatorOnly) or an acting admin (adminOnly):
 * `domain/policy/actor.ts`, so a blocked moderator or admin is turned away too.
 *
 * @param role the least role that may pass
 * @throws like {@link requireViewer}; a redirect to /forum for members without the role and for
 *   blocked staff
 */
export async function requireRole(services: Services, request: Request, role: StaffRole): Promise<Viewer> {
  const viewer = await requireViewer(services, request);
  const ok = isAdminRole(role) ? actsAsAdmin(viewer) : actsAsStaff(viewer);
  if (!ok) throw redirect("/forum");
  return viewer;
}

/** Any origin will do: only whether a target stays on it matters, and the result is a path. */
const REDIRECT_BASE = new URL("http://forum.invalid/");
/** Control characters, whitespace (incl. Unicode spaces) and backslashes: never in a target. */
const UNSAFE_IN_REDIRECT = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u2060\u3000\ufeff\\]/;

/**
 * A safe local redirect target (no open redirect). Browsers drop tabs and line
 * breaks from URLs and treat `\` like `/`, so `/\t/evil.example` would leave the site: such
 * values are refused outright. What remains is parsed against a fixed origin and kept only when
 * it stays on that origin; the normalised path is returned (so `/a/..//evil` cannot become
 * `//evil`, and the result is plain ASCII, safe for a `Location` header).
 *
 * @param value user-supplied `redirectTo` (any type)
 * @param fallback path used when `value` is missing or unsafe (default `/forum`)
 * @returns a same-origin path: begins with one `/`, never `//`, no control characters,
 *   whitespace or backslashes
 */
export function safeRedirect(value: unknown, fallback = "/forum"): string {
  if (typeof value !== "string" || value.length > 2000 || !value.startsWith("/") || value.startsWith("//")) return fallback;
  if (UNSAFE_IN_REDIRECT.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== REDIRECT_BASE.origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || path.startsWith("//") || UNSAFE_IN_REDIRECT.test(path)) return fallback;
  return path;
}
