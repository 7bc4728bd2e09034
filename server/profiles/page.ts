/**
 * The profile page's data, shared by `/forum/profil/{userId}` and `/@{nickname}`.
 *
 * @module
 */
import { isFollowing } from "../follows/commands";
import type { Services } from "../platform/services";
import type { Viewer } from "../accounts/session";
import { memberCan } from "../../domain/policy/moderation";
import { roleOf } from "../../domain/roles";
import { getProfileActivity } from "./queries";
import { sharedRead } from "../cache/read-caches";
import type { ProfileView } from "../../domain/views";
import { DESCRIPTION_CHARS, plainExcerpt } from "../content/excerpt";

/**
 * Loads activity and follow state for a found profile.
 *
 * @param profile the profile shown
 * @param viewer who is looking, or null
 * @param request the page request (a member's read of the activity may come from
 *   server/cache/read-caches.ts)
 * @returns the data of `ProfileView` (app/components/profile/profile-view.tsx), with `can`
 *   ({@link memberCan}: follow, block, deleteUser, changeRole, message, mute) computed for
 *   `viewer`, `muted` (whether the viewer mutes this member) and `bioText` (the bio's plain-text
 *   excerpt, {@link DESCRIPTION_CHARS} characters, `""` without a bio: description, OpenGraph and
 *   JSON-LD)
 */
export async function profilePageData(services: Services, profile: ProfileView, viewer: Viewer | null, request: Request) {
  const own = viewer?.id === profile.id;
  const [activity, following] = await Promise.all([
    // The same for every member, from the shared page data in production.
    sharedRead(services.sharedPageData, request, viewer !== null, `activity|${profile.id}`, () => getProfileActivity(services.db, profile.id)),
    viewer && !own ? isFollowing(services.db, viewer.id, profile.id) : Promise.resolve(false),
  ]);
  return {
    profile,
    activity,
    own,
    can: memberCan(viewer, { id: profile.id, role: roleOf(profile.roleId) }),
    following,
    // From the viewer's muted ids, read with the viewer (no extra query).
    muted: viewer !== null && !own && viewer.mutedIds.has(profile.id),
    loggedIn: viewer !== null,
    url: `${services.config.publicUrl}/@${encodeURIComponent(profile.nickname)}`,
    bioText: plainExcerpt(profile.bio ?? "", DESCRIPTION_CHARS),
  };
}
