/**
 * `/forum/profil` (SPEC §2 Profile redirect screen): a member goes to /forum/profil/{userId}, a
 * guest to /auth/login, and on error to /forum — all as replace navigations (HTTP redirects, so
 * the spec's 100 ms spinner is never needed).
 *
 * @module
 */
import { redirect } from "react-router";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import type { Route } from "./+types/profile-redirect";

/** Redirects by who is asking. */
export async function loader({ request, context }: Route.LoaderArgs) {
  let viewer;
  try {
    viewer = await getViewer(context.get(servicesContext), request);
  } catch (error) {
    console.error("[profil] kunde inte läsa sessionen:", (error as Error).message);
    throw redirect("/forum");
  }
  if (!viewer) throw redirect(`/auth/login?redirectTo=${encodeURIComponent("/forum/profil")}`);
  throw redirect(`/forum/profil/${viewer.id}`);
}

/** Never rendered. */
export default function ProfileRedirect() {
  return null;
}
