/**
 * `/auth/set-password` (SPEC §2 user menu 'Ställ in lösenord'; §4 hasPassword): a first password
 * for accounts that sign in with magic links, or a new one (current password required; the other
 * sessions end). Logged-in members only. 5 wrong current passwords in 15 minutes lock the change
 * for 15 minutes (429 with `Retry-After`), as account deletion does.
 *
 * @module
 */
import { data, Form, redirect, useNavigation } from "react-router";
import { hasPassword, savePassword } from "../../server/accounts/actions";
import { setFlash } from "../../server/http/flash";
import { readForm } from "../../server/http/forms";
import { servicesContext } from "../../server/platform/services";
import { requireViewer } from "../../server/accounts/session";
import { Button } from "../components/ui/button";
import { FormError, TextField } from "../components/ui/field";
import { app, auth as a } from "../../domain/i18n/sv";
import type { Route } from "./+types/auth-set-password";

/** Whether the member already has a password. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireViewer(services, request);
  return { hasPassword: await hasPassword(services, viewer.id) };
}

/** Saves the password; on success goes to /forum with 'Lösenord uppdaterat'. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireViewer(services, request);
  const form = await readForm(request);
  const result = await savePassword(services, viewer.id, form, request.headers);
  if (!result.ok) {
    const headers: Record<string, string> = result.retryAfterS ? { "Retry-After": String(result.retryAfterS) } : {};
    return data({ fieldErrors: result.fieldErrors }, { status: result.status, headers });
  }
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlash({ toast: { title: a.passwordUpdated } }));
  return redirect("/forum", { headers });
}

/** Title; never indexed. */
export const meta: Route.MetaFunction = () => [
  { title: `${a.setPasswordTitle} – ${app.name}` },
  { name: "robots", content: "noindex" },
];

/** The form. */
export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors = actionData?.fieldErrors ?? {};
  const sending = navigation.state === "submitting";
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-extrabold tracking-tight">
          {loaderData.hasPassword ? a.changePasswordTitle : a.setPasswordTitle}
        </h1>
        <p className="text-slate-600">{loaderData.hasPassword ? a.changePasswordIntro : a.setPasswordIntro}</p>
      </div>
      <Form method="post" className="space-y-4" noValidate>
        <FormError message={errors.form} />
        {loaderData.hasPassword ? (
          <TextField label={a.currentPassword} name="current" type="password" autoComplete="current-password" error={errors.current} />
        ) : null}
        <TextField label={a.newPassword} name="password" type="password" autoComplete="new-password" error={errors.password} />
        <TextField label={a.confirmPassword} name="confirm" type="password" autoComplete="new-password" error={errors.confirm} />
        <Button type="submit" className="w-full" disabled={sending}>
          {sending ? a.saving : a.savePassword}
        </Button>
      </Form>
    </div>
  );
}
