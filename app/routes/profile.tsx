/**
 * `/forum/profil/{userId}` (SPEC §2 Profile page), server-rendered with OpenGraph tags.
 *
 * @module
 */
import { reportManifest } from "../../server/personal/generic-render";
import { data } from "react-router";
import { profilePageData } from "../../server/profiles/page";
import { getProfile } from "../../server/profiles/queries";
import { servicesContext } from "../../server/services";
import { sharedRead } from "../../server/cache/shared-page-data";
import { getViewer } from "../../server/session";
import { RouteErrorBox } from "../components/layout/error-views";
import { ProfileView } from "../components/profile/profile-view";
import { profile as p } from "../../domain/i18n/sv";
import { profileMeta } from "../lib/profile-meta";
import type { Route } from "./+types/profile";
import { useProfileOverlay } from "../lib/personal-overlay";

/** The profile, its activity and follow state, or 404 'Profilen hittades inte'. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  // The same for every member, from the shared page data in production.
  const { profile } = await sharedRead(services.sharedPageData, request, viewer !== null, `profile|${params.userId}`, async () => ({
    profile: await getProfile(services.db, params.userId),
  }));
  if (!profile) throw data(p.notFound, { status: 404 });
  // The shared member render learns whose profile this is.
  reportManifest(request, { kind: "profile", profileId: profile.id });
  return profilePageData(services, profile, viewer, request);
}

/** Title, description, OpenGraph. */
export const meta: Route.MetaFunction = ({ loaderData }) => profileMeta(loaderData ?? null);

/** The profile page. */
export default function Profile({ loaderData }: Route.ComponentProps) {
  // A page from the shared member render gets the member's 'Följ' state here.
  return <ProfileView data={useProfileOverlay(loaderData)} />;
}

/** Missing profile; the 503 page when the database is unavailable. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBox error={error} text={p.notFound} />;
}
