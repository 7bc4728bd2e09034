/**
 * `POST /api/mute`: `userId` and `intent` (`mute` | `unmute`) → JSON `{ ok, userId, muted }`, or
 * 4xx `{ ok: false, error, title }` with the Swedish message ('Dölj medlem').
 *
 * @module
 */
import { muteWrite, unmuteWrite } from "../../server/mutes/commands";
import { toggleAction } from "../../server/writes/toggle-action";
import { servicesContext } from "../../server/platform/services";
import type { Route } from "./+types/api-mute";

/** GET is not a mute. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/** Mutes or unmutes: runs {@link muteWrite} or {@link unmuteWrite} and maps its result. */
export async function action({ request, context }: Route.ActionArgs) {
  return toggleAction(context.get(servicesContext), request, { mute: muteWrite, unmute: unmuteWrite }, (form) => ({ userId: form.userId ?? "" }));
}
