/**
 * The action of a JSON toggle route (`POST /api/follow`, `/api/watchlist`, `/api/mute`,
 * `/api/bookmark`): one form field `intent` names one of two writes (follow/unfollow,
 * watch/unwatch, …), the other fields are the write's input, and the answer is JSON for the
 * browser's fetcher.
 *
 * @module
 */
import { errors } from "../../domain/i18n/sv";
import { readForm } from "../http/forms";
import type { Services } from "../platform/services";
import { getViewer } from "../accounts/session";
import { failureBody, failureHeaders, runWrite, writeContext, type WriteSpec } from "./pipeline";

/**
 * A write a toggle route may run: any declared write over the route's raw input whose value is an
 * object (spread into the answer). The step types in between are the write's own business.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the steps' types differ per write
export type ToggleWrite<Raw> = WriteSpec<Raw, any, any, any, object>;

/**
 * Reads the form with the bounded reader, runs the write its `intent` names for the viewer and
 * answers JSON.
 *
 * @param services the server services (database, limits, auth for the viewer)
 * @param request the POST request (form-encoded)
 * @param writes the route's writes by intent, e.g. `{ follow: followWrite, unfollow: unfollowWrite }`
 * @param input the write's raw input from the form's fields (strings; missing ones are absent)
 * @returns 200 `{ ok: true, ...value }`; 400 `{ ok: false, error }` ('Ogiltig förfrågan') for an
 *   intent not in `writes`; a refused write as `{ ok: false, error, title }` with its status
 *   (401, 400, 403, 404, 429) and headers (`Retry-After`)
 * @throws what {@link runWrite} throws (the database unavailable: the app's 503)
 */
export async function toggleAction<Raw>(
  services: Services,
  request: Request,
  writes: Record<string, ToggleWrite<Raw>>,
  input: (form: Record<string, string>) => Raw,
): Promise<Response> {
  const form = await readForm(request);
  const viewer = await getViewer(services, request);
  const write = form.intent !== undefined && Object.hasOwn(writes, form.intent) ? writes[form.intent] : undefined;
  if (!write) return Response.json({ ok: false, error: errors.badRequest }, { status: 400 });
  const result = await runWrite(write, writeContext(services, viewer, request), input(form));
  if (!result.ok) return Response.json(failureBody(result), { status: result.status, headers: failureHeaders(result) });
  return Response.json({ ok: true, ...result.value });
}
