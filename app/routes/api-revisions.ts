/**
 * `GET /api/revisions/{targetType}/{id}`: the kept edits of a thread or
 * comment for the history dialog, as JSON `{ ok: true, revisions: RevisionView[] }` (newest first,
 * each with editor, time and word diff; domain/views.ts). Posts are public, so whoever can see
 * the post can see its history; the staff's reasons stay in the moderation log. An editor whose
 * account is deleted is shown as 'Okänd', like the author of their kept posts (decision 006). 404
 * JSON `{ ok: false, error }` for an unknown kind or post.
 *
 * @module
 */
import { listRevisions } from "../../server/forum/revisions";
import { servicesContext } from "../../server/platform/services";
import { editing as ed } from "../../domain/i18n/sv";
import type { Route } from "./+types/api-revisions";

/** The history as JSON. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const revisions = await listRevisions(services.db, params.targetType, params.id);
  const headers = { "Cache-Control": "no-store" };
  if (!revisions) return Response.json({ ok: false, error: ed.historyFailed }, { status: 404, headers });
  return Response.json({ ok: true, revisions }, { headers });
}
