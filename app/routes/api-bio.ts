/**
 * `POST /api/bio`: the logged-in member saves their own bio (SPEC §4 Bio edit). JSON
 * `{ ok, bio, bioHtml }` or 4xx `{ ok: false, error, title }`. A body without a `bio` field (a
 * JSON or broken multipart body, which `readForm` cannot read) answers 400 'Ogiltig förfrågan.'
 * and keeps the bio: only `bio=` empties it. Over the bio limit
 * (server/action-limits.ts, 10 a minute) 429 with `Retry-After`.
 *
 * @module
 */
import { refusedJson } from "../../server/action-limits";
import { clientIp } from "../../server/client-ip";
import { cookBio } from "../../server/content/storage";
import { ForumError } from "../../server/errors";
import { readForm } from "../../server/http";
import { updateBio } from "../../server/profiles/queries";
import { servicesContext } from "../../server/services";
import { getViewer } from "../../server/session";
import { errors, profile as p, toasts as t } from "../../domain/i18n/sv";
import type { Route } from "./+types/api-bio";

/** GET is not a save. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/** Saves the bio of the member making the request (nobody else's can be addressed). */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  if (!viewer) return Response.json({ ok: false, error: t.notLoggedIn, title: p.bioFailed }, { status: 401 });
  // Parsed before the limit is counted, as the write pipeline orders it: a malformed request
  // costs no point.
  const form = await readForm(request);
  if (typeof form.bio !== "string") {
    return Response.json({ ok: false, error: errors.badRequest, title: p.bioFailed }, { status: 400 });
  }
  const refused = await refusedJson(services.actionLimits, "bio", { userId: viewer.id, ip: clientIp(request), role: viewer.role }, { title: p.bioFailed });
  if (refused) return refused;
  try {
    const bio = form.bio;
    const saved = await updateBio(services.db, viewer.id, bio, await cookBio(services.db, bio));
    return Response.json({ ok: true, ...saved });
  } catch (error) {
    if (error instanceof ForumError) {
      return Response.json({ ok: false, error: error.message, title: error.title }, { status: error.status });
    }
    throw error;
  }
}
