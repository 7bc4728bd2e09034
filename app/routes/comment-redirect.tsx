/**
 * `/forum/kommentar/{commentId}` (beyond SPEC §2): sends a link to a comment to the thread page
 * that shows it, `?sida=N#comment-{id}`, where the thread page scrolls to it and highlights it
 * (SPEC §2 Thread page). Notifications, search results, profiles and ticker pages link here,
 * because with paginated comments the thread URL alone no longer says which page.
 *
 * @module
 */
import { data, redirect } from "react-router";
import { locateComment } from "../../server/forum/queries";
import { servicesContext } from "../../server/platform/services";
import { toasts as t } from "../../domain/i18n/sv";
import { threadPath } from "../../domain/paths";
import { RouteErrorBox } from "../components/layout/error-views";
import type { Route } from "./+types/comment-redirect";

/** 302 to the comment on its page, or 404 'Kunde inte hitta kommentaren'. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await locateComment(context.get(servicesContext).db, params.commentId);
  if (!found) throw data(t.commentNotFound, { status: 404 });
  const page = found.page > 1 ? `?sida=${found.page}` : "";
  return redirect(`${threadPath(found.categoryId, found.threadId, found.title)}${page}#comment-${params.commentId}`);
}

/** Never rendered: the loader redirects or throws. */
export default function CommentRedirect() {
  return null;
}

/** Missing comment; the 503 page when the database is unavailable. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBox error={error} text={t.commentNotFound} />;
}
