/**
 * `/forum/konto/radera?token=…`: where a mailed deletion link lands (deletion
 * confirmed by a mailed link; docs/decisions/006-privacy.md). Opening the link deletes nothing —
 * mail scanners open links too — the page names the account and asks for one more click (POST).
 * An unknown, used or expired link shows a Swedish message and a way back to the account page.
 *
 * @module
 */
import { Trash2 } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { logout } from "../../server/accounts/actions";
import { setFlash } from "../../server/http/flash";
import { readForm } from "../../server/http/forms";
import { deletionLinkWrite, findDeletionLink } from "../../server/privacy/account";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { runWrite, writeContext } from "../../server/writes/pipeline";
import { Button, buttonClass } from "../components/ui/button";
import { FormError } from "../components/ui/field";
import { app, privacy as pv } from "../../domain/i18n/sv";
import type { Route } from "./+types/account-delete-confirm";

/** Whose account the link deletes, or `valid: false`; never deletes anything. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await findDeletionLink(context.get(servicesContext).db, token);
  return link ? { valid: true as const, nickname: link.nickname, token } : { valid: false as const, nickname: null, token: "" };
}

/**
 * Uses the link (field `token`): deletes the account ({@link deletionLinkWrite}, open to
 * visitors: the link is the credential), ends the session when it was the deleted member's, and
 * goes to /forum with 'Kontot raderat'. A bad link answers 400 `{ error }`, the only admin 409,
 * nothing deleted.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const viewer = await getViewer(services, request);
  const outcome = await runWrite(deletionLinkWrite(services), writeContext(services, viewer, request), { token: form.token });
  if (!outcome.ok) return data({ error: outcome.error }, { status: outcome.status });
  const headers = new Headers();
  if (viewer?.id === outcome.value.userId) {
    try {
      for (const cookie of await logout(services, request.headers)) headers.append("Set-Cookie", cookie);
    } catch (error) {
      console.error("[privacy] utloggning efter radering misslyckades:", error);
    }
  }
  headers.append("Set-Cookie", await setFlash({ toast: { title: pv.deleted, description: pv.deletedDescription } }));
  return redirect("/forum", { headers });
}

/** Title of the page. */
export const meta: Route.MetaFunction = () => [{ title: `${pv.confirmTitle} – ${app.name}` }, { name: "robots", content: "noindex" }];

/** The confirmation page. */
export default function AccountDeleteConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="mx-auto max-w-lg space-y-4 rounded-xl border border-red-200 bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-extrabold tracking-tight">{pv.confirmTitle}</h1>
      {loaderData.valid ? (
        <>
          <p className="text-slate-700">{pv.confirmText(loaderData.nickname)}</p>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {pv.deleteConsequences.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <FormError message={actionData?.error} />
          <Form method="post" className="flex flex-wrap gap-3">
            <input type="hidden" name="token" value={loaderData.token} />
            <Button type="submit" variant="danger" disabled={busy}>
              <Trash2 className="size-4" aria-hidden />
              {busy ? pv.deleting : pv.confirmButton}
            </Button>
            <Link to="/forum" className={buttonClass("secondary")}>
              {pv.cancel}
            </Link>
          </Form>
        </>
      ) : (
        <>
          <FormError message={pv.linkInvalid} />
          <Link to="/forum/konto" className={buttonClass("secondary")}>
            {pv.backToAccount}
          </Link>
        </>
      )}
    </div>
  );
}
