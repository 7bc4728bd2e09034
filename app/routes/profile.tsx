/**
 * `/forum/profil/{userId}` (SPEC §2 Profile page), server-rendered with OpenGraph tags.
 *
 * @module
 */
import { sharePersonal } from "../../server/cache/share-personal";
import { isFollowing } from "../../server/follows/commands";
import { data } from "react-router";
import { profilePageData } from "../../server/profiles/page";
import { getProfile } from "../../server/profiles/queries";
import { servicesContext } from "../../server/platform/services";
import { sharedRead } from "../../server/cache/read-caches";
import { getViewer } from "../../server/accounts/session";
import { RouteErrorBox } from "../components/layout/error-views";
import { ProfileView } from "../components/profile/profile-view";
import { profile as p } from "../../domain/i18n/sv";
import { profileMeta } from "../lib/profile-meta";
import type { Route } from "./+types/profile";
import { FOLLOW_PART } from "../components/profile/follow-button";

/** The profile, its activity and follow state, or 404 'Profilen hittades inte'. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  // The same for every member, from the shared page data in production.
  const { profile } = await sharedRead(services.sharedPageData, request, viewer !== null, `profile|${params.userId}`, async () => ({
    profile: await getProfile(services.db, params.userId),
  }));
  if (!profile) throw data(p.notFound, { status: 404 });
  // A member's part: 'Följ'; their own profile, or one they mute, they get rendered alone.
  const shared = sharePersonal(context, async (member) =>
    member.id === profile.id || member.mutedIds.has(profile.id) ? null : { [FOLLOW_PART]: await isFollowing(services.db, member.id, profile.id) },
  );
  return { ...(await profilePageData(services, profile, viewer, request)), ...shared };
}

/** Title, description, OpenGraph. */
export const meta: Route.MetaFunction = ({ loaderData }) => profileMeta(loaderData ?? null);

/** The profile page. */
export default function Profile({ loaderData }: Route.ComponentProps) {
  return <ProfileView data={loaderData} />;
}

/** Missing profile; the 503 page when the database is unavailable. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBox error={error} text={p.notFound} />;
}
