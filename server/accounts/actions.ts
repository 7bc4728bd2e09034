/**
 * Account actions on top of better-auth: register, log in (password or magic link), log out,
 * resend verification, forgot/reset password, set or change password (SPEC §2 /auth/*; §5
 * Register, Login, Forgot password, Reset password; §8 Authentication). Every action counts
 * against the abuse limits (`server/accounts/sign-in-lockout.ts`) and answers without revealing whether an e-mail
 * has an account. Returns typed results with Swedish messages; never throws for expected
 * failures.
 *
 * `ip` is the client's address (`server/http/client-ip.ts`); `"unknown"` (direct calls from tests or
 * the CLI, never HTTP requests) skips the per-IP limits, the per-e-mail limits still apply.
 *
 * @module
 */
import { and, eq, gt, isNotNull } from "drizzle-orm";
import { APIError } from "better-auth/api";
import { auth as a } from "../../domain/i18n/sv";
import {
  emailOnlySchema,
  fieldErrors,
  loginSchema,
  newPasswordSchema,
  registerSchema,
} from "../../domain/validation";
import type { MagicLinkMetadata } from "./auth";
import { account, profiles, user, verification } from "../db/schema";
import { isNicknameTaken } from "../forum/queries";
import { CLIENT_IP_HEADER, ipLimitKey } from "../http/client-ip";
import type { LimitName, LimitResult } from "./sign-in-lockout";
import { commonPasswordError } from "./passwords";
import { logEvent, maskEmail } from "../platform/log";
import { declareChange } from "../cache/page-writes";
import { publishEvent } from "../realtime/events";
import type { Services } from "../platform/services";
import { sessionKey } from "./session";

/** A refusal by the abuse limits: HTTP 429 with the Swedish text and the wait. */
export interface Throttled {
  status: 429;
  error: string;
  retryAfterS: number;
}

function throttled(result: Extract<LimitResult, { ok: false }>, message: string = a.tooManyAttempts): Throttled {
  return { status: 429, error: `${message} ${a.retryIn(result.retryAfterS)}`, retryAfterS: result.retryAfterS };
}

/**
 * Counts the request against the IP limit (skipped for `unknown`; an IPv6 client by its /64) and
 * the e-mail limit; nothing is spent when either refuses.
 */
async function hitLimits(
  services: Services,
  ip: string,
  ipLimit: LimitName,
  email?: { limit: LimitName; value: string },
): Promise<LimitResult> {
  const checks: Array<[LimitName, string]> = [];
  if (ip !== "unknown") checks.push([ipLimit, ipLimitKey(ip)]);
  if (email) checks.push([email.limit, email.value]);
  return checks.length ? services.limits.hit(...checks) : { ok: true };
}

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
export async function register(
  services: Services,
  input: Record<string, string>,
  headers: Headers,
  ip = "unknown",
): Promise<RegisterResult> {
  const parsed = registerSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, fieldErrors: fieldErrors(parsed.error) };
  const { email, nickname, password } = parsed.data;
  const common = await commonPasswordError(password);
  if (common) return { ok: false, status: 400, fieldErrors: { password: common } };
  const limit = await hitLimits(services, ip, "signUpIp");
  if (!limit.ok) return { ok: false, status: 429, fieldErrors: { form: throttled(limit).error } };
  if (await isNicknameTaken(services.db, nickname)) {
    return { ok: false, status: 409, fieldErrors: { nickname: a.nicknameTaken } };
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
      return { ok: false, status: 409, fieldErrors: { nickname: a.nicknameTaken } };
    }
    if (code === "INVALID_USERNAME" || code === "USERNAME_TOO_SHORT" || code === "USERNAME_TOO_LONG") {
      return { ok: false, status: 400, fieldErrors: { nickname: a.nicknameChars } };
    }
    if (code === "PASSWORD_TOO_SHORT") return { ok: false, status: 400, fieldErrors: { password: a.passwordTooShort } };
    if (code === "PASSWORD_TOO_LONG") return { ok: false, status: 400, fieldErrors: { password: a.passwordTooLong } };
    if (code === "INVALID_EMAIL") return { ok: false, status: 400, fieldErrors: { email: a.invalidEmail } };
    if (error instanceof APIError && error.statusCode === 429) {
      return { ok: false, status: 429, fieldErrors: { form: a.tooManyAttempts } };
    }
    // A nickname taken between the check and the insert: the unique index answers.
    if ((error as { code?: string })?.code === "23505" || /23505|unique/i.test(String((error as Error)?.message))) {
      return { ok: false, status: 409, fieldErrors: { nickname: a.nicknameTaken } };
    }
    console.error("[auth] registrering misslyckades:", error);
    return { ok: false, status: 500, fieldErrors: { form: a.unexpected } };
  }
}

