/**
 * Email verification screen (SPEC §2): explains that a verification mail was sent, with a resend
 * button that really resends (rate-limited; the spec's version only logs) and a back-to-login
 * button. `?email=` prefills the address.
 *
 * @module
 */
import { data, useFetcher, useSearchParams } from "react-router";
import { resendVerification } from "../../server/accounts/actions";
import { clientIp } from "../../server/http/client-ip";
import { readForm } from "../../server/http/forms";
import { servicesContext } from "../../server/platform/services";
import { Button, ButtonLink } from "../components/ui/button";
import { FormError, Notice, TextField } from "../components/ui/field";
import { app, auth as a } from "../../domain/i18n/sv";
import { NOINDEX } from "../lib/seo";
import type { Route } from "./+types/auth-email-verification";

/** Resends the verification mail (same answer whether or not the account exists). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const result = await resendVerification(context.get(servicesContext), form, clientIp(request));
  if (result === true) return { resent: true, error: null };
  if (result === false) return data({ resent: false, error: a.invalidEmail }, { status: 400 });
  return data({ resent: false, error: result.error }, { status: 429 });
}

/** Title of the page. */
export const meta: Route.MetaFunction = () => [{ title: `${a.verifyTitle} – ${app.name}` }, NOINDEX];

/** The explanation and the resend form. */
export default function EmailVerification() {
  const [params] = useSearchParams();
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  return (
    <div className="space-y-5">
      <div className="space-y-3 text-center">
        <p className="text-5xl" aria-hidden>
          📬
        </p>
        <h1 className="text-2xl font-extrabold tracking-tight">{a.verifyTitle}</h1>
        <p className="text-slate-600">{a.verifyText}</p>
      </div>
      <fetcher.Form method="post" className="space-y-3" noValidate>
        {fetcher.data?.resent ? <Notice>{a.resendDone}</Notice> : null}
        <FormError message={fetcher.data?.error ?? undefined} />
        <TextField label={a.email} name="email" type="email" autoComplete="email" defaultValue={params.get("email") ?? ""} />
        <Button type="submit" variant="secondary" className="w-full" disabled={busy}>
          {busy ? a.resendingVerification : a.resendVerification}
        </Button>
      </fetcher.Form>
      <ButtonLink to="/auth/login" className="w-full">
        {a.backToLogin}
      </ButtonLink>
    </div>
  );
}
