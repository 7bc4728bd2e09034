/**
 * `POST /auth/logout`: ends the session and goes to /forum with 'Utloggad' (SPEC §8).
 *
 * @module
 */
import { redirect } from "react-router";
import { logout } from "../../server/accounts";
import { setFlash } from "../../server/flash";
import { servicesContext } from "../../server/services";
import { auth as a } from "../../domain/i18n/sv";
import type { Route } from "./+types/auth-logout";

/** Logs out. */
export async function action({ request, context }: Route.ActionArgs) {
  const headers = new Headers();
  try {
    for (const cookie of await logout(context.get(servicesContext), request.headers)) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", await setFlash({ toast: { title: a.loggedOut } }));
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