/** Outcome of {@link login}. */
export type LoginResult =
  | { ok: true; setCookies: string[] }
  | { ok: false; status: 400 | 401 | 403 | 500; error: string; unverified?: boolean }
  | ({ ok: false; unverified?: undefined } & Throttled);

/**
 * Logs in with e-mail and password (SPEC §2 /auth/login password tab). Wrong e-mail and wrong
 * password give the same message; unverified accounts are refused with `unverified: true` so
 * the page can offer a new mail; 5 failed attempts from one address (IPv6: its /64) lock that
 * address out of the e-mail for 15 minutes; more than 5 failures from anywhere slow every attempt
 * for the e-mail down (1, 2, 4, 8, at most 10 s; `server/accounts/sign-in-lockout.ts`), so nobody can lock the
 * member out.
 *
 * @param services server services
 * @param input raw form fields `{ email, password }`
 * @param headers the request's headers
 * @param ip the client's address
 * @returns {@link LoginResult}; on success the `Set-Cookie` values of the new session
 */
export async function login(
  services: Services,
  input: Record<string, string>,
  headers: Headers,
  ip = "unknown",
): Promise<LoginResult> {
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, status: 400, error: fieldErrors(parsed.error).form ?? a.fillEmailAndPassword };
  }
  const { email, password } = parsed.data;
  const limit = await hitLimits(services, ip, "signInIp");
  if (!limit.ok) return { ok: false, ...throttled(limit) };
  const locked = await services.limits.signInLocked(email, ip);
  if (!locked.ok) {
    logEvent("auth.sign_in_locked", { email: maskEmail(email), ip });
    return { ok: false, ...throttled(locked, a.accountLocked) };
  }
  // Many failures for this e-mail from anywhere slow every attempt down instead of locking the
  // account for everyone.
  const delay = await services.limits.signInDelay(email);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  const response = await services.auth.api.signInEmail({ body: { email, password }, headers, asResponse: true });
  if (response.ok) {
    await services.limits.signInSucceeded(email, ip);
    logEvent("auth.sign_in", { email: maskEmail(email), ip });
    return { ok: true, setCookies: response.headers.getSetCookie() };
  }
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  if (response.status === 403 && body.code === "EMAIL_NOT_VERIFIED") {
    return { ok: false, status: 403, error: a.notVerified, unverified: true };
  }
  if (response.status === 401 || response.status === 400 || body.code === "INVALID_EMAIL_OR_PASSWORD") {
    await services.limits.signInFailed(email, ip);
    logEvent("auth.sign_in_failed", { email: maskEmail(email), ip });
    return { ok: false, status: 401, error: a.invalidCredentials };
  }
  console.error("[auth] inloggning misslyckades:", response.status, body);
  return { ok: false, status: 500, error: a.unexpected };
}

/**
 * Sends a new verification mail when the address has an unverified account; answers the same
 * either way (no account enumeration).
 *
 * @param input raw form fields `{ email }`
 * @param ip the client's address
 * @returns true when the input was a valid address (the mail may or may not have been sent),
 *   false for an invalid address, {@link Throttled} over the limits
 */
export async function resendVerification(
  services: Services,
  input: Record<string, string>,
  ip = "unknown",
): Promise<boolean | Throttled> {
  const parsed = emailOnlySchema.safeParse(input);
  if (!parsed.success) return false;
  const limit = await hitLimits(services, ip, "resendIp", { limit: "resendEmail", value: parsed.data.email });
  if (!limit.ok) return throttled(limit);
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
 * Ends the session of the request, and with it what the session started on every instance:
 * its open event streams close and its cached lookup is forgotten (`session-ended`,
 * server/realtime/events.ts; announced only when there was a session cookie). A request without
 * a session changes nothing.
 *
 * @param services server services
 * @param headers the request's headers (its `Cookie`)
 * @returns the `Set-Cookie` values that clear the session cookies
 * @throws when better-auth or the database fails
 */
export async function logout(services: Services, headers: Headers): Promise<string[]> {
  const session = sessionKey(headers.get("cookie"));
  const response = await services.auth.api.signOut({ headers, asResponse: true });
  if (session) await publishEvent(services.db, { kind: "session-ended", session });
  return response.headers.getSetCookie();
}

/** Outcome of a request that mails a link: sent-or-not (same answer), bad input, or throttled. */
export type MailLinkResult = { ok: true } | { ok: false; status: 400; error: string } | ({ ok: false } & Throttled);

async function nicknameForEmail(services: Services, email: string): Promise<string | null> {
  const [row] = await services.db
    .select({ nickname: profiles.nickname })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.email, email))
    .limit(1);
  return row?.nickname ?? null;
}

