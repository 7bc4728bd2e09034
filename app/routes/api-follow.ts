/**
 * `POST /api/follow`: `userId` and `intent` (`follow` | `unfollow`) → JSON
 * `{ ok, following, followersCount }`, or 4xx `{ ok: false, error, title }` (SPEC §4 Follow, §8).
 *
 * @module
 */
import { followWrite, unfollowWrite } from "../../server/follows/commands";
import { toggleAction } from "../../server/writes/toggle-action";
import { servicesContext } from "../../server/platform/services";
import type { Route } from "./+types/api-follow";

/** GET is not a follow. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/** Follows or unfollows: runs {@link followWrite} or {@link unfollowWrite} and maps its result. */
export async function action({ request, context }: Route.ActionArgs) {
  return toggleAction(context.get(servicesContext), request, { follow: followWrite, unfollow: unfollowWrite }, (form) => ({ userId: form.userId ?? "" }));
}
