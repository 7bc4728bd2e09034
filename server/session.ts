/**
 * Who is asking: resolves the better-auth session of a request to the member's profile, and the
 * guards routes call (ARCHITECTURE.md auth.ts guards; SPEC §6 Roles and permissions).
 *
 * @module
 */
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { profiles } from "./db/schema";
import { roleOf, type Role } from "./roles";
import type { Services } from "./services";

/** The logged-in member as the server sees them. */
export interface Viewer {
  /** User and profile id. */
  id: string;
  nickname: string;
  email: string;
  avatarUrl: string | null;
  /** Effective role (SPEC §3: unknown role ids count as member). */
  role: Role;
}

/**
 * Reads the session cookie of `request`.
 *
 * @param services server services
 * @param request the incoming request
 * @returns the {@link Viewer}, or `null` for a visitor (no, expired or invalid session)
 */
export async function getViewer(services: Services, request: Request): Promise<Viewer | null> {
  const session = await services.auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const [profile] = await services.db
    .select({ nickname: profiles.nickname, avatarUrl: profiles.avatarUrl, roleId: profiles.roleId })
    .from(profiles)
    .where(eq(profiles.id, session.user.id))
    .limit(1);
  if (!profile) return null;
  return {
    id: session.user.id,
    nickname: profile.nickname,
    email: session.user.email,
    avatarUrl: profile.avatarUrl,
    role: roleOf(profile.roleId),
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

/**
 * Requires a logged-in member for a page.
 *
 * @throws a redirect `Response` to the login page carrying the origin location
 */
export async function requireViewer(services: Services, request: Request): Promise<Viewer> {
  const viewer = await getViewer(services, request);
  if (!viewer) throw redirect(loginUrlFor(request));
  return viewer;
}

/**
 * A safe local redirect target: only same-site paths, never `//host` or a scheme.
 *
 * @param value user-supplied `redirectTo`
 * @param fallback path used when `value` is missing or unsafe
 * @returns a path beginning with a single `/`
 */
export function safeRedirect(value: unknown, fallback = "/forum"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  return value;
}