/**
 * Mails a magic link (SPEC §2 /auth/login magic tab; §5: e-mail lower-cased and trimmed; §9: valid
 * 15 minutes). Only existing accounts get a mail — registration needs a nickname, so a link never
 * creates an account — but the answer is the same for any address (docs/decisions/007).
 *
 * @param input raw form fields `{ email }`
 * @param redirectTo local path to land on after signing in (already made safe by the caller)
 * @param ip the client's address
 * @returns {@link MailLinkResult}; 400 'Vänligen fyll i din e-postadress' or an invalid-address
 *   message, 429 over the limits
 */
export async function requestMagicLink(
  services: Services,
  input: Record<string, string>,
  headers: Headers,
  redirectTo: string,
  ip = "unknown",
): Promise<MailLinkResult> {
  if (!(input.email ?? "").trim()) return { ok: false, status: 400, error: a.fillEmail };
  const parsed = emailOnlySchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, error: a.invalidEmail };
  const { email } = parsed.data;
  const limit = await hitLimits(services, ip, "magicLinkIp", { limit: "magicLinkEmail", value: email });
  if (!limit.ok) return { ok: false, ...throttled(limit) };
  const nickname = await nicknameForEmail(services, email);
  if (nickname !== null) {
    const metadata: MagicLinkMetadata = { nickname, redirectTo };
    await services.auth.api.signInMagicLink({ body: { email, callbackURL: redirectTo, metadata }, headers });
  }
  return { ok: true };
}

/** Outcome of {@link verifyMagicLink}. */
export type MagicVerifyResult = { ok: true; setCookies: string[] } | { ok: false } | ({ ok: false } & Throttled);

/**
 * Signs in with a magic-link token (SPEC §2 /auth/magic). A token works once and for 15 minutes;
 * following it also confirms the e-mail address of an unverified account.
 *
 * @param token the `token` query parameter of the link
 * @param headers the request's headers (the client address in `CLIENT_IP_HEADER` is counted
 *   against the magic-link limit per address, 10 a minute, after the token's shape was checked)
 * @returns the new session's `Set-Cookie` values, `{ ok: false }` for an invalid, used or
 *   expired token, or 429 with the Swedish message over the limit
 */
export async function verifyMagicLink(services: Services, token: string, headers: Headers): Promise<MagicVerifyResult> {
  if (!token || token.length > 200) return { ok: false };
  const limit = await hitLimits(services, headers.get(CLIENT_IP_HEADER) ?? "unknown", "magicLinkIp");
  if (!limit.ok) return { ok: false, ...throttled(limit) };
  const response = await services.auth.api.magicLinkVerify({
    query: { token, callbackURL: "/forum", errorCallbackURL: "/auth/magic" },
    headers,
    asResponse: true,
  });
  const location = response.headers.get("location") ?? "";
  const setCookies = response.headers.getSetCookie();
  if (location.includes("error=") || !setCookies.some((c) => c.includes("session_token="))) return { ok: false };
  return { ok: true, setCookies };
}

/**
 * Mails a password-reset link (SPEC §2 /auth/forgot-password; §5: must contain @, lower-cased
 * and trimmed). Same answer whether or not the address has an account.
 *
 * @param input raw form fields `{ email }`
 * @param ip the client's address
 * @returns {@link MailLinkResult}; 400 'Vänligen ange en giltig e-postadress.'; 429 over limits
 */
export async function requestPasswordReset(
  services: Services,
  input: Record<string, string>,
  ip = "unknown",
): Promise<MailLinkResult> {
  const parsed = emailOnlySchema.safeParse(input);
  if (!parsed.success || !parsed.data.email.includes("@")) return { ok: false, status: 400, error: a.invalidEmail };
  const { email } = parsed.data;
  const limit = await hitLimits(services, ip, "resetIp", { limit: "resetEmail", value: email });
  if (!limit.ok) return { ok: false, ...throttled(limit) };
  await services.auth.api.requestPasswordReset({ body: { email } });
  logEvent("auth.reset_requested", { email: maskEmail(email), ip });
  return { ok: true };
}

/**
 * Whether a reset token is still usable (SPEC §2 /auth/reset-password "verifying" step).
 *
 * @param token the token of the link
 * @returns true when it exists and has not expired
 */
export async function isResetTokenValid(services: Services, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const rows = await services.db
    .select({ id: verification.id })
    .from(verification)
    .where(and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, new Date())))
    .limit(1);
  return rows.length > 0;
}

/** Outcome of {@link resetPassword} and {@link savePassword}. */
export type PasswordResult =
  | { ok: true; setCookies: string[] }
  | { ok: false; status: 400 | 401 | 429 | 500; fieldErrors: Record<string, string>; invalidLink?: boolean; retryAfterS?: number };

