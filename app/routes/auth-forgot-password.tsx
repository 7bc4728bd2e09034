/**
 * `/auth/forgot-password` (SPEC §2, §5 Forgot password): e-mail form; on success a
 * check-your-mail confirmation with 'Använd en annan e-postadress' and the toast
 * 'Återställningslänk skickad', worded so as not to reveal whether the e-mail exists.
 *
 * @module
 */
import { useEffect, useState } from "react";
import { data, Link, useFetcher } from "react-router";
import { toast } from "../lib/toast";
import { requestPasswordReset } from "../../server/accounts/actions";
import { clientIp } from "../../server/http/client-ip";
import { readForm } from "../../server/http/forms";
import { servicesContext } from "../../server/platform/services";
import { Button } from "../components/ui/button";
import { FormError, Notice, TextField } from "../components/ui/field";
import { app, auth as a } from "../../domain/i18n/sv";
import { NOINDEX } from "../lib/seo";
import type { Route } from "./+types/auth-forgot-password";

/** Mails a reset link when the address has an account; answers the same either way. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const result = await requestPasswordReset(context.get(servicesContext), form, clientIp(request));
  if (result.ok) return { sent: true as const, error: null, email: (form.email ?? "").trim().toLowerCase() };
  return data({ sent: false as const, error: result.error, email: form.email ?? "" }, { status: result.status });
}

/** Title of the page. */
export const meta: Route.MetaFunction = () => [{ title: `${a.forgotTitle} – ${app.name}` }, NOINDEX];

/** The form, then the confirmation. */
export default function ForgotPassword() {
  const fetcher = useFetcher<typeof action>();
  const [another, setAnother] = useState<unknown>(null);
  const busy = fetcher.state !== "idle";
  const sent = fetcher.data?.sent === true && another !== fetcher.data;
  useEffect(() => {
    if (fetcher.data?.sent) toast.success(a.resetLinkSent, { description: a.resetLinkSentDescription });
  }, [fetcher.data]);
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-extrabold tracking-tight">{a.forgotTitle}</h1>
        <p className="text-slate-600">{a.forgotIntro}</p>
      </div>
      {sent ? (
        <div className="space-y-4">
          <Notice>
            <strong className="block">{a.resetLinkSent}</strong>
            {a.resetLinkSentDescription}
          </Notice>
          <Button variant="secondary" className="w-full" onClick={() => setAnother(fetcher.data)}>
            {a.useAnotherEmail}
          </Button>
        </div>
      ) : (
        <fetcher.Form method="post" className="space-y-4" noValidate>
          <FormError message={fetcher.data && !fetcher.data.sent ? (fetcher.data.error ?? undefined) : undefined} />
          <TextField
            label={a.email}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={a.emailPlaceholder}
            defaultValue={fetcher.data?.email}
          />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? a.magicSending : a.forgotSubmit}
          </Button>
        </fetcher.Form>
      )}
      <p className="text-center text-sm">
        <Link to="/auth/login" className="font-semibold text-brand-700 underline">
          {a.backToLogin}
        </Link>
      </p>
    </div>
  );
}
