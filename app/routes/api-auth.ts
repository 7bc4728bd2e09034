/**
 * `/api/auth/*`: the part of better-auth's HTTP API that a browser must reach — the e-mail
 * verification link. Every other better-auth endpoint (sign-up, sign-in, sign-out, …) is called
 * by the app's own actions on the server, which add the forum's rules (SPEC §5, no account
 * enumeration, abuse limits); reaching them directly answers 404, so a hand-made request cannot
 * go around those rules.
 *
 * @module
 */
import { servicesContext } from "../../server/platform/services";
import type { Route } from "./+types/api-auth";

/** better-auth paths (after `/api/auth`) that answer GET requests from browsers. */
export const PUBLIC_AUTH_GET_PATHS: ReadonlySet<string> = new Set(["/verify-email"]);

function notFound() {
  return new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
}

/** GET: only the allow-listed paths reach better-auth. */
export function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "");
  if (!PUBLIC_AUTH_GET_PATHS.has(path)) return notFound();
  return context.get(servicesContext).auth.handler(request);
}

/** POST and other methods: never reach better-auth over HTTP. */
export function action() {
  return notFound();
}
