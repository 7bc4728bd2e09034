/**
 * `POST /api/mute`: `userId` and `intent` (`mute` | `unmute`) → JSON `{ ok, userId, muted }`, or
 * 4xx `{ ok: false, error, title }` with the Swedish message (issue 19 'Dölj medlem').
 *
 * @module
 */
import { muteWrite, unmuteWrite } from "../../server/mutes/commands";
import { failureBody, failureHeaders, runWrite, writeContext } from "../../server/writes/pipeline";
import { readForm } from "../../server/http";
import { servicesContext } from "../../server/services";
import { getViewer } from "../../server/session";
import { errors } from "../../domain/i18n/sv";
import type { Route } from "./+types/api-mute";

/** GET is not a mute. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/** Mutes or unmutes: runs {@link muteWrite} or {@link unmuteWrite} and maps its result. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const viewer = await getViewer(services, request);
  const write = form.intent === "mute" ? muteWrite : form.intent === "unmute" ? unmuteWrite : null;
  if (!write) return Response.json({ ok: false, error: errors.badRequest }, { status: 400 });
  const result = await runWrite(write, writeContext(services, viewer, request), { userId: form.userId ?? "" });
  if (!result.ok) return Response.json(failureBody(result), { status: result.status, headers: failureHeaders(result) });
  return Response.json({ ok: true, ...result.value });
}
