/**
 * `/forum/profil/{userId}` (SPEC §2 Profile page), server-rendered with OpenGraph tags.
 *
 * @module
 */
import { data } from "react-router";
import { profilePageData } from "../../server/profiles/page";
import { getProfile } from "../../server/profiles/queries";
import { servicesContext } from "../../server/services";
import { sharedRead } from "../../server/cache/shared-page-data";
import { getViewer } from "../../server/session";
import { RouteErrorBox } from "../components/layout/not-found";
import { ProfileView } from "../components/profile/profile-view";
import { profile as p } from "../../domain/i18n/sv";
import { profileMeta } from "../lib/profile-meta";
import type { Route } from "./+types/profile";

/** The profile, its activity and follow state, or 404 'Profilen hittades inte'. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  // Issue 21: the same for every member, from the shared page data in production.
  const { profile } = await sharedRead(services.sharedPageData, request, viewer !== null, `profile|${params.userId}`, async () => ({
    profile: await getProfile(services.db, params.userId),
  }));
  if (!profile) throw data(p.notFound, { status: 404 });
  return profilePageData(services, profile, viewer, request);
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
