/**
 * `/auth/magic` (SPEC §2): where magic links land. A valid token signs the member in and goes on
 * to /forum or the page they came from, with 'Inloggad'; an expired, used or unknown token shows
 * a Swedish screen with a way to ask for a new link.
 *
 * @module
 */
import { redirect } from "react-router";
import { verifyMagicLink } from "../../server/accounts";
import { setFlash } from "../../server/flash";
import { servicesContext } from "../../server/services";
import { safeRedirect } from "../../server/session";
import { ButtonLink } from "../components/ui/button";
import { app, auth as t } from "../../domain/i18n/sv";
import type { Route } from "./+types/auth-magic";

/** Verifies the token; on success redirects with the session cookie. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const result = await verifyMagicLink(context.get(servicesContext), token, request.headers);
  if (!result.ok) return { invalid: true };
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlash({ toast: { title: t.loggedIn } }));
  throw redirect(safeRedirect(url.searchParams.get("redirectTo")), { headers });
}

/** Title; magic-link pages are never indexed. */
export const meta: Route.MetaFunction = () => [
  { title: `${t.magicInvalidTitle} – ${app.name}` },
  { name: "robots", content: "noindex" },
];

/** The invalid-link screen. */
export default function MagicLink() {
  return (
    <div className="space-y-4 text-center">
      <p className="text-5xl" aria-hidden>
        ⌛
      </p>
      <h1 className="text-2xl font-extrabold tracking-tight">{t.magicInvalidTitle}</h1>
      <p className="text-slate-600">{t.magicInvalid}</p>
      <ButtonLink to="/auth/login?tab=magic" className="w-full">
        {t.magicRequestNew}
      </ButtonLink>
    </div>
  );
}
