/**
 * `POST /api/bookmark`: `targetType` (`thread` | `comment`), `targetId` and `intent` (`save` |
 * `unsave`) → JSON `{ ok, targetType, targetId, saved }`, or 4xx `{ ok: false, error, title }`
 * with the Swedish message ('Spara').
 *
 * @module
 */
import { bookmarkWrite, unbookmarkWrite } from "../../server/bookmarks/commands";
import { toggleAction } from "../../server/writes/toggle-action";
import { servicesContext } from "../../server/platform/services";
import type { Route } from "./+types/api-bookmark";

/** GET is not a save. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/** Saves or unsaves: runs {@link bookmarkWrite} or {@link unbookmarkWrite} and maps its result. */
export async function action({ request, context }: Route.ActionArgs) {
  return toggleAction(context.get(servicesContext), request, { save: bookmarkWrite, unsave: unbookmarkWrite }, (form) => ({ targetType: form.targetType, targetId: form.targetId }));
}