/**
 * Sets a new password with a reset token (SPEC §5 Reset password: ≥ 8 characters, confirmation
 * must match). The token works once; every session of the account ends.
 *
 * @param input raw form fields `{ token, password, confirm }`
 * @param ip the client's address: counted against the reset limit per address (10 a minute,
 *   shared with asking for the link) once the fields are valid; `unknown` is not counted
 * @returns {@link PasswordResult}; `invalidLink` when the token is unknown, used or expired; 429
 *   with the Swedish message and `retryAfterS` over the limit
 */
export async function resetPassword(services: Services, input: Record<string, string>, ip = "unknown"): Promise<PasswordResult> {
  const parsed = newPasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, fieldErrors: fieldErrors(parsed.error) };
  const common = await commonPasswordError(parsed.data.password);
  if (common) return { ok: false, status: 400, fieldErrors: { password: common } };
  const token = input.token ?? "";
  if (!token) return { ok: false, status: 400, fieldErrors: { form: a.resetNoToken }, invalidLink: true };
  const limit = await hitLimits(services, ip, "resetIp");
  if (!limit.ok) {
    const refused = throttled(limit);
    return { ok: false, status: 429, fieldErrors: { form: refused.error }, retryAfterS: refused.retryAfterS };
  }
  try {
    await services.auth.api.resetPassword({ body: { newPassword: parsed.data.password, token } });
    // The account's sessions ended: no instance may keep their lookups.
    declareChange("member");
    return { ok: true, setCookies: [] };
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) {
      return { ok: false, status: 400, fieldErrors: { form: a.resetInvalid }, invalidLink: true };
    }
    console.error("[auth] återställning misslyckades:", error);
    return { ok: false, status: 500, fieldErrors: { form: a.unexpected } };
  }
}

/**
 * Whether an account has a password (SPEC §4 hasPassword), read from better-auth's credential
 * account; the hash itself is never read out.
 *
 * @param userId the member's id
 */
export async function hasPassword(services: Services, userId: string): Promise<boolean> {
  const rows = await services.db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential"), isNotNull(account.password)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Sets a first password (magic-link accounts) or changes the password (`current` required); a
 * change ends the account's other sessions and renews this one (SPEC §2 'Ställ in lösenord').
 *
 * @param input raw form fields `{ current?, password, confirm }`
 * @param headers the request's headers (carry the session)
 * @returns {@link PasswordResult}; on a change the renewed session's `Set-Cookie` values; 429 with
 *   `retryAfterS` after 5 wrong current passwords in 15 minutes (locked for 15 minutes)
 */
export async function savePassword(
  services: Services,
  userId: string,
  input: Record<string, string>,
  headers: Headers,
): Promise<PasswordResult> {
  const parsed = newPasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, fieldErrors: fieldErrors(parsed.error) };
  const common = await commonPasswordError(parsed.data.password);
  if (common) return { ok: false, status: 400, fieldErrors: { password: common } };
  const newPassword = parsed.data.password;
  try {
    if (!(await hasPassword(services, userId))) {
      await services.auth.api.setPassword({ body: { newPassword }, headers });
      // The session lookup says whether the member has a password ('Byt lösenord' in the menu).
      declareChange("member");
      return { ok: true, setCookies: [] };
    }
    const currentPassword = input.current ?? "";
    if (!currentPassword) return { ok: false, status: 400, fieldErrors: { current: a.wrongCurrentPassword } };
    // 5 wrong current passwords lock the check for 15 minutes, as account deletion does: a
    // borrowed session must not guess the password at full speed.
    const locked = await services.limits.passwordCheckLocked(userId);
    if (!locked.ok) {
      return { ok: false, status: 429, fieldErrors: { current: throttled(locked).error }, retryAfterS: locked.retryAfterS };
    }
    const response = await services.auth.api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: true },
      headers,
      asResponse: true,
    });
    if (response.ok) {
      await services.limits.passwordCheckSucceeded(userId);
      // The other sessions ended: no instance may keep their lookups.
      declareChange("member");
      return { ok: true, setCookies: response.headers.getSetCookie() };
    }
    if (response.status === 400 || response.status === 401) {
      await services.limits.passwordCheckFailed(userId);
      return { ok: false, status: 400, fieldErrors: { current: a.wrongCurrentPassword } };
    }
    console.error("[auth] lösenordsbyte misslyckades:", response.status);
    return { ok: false, status: 500, fieldErrors: { form: a.unexpected } };
  } catch (error) {
    if (error instanceof APIError && error.statusCode === 401) {
      return { ok: false, status: 401, fieldErrors: { form: a.unexpected } };
    }
    console.error("[auth] lösenord kunde inte sparas:", error);
    return { ok: false, status: 500, fieldErrors: { form: a.unexpected } };
  }
}
