/**
 * `POST /api/login`: password sign-in answering JSON, for the login page's script, which aborts
 * a request after 12 s and retries up to 2 times (SPEC §7 Sign in with password, §9). The plain
 * form on /auth/login posts to that page's action instead and works without JavaScript.
 *
 * @module
 */
import { login } from "../../server/accounts/actions";
import { clientIp } from "../../server/http/client-ip";
import { setFlash } from "../../server/http/flash";
import { readForm } from "../../server/http/forms";
import { servicesContext } from "../../server/platform/services";
import { safeRedirect } from "../../server/accounts/session";
import { auth as a } from "../../domain/i18n/sv";
import type { Route } from "./+types/api-login";

/** JSON answer of {@link action}. */
export type ApiLoginAnswer =
  | { ok: true; redirectTo: string }
  | { ok: false; error: string; unverified: boolean; email: string };

/** GET is not a login. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/** Form fields `email`, `password`, `redirectTo`; answers {@link ApiLoginAnswer} with the session cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const result = await login(services, form, request.headers, clientIp(request));
  if (!result.ok) {
    const headers: HeadersInit = "retryAfterS" in result ? { "Retry-After": String(result.retryAfterS) } : {};
    return Response.json(
      { ok: false, error: result.error, unverified: result.unverified ?? false, email: form.email ?? "" } satisfies ApiLoginAnswer,
      { status: result.status, headers },
    );
  }
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlash({ toast: { title: a.loggedIn } }));
  return Response.json({ ok: true, redirectTo: safeRedirect(form.redirectTo) } satisfies ApiLoginAnswer, { headers });
}

