/**
 * `/forum/post/{postId}` (SPEC §2): sends the visitor to the thread's page.
 *
 * @module
 */
import { data, redirect } from "react-router";
import { findThreadLocation } from "../../server/forum/queries";
import { servicesContext } from "../../server/platform/services";
import { forum as f } from "../../domain/i18n/sv";
import { threadPath } from "../../domain/paths";
import { RouteErrorBox } from "../components/layout/error-views";
import type { Route } from "./+types/post-redirect";

/** 301 to the thread URL, or 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const location = await findThreadLocation(context.get(servicesContext).db, params.postId);
  if (!location) throw data(f.threadNotFound, { status: 404 });
  return redirect(threadPath(location.categoryId, params.postId), 301);
}

/** Never rendered: the loader redirects or throws. */
export default function PostRedirect() {
  return null;
}

/** Missing thread; the 503 page when the database is unavailable. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBox error={error} text={f.threadNotFound} />;
}
