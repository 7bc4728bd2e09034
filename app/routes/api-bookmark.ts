/**
 * `POST /api/bookmark`: `targetType` (`thread` | `comment`), `targetId` and `intent` (`save` |
 * `unsave`) → JSON `{ ok, targetType, targetId, saved }`, or 4xx `{ ok: false, error, title }`
 * with the Swedish message (issue 19 'Spara').
 *
 * @module
 */
import { bookmarkWrite, unbookmarkWrite } from "../../server/bookmarks/commands";
import { failureBody, failureHeaders, runWrite, writeContext } from "../../server/writes/pipeline";
import { readForm } from "../../server/http";
import { servicesContext } from "../../server/services";
import { getViewer } from "../../server/session";
import { errors } from "../../domain/i18n/sv";
import type { Route } from "./+types/api-bookmark";

/** GET is not a save. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/** Saves or unsaves: runs {@link bookmarkWrite} or {@link unbookmarkWrite} and maps its result. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const viewer = await getViewer(services, request);
  const write = form.intent === "save" ? bookmarkWrite : form.intent === "unsave" ? unbookmarkWrite : null;
  if (!write) return Response.json({ ok: false, error: errors.badRequest }, { status: 400 });
  const result = await runWrite(write, writeContext(services, viewer, request), { targetType: form.targetType, targetId: form.targetId });
  if (!result.ok) return Response.json(failureBody(result), { status: result.status, headers: failureHeaders(result) });
  return Response.json({ ok: true, ...result.value });
}
