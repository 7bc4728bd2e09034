/**
 * The better-auth instance (ARCHITECTURE.md auth): e-mail + password with required e-mail
 * verification, the `username` plugin holding the nickname (SPEC §5 Nickname), sessions and
 * rate limits in the database.
 *
 * @module
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { magicLink, username } from "better-auth/plugins";
import { NICKNAME_MAX, NICKNAME_MIN, PASSWORD_MAX, PASSWORD_MIN, nicknameFormatError } from "../../domain/validation";
import { app } from "../../domain/i18n/sv";
import { CLIENT_IP_HEADER } from "../http/client-ip";
import type { AppConfig } from "../platform/config";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { magicLinkMail, resetPasswordMail, verificationMail } from "../mail/templates";
import { forgetActiveUsers } from "../presence/stats";

/** Dependencies of {@link createAuth}. */
export interface AuthDeps {
  config: AppConfig;
  db: Db;
  mailer: Mailer;
}

/** Verification links are valid this long (s). */
export const VERIFICATION_TTL_S = 24 * 60 * 60;
/** Magic links are valid this long (s) (SPEC §9 Magic link validity: 15 minutes). */
export const MAGIC_LINK_TTL_S = 15 * 60;
/** Password-reset links are valid this long (s). */
export const RESET_TTL_S = 60 * 60;

/** Metadata the app passes when asking for a magic link. */
export interface MagicLinkMetadata {
  nickname: string;
  /** Local path to go to after signing in. */
  redirectTo: string;
}

/** Sends a mail and logs (never throws) when the transport fails: the request must not fail. */
async function sendQuietly(mailer: Mailer, message: Parameters<Mailer["send"]>[0], what: string) {
  try {
    await mailer.send(message);
  } catch (error) {
    console.error(`[mail] kunde inte skicka ${what}:`, (error as Error).message);
  }
}

/**
 * Creates the better-auth instance.
 *
 * @param deps configuration, database and mailer
 * @returns the better-auth instance; `auth.handler(request)` serves `/api/auth/*`, `auth.api.*`
 *   are called by route actions
 */
export function createAuth({ config, db, mailer }: AuthDeps) {
  return betterAuth({
    appName: app.name,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db as never, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: RESET_TTL_S,
      // A reset ends every session of the account.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const nickname = (user as { displayUsername?: string | null }).displayUsername ?? user.name ?? "";
        const url = `${config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
        await sendQuietly(mailer, resetPasswordMail(user.email, nickname, url), "återställningsmejl");
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_TTL_S,
      sendVerificationEmail: async ({ user, url }) => {
        const nickname =
          (user as { displayUsername?: string | null }).displayUsername ?? user.name ?? "";
        // The account is kept when sending fails; the member can ask for a new mail.
        await sendQuietly(mailer, verificationMail(user.email, nickname, url), "bekräftelsemejl");
      },
    },
    databaseHooks: {
      // A sign-in counts as activity (server/presence/stats.ts): the next page counts afresh.
      session: { create: { after: async () => forgetActiveUsers() } },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: config.nodeEnv !== "test",
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: 100,
    },
    advanced: {
      cookiePrefix: "borssnack",
      // Set by server/http/app.ts from the socket address; never taken from the client.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_TTL_S,
        // Registration needs a nickname, so a magic link never creates an account.
        disableSignUp: true,
        storeToken: "hashed",
        sendMagicLink: async ({ email, token, metadata }) => {
          const meta = metadata as Partial<MagicLinkMetadata> | undefined;
          const back = meta?.redirectTo && meta.redirectTo !== "/forum" ? `&redirectTo=${encodeURIComponent(meta.redirectTo)}` : "";
          const url = `${config.publicUrl}/auth/magic?token=${encodeURIComponent(token)}${back}`;
          await sendQuietly(mailer, magicLinkMail(email, meta?.nickname ?? "", url), "inloggningslänk");
        },
      }),
      username({
        minUsernameLength: NICKNAME_MIN,
        maxUsernameLength: NICKNAME_MAX,
        // The form only: reserved names are refused by `register` in
        // server/accounts/actions.ts, the members' one way in; operators may still give one with
        // `forum create-admin` (an official 'Börssnack' account).
        usernameValidator: (value) => nicknameFormatError(value) === null,
      }),
    ],
  });
}

/** The better-auth instance type. */
export type Auth = ReturnType<typeof createAuth>;
