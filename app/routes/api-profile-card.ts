/**
 * `GET /api/profile-card/{userId}` or `/api/profile-card/-?nickname=…`: what the profile drawer
 * shows (SPEC §2 Profile side panel): essentials, whether the viewer follows, and whether it is
 * the viewer's own profile, whether the viewer mutes the member (`muted`), and what the
 * viewer may do with the member (`can`, `memberCan`). 404 JSON 'Kunde inte hitta användaren.' when missing.
 *
 * @module
 */
import { isFollowing } from "../../server/follows/commands";
import { getProfile, getProfileByNickname } from "../../server/profiles/queries";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { profile as p } from "../../domain/i18n/sv";
import { memberCan } from "../../domain/policy/moderation";
import { roleOf } from "../../domain/roles";
import type { Route } from "./+types/api-profile-card";

/** The card as JSON (never cached: follow state is per viewer). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const nickname = new URL(request.url).searchParams.get("nickname");
  const profile = nickname ? await getProfileByNickname(services.db, nickname) : await getProfile(services.db, params.userId);
  const headers = { "Cache-Control": "no-store" };
  if (!profile) return Response.json({ ok: false, error: p.userNotFound }, { status: 404, headers });
  const viewer = await getViewer(services, request);
  const own = viewer?.id === profile.id;
  const follows = viewer && !own ? await isFollowing(services.db, viewer.id, profile.id) : false;
  const can = memberCan(viewer, { id: profile.id, role: roleOf(profile.roleId) });
  const muted = viewer !== null && !own && viewer.mutedIds.has(profile.id);
  return Response.json({ ok: true, profile, own, can, following: follows, muted, loggedIn: viewer !== null }, { headers });
}
