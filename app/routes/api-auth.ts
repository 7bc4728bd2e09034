/**
 * `/api/auth/*`: better-auth's own endpoints (e-mail verification links land here).
 *
 * @module
 */
import { servicesContext } from "../../server/services";
import type { Route } from "./+types/api-auth";

/** GET endpoints (verify-email, get-session). */
export function loader({ request, context }: Route.LoaderArgs) {
  return context.get(servicesContext).auth.handler(request);
}

/** POST endpoints. */
export function action({ request, context }: Route.ActionArgs) {
  return context.get(servicesContext).auth.handler(request);
}
