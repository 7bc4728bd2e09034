/**
 * Any other path (SPEC §2): the 404 page with status 404 — except `/@{nickname}`, which shows that
 * member's profile (case-insensitive; a different letter case redirects to the stored spelling),
 * and a path ending in `@{nickname}` of an existing member, which redirects to `/@{nickname}`.
 *
 * @module
 */
import { data, redirect } from "react-router";
import { profilePageData } from "../../server/profiles/page";
import { getProfileByNickname } from "../../server/profiles/queries";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { NotFound, Unavailable } from "../components/layout/error-views";
import { isUnavailableError } from "../lib/route-errors";
import { ProfileView } from "../components/profile/profile-view";
import { errors } from "../../domain/i18n/sv";
import { profileMeta } from "../lib/profile-meta";
import { NOINDEX } from "../lib/seo";
import type { Route } from "./+types/not-found";

/** Profile for `/@nick`, redirect for `…/@nick`, otherwise 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const path = decodeURIComponent(new URL(request.url).pathname).replace(/\/+$/, "");
  const match = path.match(/(^|\/)@([^/@]{1,60})$/);
  if (match) {
    const nickname = match[2]!;
    const profile = await getProfileByNickname(services.db, nickname);
    if (profile) {
      if (path !== `/@${profile.nickname}`) throw redirect(`/@${encodeURIComponent(profile.nickname)}`);
      return { profile: await profilePageData(services, profile, await getViewer(services, request), request) };
    }
  }
  throw data(null, { status: 404 });
}

/** Title of the 404 page (`noindex`) or the profile. */
export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.profile ? profileMeta(loaderData.profile) : [{ title: `${errors.notFound} – Börssnack` }, NOINDEX];

/** The profile at /@nickname. */
export default function NotFoundRoute({ loaderData }: Route.ComponentProps) {
  return <ProfileView data={loaderData.profile} />;
}

/** The 404 page; the 503 page when the database is unavailable. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return isUnavailableError(error) ? <Unavailable compact /> : <NotFound />;
}
