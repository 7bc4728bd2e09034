/**
 * `POST /api/theme`: stores the colour theme preference — `theme` =
 * `system` | `light` | `dark` — in the `theme` cookie (one year, `SameSite=Lax`, path `/`;
 * domain/theme.ts). Open to visitors and members alike; it reads and writes nothing but the
 * caller's own cookie, so it is not a member write and does not go through the write pipeline.
 *
 * - Without JavaScript (the footer's plain form): 303 to `returnTo` when it is a same-origin path
 *   (`safeReturnPath`), else to `/`; the next page is server-rendered in the new theme.
 * - From the browser's fetcher (`mode=js`): 200 JSON `{ ok: true, theme }`; the page has already
 *   switched, the root loader revalidates.
 * - Any other `theme`: 400 JSON `{ ok: false, error }` with the Swedish message ('Okänt tema…').
 * - More than 30 a minute from one visitor's address or one member: 429 with the Swedish message
 *   and `Retry-After` (JSON, or plain text for the form), after the theme was parsed.
 * - GET: 405.
 *
 * A preference: it declares no change, so no cache of any instance is emptied
 * (server/cache/page-writes.ts).
 *
 * @module
 */
import { refusedJson } from "../../server/abuse/action-limits";
import { clientIp } from "../../server/http/client-ip";
import { readForm } from "../../server/http/forms";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { theme as th } from "../../domain/i18n/sv";
import { isThemePreference, safeReturnPath, themeCookie } from "../../domain/theme";
import type { Route } from "./+types/api-theme";

/** GET is not a choice: 405 with `Allow: POST`. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/**
 * Sets the theme cookie.
 *
 * @returns 303 (form), 200 JSON (fetcher), 400 JSON for an unknown theme, 429 over the limit
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  if (!isThemePreference(form.theme)) {
    return Response.json({ ok: false, error: th.invalid }, { status: 400 });
  }
  const viewer = await getViewer(services, request);
  const refused = await refusedJson(services.actionLimits, "theme", { userId: viewer?.id ?? null, ip: clientIp(request), role: viewer?.role });
  if (refused) {
    if (form.mode === "js") return refused;
    // The footer's plain form: the Swedish message as text, with the same status and headers.
    const { error } = (await refused.json()) as { error: string };
    const headers = new Headers(refused.headers);
    headers.set("Content-Type", "text/plain; charset=utf-8");
    return new Response(error, { status: 429, headers });
  }
  const cookie = themeCookie(form.theme, { secure: services.config.publicUrl.startsWith("https://") });
  if (form.mode === "js") {
    return Response.json({ ok: true, theme: form.theme }, { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
  }
  return new Response(null, { status: 303, headers: { Location: safeReturnPath(form.returnTo), "Set-Cookie": cookie } });
}
