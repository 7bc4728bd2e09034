/**
 * `POST /auth/logout`: ends the session and goes to /forum with 'Utloggad' (SPEC §8), and ends
 * what the session started:
 *
 * - the browser sends this device's push endpoint (`endpoint`, filled in by the logout control
 *   when the browser has a push subscription, which it also unsubscribes): that device is removed
 *   from the member, so the next person at a shared computer gets none of their pushes;
 * - the session's open event streams close and its cached lookup is forgotten on every instance
 *   (`logout`, server/accounts/actions.ts).
 *
 * Open to visitors (a logout without a session changes nothing); 30 a minute per visitor's
 * address (server/abuse/action-limits.ts `logout`), refused with 429 and the Swedish message.
 *
 * @module
 */
import { redirect } from "react-router";
import { refusedJson } from "../../server/abuse/action-limits";
import { logout } from "../../server/accounts/actions";
import { clientIp } from "../../server/http/client-ip";
import { setFlash } from "../../server/http/flash";
import { readForm } from "../../server/http/forms";
import { removePushDeviceWrite } from "../../server/push/devices";
import { servicesContext } from "../../server/platform/services";
import { getViewer, sessionKey } from "../../server/accounts/session";
import { runWrite, writeContext } from "../../server/writes/pipeline";
import { auth as a } from "../../domain/i18n/sv";
import type { Route } from "./+types/auth-logout";

/** Logs out (module comment). */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const viewer = await getViewer(services, request);
  const refused = await refusedJson(services.actionLimits, "logout", { userId: viewer?.id ?? null, ip: clientIp(request), role: viewer?.role });
  if (refused) return refused;
  const headers = new Headers();
  try {
    if (viewer && form.endpoint) {
      const removed = await runWrite(removePushDeviceWrite, writeContext(services, viewer, request), { endpoint: form.endpoint });
      if (!removed.ok) console.warn("[auth] pushenheten kunde inte tas bort vid utloggning:", removed.error);
    }
    for (const cookie of await logout(services, request.headers)) headers.append("Set-Cookie", cookie);
    // 'Utloggad' only where there was a session to end: a visitor's request changes nothing.
    if (sessionKey(request.headers.get("cookie"))) headers.append("Set-Cookie", await setFlash({ toast: { title: a.loggedOut } }));
  } catch (error) {
    console.error("[auth] utloggning misslyckades:", error);
    headers.append(
      "Set-Cookie",
      await setFlash({ toast: { title: a.logoutFailed, description: a.logoutFailedDescription, kind: "error" } }),
    );
  }
  return redirect("/forum", { headers });
}

/** A GET of the logout URL just goes to the forum. */
export function loader() {
  return redirect("/forum");
}
