/**
 * Account actions on top of better-auth: register, log in, log out, resend verification
 * (SPEC §2 /auth/register, /auth/login; §5 Register, Login; §8 Authentication). Returns typed
 * results with Swedish messages; never throws for expected failures.
 *
 * @module
 */
import { APIError } from "better-auth/api";
import { auth as t } from "../app/i18n/sv";
import { loginSchema, registerSchema, fieldErrors, emailOnlySchema } from "../app/lib/validation";
import { isNicknameTaken } from "./forum/queries";
import type { Services } from "./services";

/** Where verification links land: the login page with a confirmation notice. */
export const VERIFIED_CALLBACK = "/auth/login?verified=1";

/** Outcome of {@link register}. */
export type RegisterResult =
  | { ok: true }
  | { ok: false; status: 400 | 409 | 429 | 500; fieldErrors: Record<string, string> };

function errorCode(error: unknown): string | undefined {
  if (error instanceof APIError) return (error.body as { code?: string } | undefined)?.code;
  return undefined;
}

/**
 * Registers a member: validates (SPEC §5), checks the nickname case-insensitively, creates the
 * account through better-auth, which sends the verification mail. An e-mail that already has an
 * account answers like a success (no account enumeration; docs/decisions/002-accounts.md).
 *
 * @param services server services
 * @param input raw form fields `{ email, nickname, password }`
 * @param headers the request's headers (forwarded to better-auth)
 * @returns {@link RegisterResult}; field errors are keyed by field, `form` for the whole form
 */
export async function register(services: Services, input: Record<string, string>, headers: Headers): Promise<RegisterResult> {
  const parsed = registerSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, fieldErrors: fieldErrors(parsed.error) };
  const { email, nickname, password } = parsed.data;
  if (await isNicknameTaken(services.db, nickname)) {
    return { ok: false, status: 409, fieldErrors: { nickname: t.nicknameTaken } };
  }
  try {
    await services.auth.api.signUpEmail({
      body: { email, password, name: nickname, username: nickname, callbackURL: VERIFIED_CALLBACK },
      headers,
    });
    return { ok: true };
  } catch (error) {
    const code = errorCode(error);
    if (code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") return { ok: true };
    if (code === "USERNAME_IS_ALREADY_TAKEN" || code === "USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER") {
      return { ok: false, status: 409, fieldErrors: { nickname: t.nicknameTaken } };
    }
    if (code === "INVALID_USERNAME" || code === "USERNAME_TOO_SHORT" || code === "USERNAME_TOO_LONG") {
      return { ok: false, status: 400, fieldErrors: { nickname: t.nicknameChars } };
    }
    if (code === "PASSWORD_TOO_SHORT") return { ok: false, status: 400, fieldErrors: { password: t.passwordTooShort } };
    if (code === "PASSWORD_TOO_LONG") return { ok: false, status: 400, fieldErrors: { password: t.passwordTooLong } };
    if (code === "INVALID_EMAIL") return { ok: false, status: 400, fieldErrors: { email: t.invalidEmail } };
    if (error instanceof APIError && error.statusCode === 429) {
      return { ok: false, status: 429, fieldErrors: { form: t.tooManyAttempts } };
    }
    // A nickname taken between the check and the insert: the unique index answers.
    if ((error as { code?: string })?.code === "23505" || /23505|unique/i.test(String((error as Error)?.message))) {
      return { ok: false, status: 409, fieldErrors: { nickname: t.nicknameTaken } };
    }
    console.error("[auth] registrering misslyckades:", error);
    return { ok: false, status: 500, fieldErrors: { form: t.unexpected } };
  }
}

/** Outcome of {@link login}. */
export type LoginResult =
  | { ok: true; setCookies: string[] }
  | { ok: false; status: 400 | 401 | 403 | 429 | 500; error: string; unverified?: boolean };

/**
 * Logs in with e-mail and password (SPEC §2 /auth/login password tab). Unverified accounts are
 * refused with a Swedish message and `unverified: true` so the page can offer a new mail.
 *
 * @param services server services
 * @param input raw form fields `{ email, password }`
 * @param headers the request's headers
 * @returns {@link LoginResult}; on success the `Set-Cookie` values of the new session
 */
export async function login(services: Services, input: Record<string, string>, headers: Headers): Promise<LoginResult> {
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, status: 400, error: fieldErrors(parsed.error).form ?? t.fillEmailAndPassword };
  }
  const response = await services.auth.api.signInEmail({
    body: { email: parsed.data.email, password: parsed.data.password },
    headers,
    asResponse: true,
  });
  if (response.ok) return { ok: true, setCookies: response.headers.getSetCookie() };
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  if (response.status === 403 && body.code === "EMAIL_NOT_VERIFIED") {
    return { ok: false, status: 403, error: t.notVerified, unverified: true };
  }
  if (response.status === 401 || body.code === "INVALID_EMAIL_OR_PASSWORD") {
    return { ok: false, status: 401, error: t.invalidCredentials };
  }
  if (response.status === 429) return { ok: false, status: 429, error: t.tooManyAttempts };
  if (response.status === 400) return { ok: false, status: 400, error: t.invalidCredentials };
  console.error("[auth] inloggning misslyckades:", response.status, body);
  return { ok: false, status: 500, error: t.unexpected };
}

/**
 * Sends a new verification mail when the address has an unverified account; answers the same
 * either way (no account enumeration).
 *
 * @param input raw form fields `{ email }`
 * @returns true when the input was a valid address (the mail may or may not have been sent)
 */
export async function resendVerification(services: Services, input: Record<string, string>): Promise<boolean> {
  const parsed = emailOnlySchema.safeParse(input);
  if (!parsed.success) return false;
  try {
    await services.auth.api.sendVerificationEmail({
      body: { email: parsed.data.email, callbackURL: VERIFIED_CALLBACK },
    });
  } catch (error) {
    console.error("[auth] nytt bekräftelsemejl misslyckades:", (error as Error).message);
  }
  return true;
}

/**
 * Ends the session of the request.
 *
 * @returns the `Set-Cookie` values that clear the session cookies
 */
export async function logout(services: Services, headers: Headers): Promise<string[]> {
  const response = await services.auth.api.signOut({ headers, asResponse: true });
  return response.headers.getSetCookie();
}
