/**
 * `/forum/post/{postId}` (SPEC §2): sends the visitor to the thread's page.
 *
 * @module
 */
import { data, redirect } from "react-router";
import { findThreadLocation } from "../../server/forum/queries";
import { mergedInto } from "../../server/thread-tools/queries";
import { servicesContext } from "../../server/platform/services";
import { forum as f } from "../../domain/i18n/sv";
import { threadPath } from "../../domain/paths";
import { RouteErrorBox } from "../components/layout/error-views";
import type { Route } from "./+types/post-redirect";

/** 301 to the thread URL (of a merged thread: the thread it joined, 'Slå ihop'), or 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const location = await findThreadLocation(db, params.postId);
  if (location) return redirect(threadPath(location.categoryId, params.postId, location.title), 301);
  const merged = await mergedInto(db, params.postId);
  if (!merged) throw data(f.threadNotFound, { status: 404 });
  return redirect(threadPath(merged.categoryId, merged.threadId, merged.title), 301);
}

/** Never rendered: the loader redirects or throws. */
export default function PostRedirect() {
  return null;
}

/** Missing thread; the 503 page when the database is unavailable. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBox error={error} text={f.threadNotFound} />;
}
