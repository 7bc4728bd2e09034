/**
 * Email verification screen (SPEC §2): explains that a verification mail was sent, with a
 * back-to-login button. (The spec's resend button only logs; the login page offers a real one.)
 *
 * @module
 */
import { ButtonLink } from "../components/ui/button";
import { app, auth as t } from "../i18n/sv";
import type { Route } from "./+types/auth-email-verification";

/** Title of the page. */
export const meta: Route.MetaFunction = () => [{ title: `${t.verifyTitle} – ${app.name}` }];

/** The explanation. */
export default function EmailVerification() {
  return (
    <div className="space-y-4 text-center">
      <p className="text-5xl" aria-hidden>
        📬
      </p>
      <h1 className="text-2xl font-extrabold tracking-tight">{t.verifyTitle}</h1>
      <p className="text-slate-600">{t.verifyText}</p>
      <ButtonLink to="/auth/login" variant="secondary" className="w-full">
        {t.backToLogin}
      </ButtonLink>
    </div>
  );
}
