/**
 * `/auth/register` (SPEC §2, §5 Nickname and Register): e-mail, nickname, password; live
 * nickname availability after a 500 ms pause (unknown → checking → available / taken), submit
 * disabled when taken and re-checked on submit by the server. Success goes to /auth/login with
 * the confirm-your-e-mail message shown once.
 *
 * @module
 */
import { Check, Loader2, X } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { register } from "../../server/accounts/actions";
import { clientIp } from "../../server/http/client-ip";
import { setFlash } from "../../server/http/flash";
import { readForm } from "../../server/http/forms";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { Button } from "../components/ui/button";
import { FormError, TextField } from "../components/ui/field";
import { app, auth as a, nav } from "../../domain/i18n/sv";
import { nicknameError, PASSWORD_MAX } from "../../domain/limits";
import type { NicknameCheck } from "./api-nickname-available";
import { NOINDEX } from "../lib/seo";
import type { Route } from "./+types/auth-register";

/** Logged-in visitors go to /forum. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getViewer(context.get(servicesContext), request)) throw redirect("/forum");
  return null;
}

/** Registers; on failure answers 4xx with field errors and the typed e-mail and nickname. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const result = await register(services, form, request.headers, clientIp(request));
  const values = { email: form.email ?? "", nickname: form.nickname ?? "" };
  if (!result.ok) return data({ fieldErrors: result.fieldErrors, values }, { status: result.status });
  return redirect("/auth/login", {
    headers: {
      "Set-Cookie": await setFlash({ notice: a.confirmEmailMessage, toast: { title: a.registerSucceeded } }),
    },
  });
}

/** Title of the page. */
export const meta: Route.MetaFunction = () => [{ title: `${a.registerTitle} – ${app.name}` }, NOINDEX];

type Availability = "unknown" | "checking" | "available" | "taken" | "invalid";

/** Live availability of the typed nickname (SPEC §4 Nickname availability). */
function useNicknameAvailability(nickname: string): { state: Availability; message?: string } {
  const [result, setResult] = useState<{ state: Availability; message?: string; for: string }>({ state: "unknown", for: "" });
  useEffect(() => {
    if (nickname === "") {
      setResult({ state: "unknown", for: nickname });
      return;
    }
    const local = nicknameError(nickname);
    if (local) {
      setResult({ state: "invalid", message: local, for: nickname });
      return;
    }
    setResult({ state: "checking", for: nickname });
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`/api/nickname-available?nickname=${encodeURIComponent(nickname)}`, {
          signal: controller.signal,
        });
        const body = (await res.json()) as NicknameCheck;
        setResult(
          body.status === "available"
            ? { state: "available", for: nickname }
            : { state: body.status, message: body.message, for: nickname },
        );
      } catch {
        if (!controller.signal.aborted) setResult({ state: "unknown", for: nickname });
      }
    }, 500);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [nickname]);
  return result.for === nickname ? result : { state: nickname ? "checking" : "unknown" };
}

function AvailabilityHint({ state, message }: { state: Availability; message?: string }) {
  if (state === "checking")
    return (
      <p className="flex items-center gap-1 text-sm text-slate-500" aria-live="polite">
        <Loader2 className="size-4 animate-spin" aria-hidden /> {a.nicknameChecking}
      </p>
    );
  if (state === "available")
    return (
      <p className="flex items-center gap-1 text-sm text-brand-700" aria-live="polite">
        <Check className="size-4" aria-hidden /> {a.nicknameAvailable}
      </p>
    );
  if (state === "taken" || state === "invalid")
    return (
      <p className="flex items-center gap-1 text-sm text-red-600" aria-live="polite">
        <X className="size-4" aria-hidden /> {message}
      </p>
    );
  return null;
}

/** The register form. */
export default function Register({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [nickname, setNickname] = useState(actionData?.values.nickname ?? "");
  const availability = useNicknameAvailability(nickname);
  const errors = actionData?.fieldErrors ?? {};
  // A server error for the nickname is shown until the nickname changes.
  const nicknameServerError = actionData && nickname === actionData.values.nickname ? errors.nickname : undefined;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-extrabold tracking-tight">{a.registerTitle}</h1>
        <p className="text-slate-600">{a.registerIntro}</p>
      </div>
      <Form method="post" className="space-y-4" noValidate>
        <FormError message={errors.form} />
        <TextField
          label={a.email}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={a.emailPlaceholder}
          defaultValue={actionData?.values.email}
          error={errors.email}
        />
        <TextField
          label={a.nickname}
          name="nickname"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={a.nicknamePlaceholder}
          value={nickname}
          onChange={(e) => setNickname(e.target.value)}
          error={nicknameServerError && availability.state !== "available" ? nicknameServerError : undefined}
          hint={nicknameServerError && availability.state !== "available" ? null : <AvailabilityHint {...availability} />}
        />
        <TextField
          label={a.password}
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          error={errors.password}
          hint={errors.password ? null : <p className="text-xs text-slate-500">{a.passwordHint}</p>}
        />
        <Button type="submit" className="w-full" disabled={sending || availability.state === "taken"}>
          {sending ? a.submittingRegister : a.submitRegister}
        </Button>
      </Form>
      <p className="text-center text-sm text-slate-600">
        {a.haveAccount}{" "}
        <Link to="/auth/login" className="font-semibold text-brand-700 underline">
          {nav.loginLink}
        </Link>
      </p>
    </div>
  );
}
