/**
 * `GET /api/events[?thread=<uuid>]`: the tab's Server-Sent Events stream (SPEC §4
 * Notification, §7 Live subscription). A member's stream carries their notifications (with
 * replay after `Last-Event-ID`); `thread` adds that thread's live comments and reaction counts,
 * which visitors may follow too. A visitor without `thread` gets 401. At most 20 open streams per
 * client address and 6 per member (per instance); one more gets 429 with `Retry-After`. A
 * logout of the member's session ends the stream on every instance at once.
 *
 * @module
 */
import { isUuid } from "../../domain/ids";
import { clientIp } from "../../server/http/client-ip";
import { openEventStream, parseLastEventId } from "../../server/realtime/stream";
import { servicesContext } from "../../server/platform/services";
import { getViewer, sessionKey } from "../../server/accounts/session";
import { errors } from "../../domain/i18n/sv";
import type { Route } from "./+types/api-events";

/** Opens the stream (see the module comment). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const threadParam = url.searchParams.get("thread");
  const threadId = threadParam && isUuid(threadParam) ? threadParam : null;
  if (threadParam && !threadId) return Response.json({ ok: false, error: errors.badRequest }, { status: 400 });
  const viewer = await getViewer(services, request);
  if (!viewer && !threadId) return Response.json({ ok: false, error: errors.badRequest }, { status: 401 });
  return openEventStream(services, {
    userId: viewer?.id ?? null,
    threadId,
    session: viewer ? sessionKey(request.headers.get("cookie")) : null,
    lastEventId: parseLastEventId(request.headers.get("Last-Event-ID") ?? url.searchParams.get("lastEventId")),
    ip: clientIp(request),
    signal: request.signal,
  });
}
