/**
 * `/auth/login` (SPEC §2): tabs 'Lösenord' and 'Magisk länk'. Password tab: e-mail, password,
 * 'Glömt lösenordet?' link; with JavaScript the sign-in aborts after 12 s and retries up to 2
 * times (SPEC §7), without it the form posts here. Magic tab: e-mail; says a login link is sent
 * and valid 15 minutes. Logged-in visitors go to /forum; a message carried from the previous page
 * is shown once as an info notice; unverified accounts get a way to resend the mail.
 *
 * @module
 */
import { Tabs } from "radix-ui";
import { useState } from "react";
import { data, Form, Link, redirect, useFetcher, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { login, requestMagicLink, resendVerification } from "../../server/accounts/actions";
import { clientIp } from "../../server/http/client-ip";
import { setFlash, type Flash } from "../../server/http/flash";
import { readForm } from "../../server/http/forms";
import { servicesContext } from "../../server/platform/services";
import { getViewer, safeRedirect } from "../../server/accounts/session";
import { Button } from "../components/ui/button";
import { FormError, Notice, TextField } from "../components/ui/field";
import { app, auth as a, nav } from "../../domain/i18n/sv";
import { postLogin } from "../lib/login-request";
import type { ApiLoginAnswer } from "./api-login";
import { NOINDEX } from "../lib/seo";
import type { Route } from "./+types/auth-login";

/** Logged-in visitors go to /forum; reads the verification outcome and the tab from the query. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getViewer(context.get(servicesContext), request)) throw redirect("/forum");
  const url = new URL(request.url);
  const notice = url.searchParams.get("error") ? a.verifyFailed : url.searchParams.get("verified") ? a.verified : null;
  const tab = url.searchParams.get("tab") === "magic" ? "magic" : "password";
  return { notice, tab, redirectTo: safeRedirect(url.searchParams.get("redirectTo")) };
}

/** Answer of {@link action}. */
type LoginActionData = {
  intent: string;
  error: string | null;
  unverified: boolean;
  resent: boolean;
  magicSent: boolean;
  email: string;
};

/**
 * `intent=login` logs in and redirects with 'Inloggad'; `intent=resend` sends a new verification
 * mail; `intent=magic` mails a magic link. Failures answer 4xx with the Swedish message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const email = form.email ?? "";
  const ip = clientIp(request);
  const base: LoginActionData = { intent: form.intent ?? "", error: null, unverified: false, resent: false, magicSent: false, email };
  const target = safeRedirect(new URL(request.url).searchParams.get("redirectTo") ?? form.redirectTo);
  if (form.intent === "resend") {
    const result = await resendVerification(services, form, ip);
    if (result === true) return { ...base, resent: true };
    if (result === false) return data({ ...base, error: a.invalidEmail, unverified: true }, { status: 400 });
    return data({ ...base, error: result.error, unverified: true }, { status: 429 });
  }
  if (form.intent === "magic") {
    const result = await requestMagicLink(services, form, request.headers, target, ip);
    if (result.ok) return { ...base, magicSent: true };
    return data({ ...base, error: result.error }, { status: result.status });
  }
  const result = await login(services, form, request.headers, ip);
  if (!result.ok) {
    return data({ ...base, error: result.error, unverified: result.unverified ?? false }, { status: result.status });
  }
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlash({ toast: { title: a.loggedIn } }));
  return redirect(target, { headers });
}

/** Title of the page. */
export const meta: Route.MetaFunction = () => [{ title: `${a.loginTitle} – ${app.name}` }, NOINDEX];

function ResendForm({ email }: { email: string }) {
  const fetcher = useFetcher<LoginActionData>();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="email" value={email} />
      {fetcher.data?.resent ? <Notice>{a.verificationResent}</Notice> : null}
      <FormError message={fetcher.data?.error ?? undefined} />
      <Button type="submit" variant="secondary" className="w-full" disabled={busy}>
        {busy ? a.resendingVerification : a.resendVerification}
      </Button>
    </fetcher.Form>
  );
}

