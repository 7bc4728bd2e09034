/**
 * `/auth/magic` (SPEC §2): where magic links land. Opening the link (GET) only shows a page with
 * one button, 'Logga in'; pressing it POSTs the token, and only that POST signs the member in and
 * goes on to /forum or the page they came from, with 'Inloggad' (a mail scanner
 * that opens links cannot use up the token, and another site cannot sign a visitor in to the
 * sender's account, because cross-site POSTs are refused by server/security/cross-origin.ts). An
 * expired, used or unknown token shows a Swedish screen with a way to ask for a new link.
 *
 * @module
 */
import { data, Form, redirect, useNavigation } from "react-router";
import { verifyMagicLink } from "../../server/accounts/actions";
import { setFlash } from "../../server/http/flash";
import { readForm } from "../../server/http/forms";
import { servicesContext } from "../../server/platform/services";
import { safeRedirect } from "../../server/accounts/session";
import { Button, ButtonLink } from "../components/ui/button";
import { app, auth as a } from "../../domain/i18n/sv";
import type { Route } from "./+types/auth-magic";

/** Longest token accepted from a link (better-auth's are 32 characters). */
const TOKEN_MAX = 200;

/**
 * GET: never signs in. Returns `{ invalid: false, token, redirectTo }` for the confirmation page,
 * or `{ invalid: true }` when the link carries no usable token.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  if (!token || token.length > TOKEN_MAX) return { invalid: true as const };
  return { invalid: false as const, token, redirectTo: safeRedirect(url.searchParams.get("redirectTo")) };
}

/**
 * POST `{ token, redirectTo? }`: verifies the token through better-auth (once, within 15 minutes,
 * SPEC §9) and redirects with the session cookie and the 'Inloggad' toast; an invalid, used or
 * expired token answers 400 with the invalid-link screen.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const result = await verifyMagicLink(context.get(servicesContext), form.token ?? "", request.headers);
  if (!result.ok) {
    if ("retryAfterS" in result) {
      return data({ invalid: true as const, error: result.error }, { status: 429, headers: { "Cache-Control": "no-store", "Retry-After": String(result.retryAfterS) } });
    }
    return data({ invalid: true as const }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlash({ toast: { title: a.loggedIn } }));
  throw redirect(safeRedirect(form.redirectTo), { headers });
}

/** Title; magic-link pages are never indexed. */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.invalid === false ? a.magicConfirmTitle : a.magicInvalidTitle} – ${app.name}` },
  { name: "robots", content: "noindex" },
  // The token is in this page's address: it must not travel to other sites as a Referer.
  { name: "referrer", content: "no-referrer" },
];

/** The 'Logga in' confirmation, or the invalid-link screen. */
export default function MagicLink({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (actionData?.invalid || loaderData.invalid) {
    return (
      <div className="space-y-4 text-center">
        <p className="text-5xl" aria-hidden>
          ⌛
        </p>
        <h1 className="text-2xl font-extrabold tracking-tight">{a.magicInvalidTitle}</h1>
        {actionData && "error" in actionData && typeof actionData.error === "string" ? (
          <p role="alert" className="text-red-700">
            {actionData.error}
          </p>
        ) : (
          <p className="text-slate-600">{a.magicInvalid}</p>
        )}
        <ButtonLink to="/auth/login?tab=magic" className="w-full">
          {a.magicRequestNew}
        </ButtonLink>
      </div>
    );
  }
  const busy = navigation.state !== "idle";
  return (
    <div className="space-y-4 text-center">
      <h1 className="text-2xl font-extrabold tracking-tight">{a.magicConfirmTitle}</h1>
      <p className="text-slate-600">{a.magicConfirmText}</p>
      <Form method="post" replace>
        <input type="hidden" name="token" value={loaderData.token} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? a.magicConfirmBusy : a.magicConfirmButton}
        </Button>
      </Form>
    </div>
  );
}
