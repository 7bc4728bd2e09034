/**
 * `/auth/login` (SPEC §2): the password tab (the magic-link tab arrives with the accounts issue),
 * 'forgot password' link, link to register; logged-in visitors go to /forum; a message carried
 * from the previous page is shown once as an info notice. Unverified accounts get a Swedish
 * message and a way to resend the verification mail.
 *
 * @module
 */
import { data, Form, Link, redirect, useNavigation, useRouteLoaderData } from "react-router";
import { login, resendVerification } from "../../server/accounts";
import { setFlash, type Flash } from "../../server/flash";
import { readForm } from "../../server/http";
import { servicesContext } from "../../server/services";
import { getViewer, safeRedirect } from "../../server/session";
import { Button } from "../components/ui/button";
import { FormError, Notice, TextField } from "../components/ui/field";
import { app, auth as t } from "../i18n/sv";
import type { Route } from "./+types/auth-login";

/** Logged-in visitors go to /forum; reads the verification outcome from the query. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getViewer(context.get(servicesContext), request)) throw redirect("/forum");
  const url = new URL(request.url);
  const notice = url.searchParams.get("error") ? t.verifyFailed : url.searchParams.get("verified") ? t.verified : null;
  return { notice };
}

/** `intent=login` logs in and redirects with 'Inloggad'; `intent=resend` sends a new verification mail. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const email = form.email ?? "";
  if (form.intent === "resend") {
    const ok = await resendVerification(services, form);
    return data(
      { error: ok ? null : t.invalidEmail, resent: ok, unverified: !ok, email },
      { status: ok ? 200 : 400 },
    );
  }
  const result = await login(services, form, request.headers);
  if (!result.ok) {
    return data({ error: result.error, unverified: result.unverified ?? false, resent: false, email }, { status: result.status });
  }
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlash({ toast: { title: t.loggedIn } }));
  const target = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  return redirect(target, { headers });
}

/** Title of the page. */
export const meta: Route.MetaFunction = () => [{ title: `${t.loginTitle} – ${app.name}` }];

/** The login form. */
export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const root = useRouteLoaderData("root") as { flash: Flash | null } | undefined;
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "login";
  const resending = navigation.state === "submitting" && navigation.formData?.get("intent") === "resend";
  const notice = root?.flash?.notice ?? loaderData.notice;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-extrabold tracking-tight">{t.loginTitle}</h1>
        <p className="text-slate-600">{t.loginIntro}</p>
      </div>
      {notice ? <Notice>{notice}</Notice> : null}
      <div role="tablist" aria-label={t.loginTitle} className="grid grid-cols-1 rounded-lg bg-slate-100 p-1 text-sm">
        <span role="tab" aria-selected="true" className="rounded-md bg-white px-3 py-1.5 text-center font-semibold shadow-sm">
          {t.tabPassword}
        </span>
      </div>
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="login" />
        <FormError message={actionData?.error && !actionData.resent ? actionData.error : undefined} />
        {actionData?.resent ? <Notice>{t.verificationResent}</Notice> : null}
        <TextField
          label={t.email}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t.emailPlaceholder}
          defaultValue={actionData?.email}
        />
        <TextField label={t.password} name="password" type="password" autoComplete="current-password" />
        <div className="flex justify-end">
          <Link to="/auth/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
            {t.forgotPassword}
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={sending}>
          {sending ? t.submittingLogin : t.submitLogin}
        </Button>
      </Form>
      {actionData?.unverified ? (
        <Form method="post" className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={actionData.email} />
          <Button type="submit" variant="secondary" className="w-full" disabled={resending}>
            {resending ? t.resendingVerification : t.resendVerification}
          </Button>
        </Form>
      ) : null}
      <p className="text-center text-sm text-slate-600">
        {t.noAccount}{" "}
        <Link to="/auth/register" className="font-semibold text-brand-700 underline">
          {t.registerLink}
        </Link>
      </p>
    </div>
  );
}
