/**
 * `POST /api/follow`: `userId` and `intent` (`follow` | `unfollow`) → JSON
 * `{ ok, following, followersCount }`, or 4xx `{ ok: false, error, title }` (SPEC §4 Follow, §8).
 *
 * @module
 */
import { follow, unfollow } from "../../server/follows/commands";
import { clientIp } from "../../server/client-ip";
import { ForumError, retryAfterHeaders } from "../../server/errors";
import { readForm } from "../../server/http";
import { servicesContext } from "../../server/services";
import { getViewer } from "../../server/session";
import { errors } from "../../domain/i18n/sv";
import type { Route } from "./+types/api-follow";

/** GET is not a follow. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/** Follows or unfollows. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const viewer = await getViewer(services, request);
  const userId = form.userId ?? "";
  try {
    if (viewer) await services.actionLimits.enforce("follow", { userId: viewer.id, ip: clientIp(request) });
    if (form.intent === "follow") return Response.json({ ok: true, ...(await follow(services.db, viewer?.id ?? null, userId)) });
    if (form.intent === "unfollow") return Response.json({ ok: true, ...(await unfollow(services.db, viewer?.id ?? null, userId)) });
    return Response.json({ ok: false, error: errors.badRequest }, { status: 400 });
  } catch (error) {
    if (error instanceof ForumError) {
      return Response.json({ ok: false, error: error.message, title: error.title }, { status: error.status, headers: retryAfterHeaders(error) });
    }
    throw error;
  }
}
