/**
 * `POST /api/follow`: `userId` and `intent` (`follow` | `unfollow`) → JSON
 * `{ ok, following, followersCount }`, or 4xx `{ ok: false, error, title }` (SPEC §4 Follow, §8).
 *
 * @module
 */
import { followWrite, unfollowWrite } from "../../server/follows/commands";
import { failureBody, failureHeaders, runWrite, writeContext } from "../../server/writes/pipeline";
import { readForm } from "../../server/http";
import { servicesContext } from "../../server/services";
import { getViewer } from "../../server/session";
import { errors } from "../../domain/i18n/sv";
import type { Route } from "./+types/api-follow";

/** GET is not a follow. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/** Follows or unfollows: runs {@link followWrite} or {@link unfollowWrite} and maps its result. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const viewer = await getViewer(services, request);
  const write = form.intent === "follow" ? followWrite : form.intent === "unfollow" ? unfollowWrite : null;
  if (!write) return Response.json({ ok: false, error: errors.badRequest }, { status: 400 });
  const result = await runWrite(write, writeContext(services, viewer, request), { userId: form.userId ?? "" });
  if (!result.ok) return Response.json(failureBody(result), { status: result.status, headers: failureHeaders(result) });
  return Response.json({ ok: true, ...result.value });
}
