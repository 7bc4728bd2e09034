/**
 * `/auth/reset-password` (SPEC §2, §5 Reset password): query `email`; token in the query or in
 * the URL hash as `access_token`. Shows a verifying spinner first, then new password + confirm
 * (≥ 8, 'Lösenorden matchar inte.'); an invalid link shows a screen with a restart button. On
 * success 'Lösenord uppdaterat' and /auth/login after 2 s. A link works once and ends every
 * session of the account.
 *
 * @module
 */
import { Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, useFetcher, useLocation, useNavigate, useNavigation } from "react-router";
import { toast } from "../lib/toast";
import { isResetTokenValid, resetPassword } from "../../server/accounts/actions";
import { clientIp } from "../../server/http/client-ip";
import { readForm } from "../../server/http/forms";
import { servicesContext } from "../../server/platform/services";
import { Button, ButtonLink } from "../components/ui/button";
import { FormError, TextField } from "../components/ui/field";
import { app, auth as a } from "../../domain/i18n/sv";
import type { Route } from "./+types/auth-reset-password";

/** SPEC §9 Reset redirect delay (ms). */
export const RESET_REDIRECT_MS = 2000;

/** What the loader says about the link. */
type LinkState = "none" | "unchecked" | "valid" | "invalid";

/**
 * The token of the query: `none` (maybe in the hash), `unchecked` for the page itself (the
 * browser checks it next, showing the verifying spinner meanwhile: SPEC §2 "a verifying spinner
 * first"), and `valid`/`invalid` for that check (`?check=1`).
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<{ state: LinkState; token: string }> {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  if (!token) return { state: "none", token: "" };
  if (url.searchParams.get("check") !== "1") return { state: "unchecked", token };
  const valid = await isResetTokenValid(context.get(servicesContext), token);
  return { state: valid ? "valid" : "invalid", token: valid ? token : "" };
}

/** Sets the new password. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const result = await resetPassword(context.get(servicesContext), form, clientIp(request));
  if (result.ok) return { ok: true as const, fieldErrors: {} as Record<string, string>, invalidLink: false };
  const headers: Record<string, string> = result.retryAfterS ? { "Retry-After": String(result.retryAfterS) } : {};
  return data({ ok: false as const, fieldErrors: result.fieldErrors, invalidLink: result.invalidLink ?? false }, { status: result.status, headers });
}

/** Title; never indexed. */
export const meta: Route.MetaFunction = () => [
  { title: `${a.resetTitle} – ${app.name}` },
  { name: "robots", content: "noindex" },
];

function InvalidLink({ text }: { text: string }) {
  return (
    <div className="space-y-4 text-center">
      <h1 className="text-2xl font-extrabold tracking-tight">{a.resetTitle}</h1>
      <p role="alert" className="text-slate-700">
        {text}
      </p>
      <ButtonLink to="/auth/forgot-password" className="w-full">
        {a.resetRestart}
      </ButtonLink>
    </div>
  );
}

function Verifying() {
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-slate-600" role="status" data-testid="reset-verifying">
      <Loader2 className="size-8 animate-spin text-brand-700" aria-hidden />
      {a.resetVerifying}
    </div>
  );
}

/** The new-password form; `token` goes back with it (the action checks it again). */
function ResetForm({ token, errors, sending }: { token: string; errors: Record<string, string>; sending: boolean }) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-extrabold tracking-tight">{a.resetTitle}</h1>
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="token" value={token} />
        <FormError message={errors.form} />
        <TextField label={a.newPassword} name="password" type="password" autoComplete="new-password" error={errors.password} />
        <TextField label={a.confirmPassword} name="confirm" type="password" autoComplete="new-password" error={errors.confirm} />
        <Button type="submit" className="w-full" disabled={sending}>
          {sending ? a.saving : a.resetSubmit}
        </Button>
      </Form>
    </div>
  );
}

/** The reset page. */
export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hashToken = new URLSearchParams(location.hash.replace(/^#/, "")).get("access_token");
  const check = useFetcher<typeof loader>();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // The browser checks the link while the spinner shows.
  const unchecked = loaderData.state === "unchecked" ? loaderData.token : "";
  // Once per token (the fetcher object is not a dependency).
  useEffect(() => {
    if (unchecked) check.load(`${location.pathname}?${new URLSearchParams({ token: unchecked, check: "1" })}`);
  }, [unchecked]);

  // A token in the hash (`#access_token=…`) moves into the query so the server can check it.
  useEffect(() => {
    if (loaderData.state === "none" && hashToken) {
      const params = new URLSearchParams(location.search);
      params.set("token", hashToken);
      navigate(`?${params.toString()}`, { replace: true });
    }
  }, [loaderData.state, hashToken, location.search, navigate]);

  useEffect(() => {
    if (!actionData?.ok) return;
    toast.success(a.passwordUpdated, { description: a.passwordUpdatedDescription });
    const timer = setTimeout(() => navigate("/auth/login"), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [actionData, navigate]);

  if (actionData?.ok) {
    return (
      <div className="space-y-3 text-center" role="status">
        <meta httpEquiv="refresh" content={`${RESET_REDIRECT_MS / 1000};url=/auth/login`} />
        <p className="text-5xl" aria-hidden>
          ✅
        </p>
        <h1 className="text-2xl font-extrabold tracking-tight">{a.passwordUpdated}</h1>
        <p className="text-slate-600">{a.passwordUpdatedDescription}</p>
      </div>
    );
  }
  if (actionData?.invalidLink) return <InvalidLink text={actionData.fieldErrors.form ?? a.resetInvalid} />;
  const errors = actionData?.fieldErrors ?? {};
  const sending = navigation.state === "submitting";
  // A submitted form (wrong confirmation) stays a form: the action checked the token again.
  if (actionData) return <ResetForm token={loaderData.token || check.data?.token || ""} errors={errors} sending={sending} />;
  if (loaderData.state === "none") {
    // The server cannot see a hash token: spinner until the browser has looked.
    return !hydrated || hashToken || navigation.state === "loading" ? <Verifying /> : <InvalidLink text={a.resetNoToken} />;
  }
  if (loaderData.state === "unchecked") {
    const result = check.data;
    if (!result || result.state === "unchecked" || check.state !== "idle") {
      return (
        <>
          <Verifying />
          {/* Without JavaScript nobody checks first: the form is shown and the action checks the token. */}
          <noscript>
            <ResetForm token={loaderData.token} errors={errors} sending={false} />
          </noscript>
        </>
      );
    }
    if (result.state !== "valid") return <InvalidLink text={a.resetInvalid} />;
    return <ResetForm token={result.token} errors={errors} sending={sending} />;
  }
  if (loaderData.state === "invalid") return <InvalidLink text={a.resetInvalid} />;
  return <ResetForm token={loaderData.token} errors={errors} sending={sending} />;
}
