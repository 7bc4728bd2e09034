/**
 * `/api/push` — this device's Web Push subscription ('Aktivera pushnotiser på den här
 * enheten'; docs/decisions/031-web-push.md):
 *
 * - `GET` → `{ publicKey }`: the forum's VAPID public key (base64url), the
 *   `applicationServerKey` of `pushManager.subscribe`;
 * - `POST` form `endpoint`, `p256dh`, `auth` (`PushSubscription.toJSON()`) → `{ ok: true }`, or
 *   4xx `{ ok: false, error, title, fieldErrors }` (401 visitors; 400 a non-https endpoint, one
 *   whose host is no known push service — the browsers' own plus `PUSH_SERVICE_HOSTS`,
 *   `domain/push-services.ts` — or bad keys; 403 a blocked member; 429 over the limit) —
 *   {@link savePushDeviceWrite};
 * - `DELETE` form `endpoint` → `{ ok: true, removed }` — {@link removePushDeviceWrite}.
 *
 * Same-origin rules as every write (server/security/cross-origin.ts).
 *
 * @module
 */
import { readForm } from "../../server/http/forms";
import { removePushDeviceWrite, savePushDeviceWrite } from "../../server/push/devices";
import { vapidDetails } from "../../server/push/vapid";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { failureBody, failureHeaders, runWrite, writeContext } from "../../server/writes/pipeline";
import type { Route } from "./+types/api-push";

/** The VAPID public key (not secret; the same for everyone). */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { publicKey } = await vapidDetails(services.db, services.config);
  return Response.json({ publicKey }, { headers: { "Cache-Control": "no-cache" } });
}

/** Saves (POST) or removes (DELETE) this device's subscription; other methods 405. */
export async function action({ request, context }: Route.ActionArgs) {
  const method = request.method.toUpperCase();
  if (method !== "POST" && method !== "DELETE") {
    return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, POST, DELETE" } });
  }
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const viewer = await getViewer(services, request);
  const ctx = writeContext(services, viewer, request);
  const result =
    method === "POST"
      ? await runWrite(savePushDeviceWrite(services.config.pushServiceHosts), ctx, { endpoint: form.endpoint, p256dh: form.p256dh, auth: form.auth })
      : await runWrite(removePushDeviceWrite, ctx, { endpoint: form.endpoint });
  if (!result.ok) return Response.json(failureBody(result), { status: result.status, headers: failureHeaders(result) });
  return Response.json({ ok: true, ...("removed" in result.value ? { removed: result.value.removed } : {}) });
}