function PasswordTab({ redirectTo, actionData }: { redirectTo: string; actionData?: LoginActionData }) {
  const navigation = useNavigation();
  const location = useLocation();
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState<{ error: string; unverified: boolean; email: string } | null>(null);
  const shown = answer ?? (actionData?.intent === "login" && actionData.error ? { error: actionData.error, unverified: actionData.unverified, email: actionData.email } : null);
  const sending = pending || (navigation.state === "submitting" && navigation.formData?.get("intent") === "login");

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = new URLSearchParams(new FormData(event.currentTarget) as unknown as Record<string, string>);
    body.set("redirectTo", redirectTo);
    setPending(true);
    setAnswer(null);
    const outcome = await postLogin<ApiLoginAnswer>("/api/login", body);
    if (outcome.kind === "answer" && outcome.body.ok) {
      window.location.assign(outcome.body.redirectTo);
      return;
    }
    setPending(false);
    if (outcome.kind === "timeout") setAnswer({ error: a.timeout, unverified: false, email: body.get("email") ?? "" });
    else if (outcome.kind === "network") setAnswer({ error: a.unexpected, unverified: false, email: body.get("email") ?? "" });
    else if (!outcome.body.ok) setAnswer({ error: outcome.body.error, unverified: outcome.body.unverified, email: outcome.body.email });
  }

  return (
    <div className="space-y-4">
      <Form method="post" action={`${location.pathname}${location.search}`} className="space-y-4" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="login" />
        <FormError message={shown?.error} />
        <TextField
          label={a.email}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={a.emailPlaceholder}
          defaultValue={actionData?.email}
        />
        <TextField label={a.password} name="password" id="login-password" type="password" autoComplete="current-password" />
        <div className="flex justify-end">
          <Link to="/auth/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
            {a.forgotPassword}
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={sending}>
          {sending ? a.submittingLogin : a.submitLogin}
        </Button>
      </Form>
      {shown?.unverified ? <ResendForm email={shown.email} /> : null}
    </div>
  );
}

/**
 * The magic-link tab. 'Magisk länk skickad' is said once, in the notice above the field, which
 * stays while the member goes to their mail (no toast repeating it). Without JavaScript the form
 * posts to the page and the notice comes from the page's answer (`actionData`).
 */
function MagicTab({ redirectTo, actionData }: { redirectTo: string; actionData?: LoginActionData | undefined }) {
  const fetcher = useFetcher<LoginActionData>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data ?? (actionData?.intent === "magic" ? actionData : undefined);
  const sent = answer?.magicSent === true;
  return (
    <fetcher.Form method="post" className="space-y-4" noValidate>
      <input type="hidden" name="intent" value="magic" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <p className="text-sm text-slate-600">{a.magicIntro}</p>
      {sent ? (
        <Notice>
          <strong className="block">{a.magicSent}</strong>
          {a.magicSentDescription}
        </Notice>
      ) : null}
      <FormError message={answer?.error ?? undefined} />
      <TextField
        label={a.email}
        name="email"
        id="magic-email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={a.emailPlaceholder}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? a.magicSending : a.magicSubmit}
      </Button>
    </fetcher.Form>
  );
}

/** The login page. */
export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData("root") as { flash: Flash | null } | undefined;
  const notice = root?.flash?.notice ?? loaderData.notice;
  const tabClass =
    "rounded-md px-3 py-1.5 text-center font-semibold text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm";
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-extrabold tracking-tight">{a.loginTitle}</h1>
        <p className="text-slate-600">{a.loginIntro}</p>
      </div>
      {notice ? <Notice>{notice}</Notice> : null}
      <Tabs.Root defaultValue={actionData?.intent === "magic" ? "magic" : loaderData.tab} className="space-y-5">
        <Tabs.List aria-label={a.loginTitle} className="grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-sm">
          <Tabs.Trigger value="password" className={tabClass}>
            {a.tabPassword}
          </Tabs.Trigger>
          <Tabs.Trigger value="magic" className={tabClass}>
            {a.tabMagic}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="password">
          <PasswordTab redirectTo={loaderData.redirectTo} actionData={actionData} />
        </Tabs.Content>
        <Tabs.Content value="magic">
          <MagicTab redirectTo={loaderData.redirectTo} actionData={actionData} />
        </Tabs.Content>
      </Tabs.Root>
      <p className="text-center text-sm text-slate-600">
        {a.noAccount}{" "}
        <Link to="/auth/register" className="font-semibold text-brand-700 underline">
          {nav.registerLink}
        </Link>
      </p>
    </div>
  );
}
