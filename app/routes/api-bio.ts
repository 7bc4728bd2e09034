/**
 * `POST /api/bio`: the logged-in member saves their own bio (SPEC §4 Bio edit), through the write
 * pipeline (`bioWrite`, server/profiles/commands.ts). JSON `{ ok, bio, bioHtml }` or 4xx
 * `{ ok: false, error, title }`. A body without a `bio` field (a JSON or broken multipart body,
 * which `readForm` cannot read) answers 400 'Ogiltig förfrågan.' and keeps the bio: only `bio=`
 * empties it. Over the bio limit (server/abuse/action-limits.ts, 10 a minute) 429 with `Retry-After`;
 * the limit is counted only for a well-formed request.
 *
 * @module
 */
import { readForm } from "../../server/http/forms";
import { bioWrite } from "../../server/profiles/commands";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { failureBody, failureHeaders, runWrite, writeContext } from "../../server/writes/pipeline";
import type { Route } from "./+types/api-bio";

/** GET is not a save. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/** Saves the bio of the member making the request (nobody else's can be addressed). */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  const form = viewer ? await readForm(request) : {};
  const result = await runWrite(bioWrite, writeContext(services, viewer, request), { bio: form.bio });
  if (!result.ok) return Response.json(failureBody(result), { status: result.status, headers: failureHeaders(result) });
  return Response.json({ ok: true, ...result.value });
}
