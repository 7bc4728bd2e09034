/**
 * The better-auth instance (ARCHITECTURE.md auth): e-mail + password with required e-mail
 * verification, the `username` plugin holding the nickname (SPEC §5 Nickname), sessions and
 * rate limits in the database.
 *
 * @module
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { username } from "better-auth/plugins";
import { NICKNAME_MAX, NICKNAME_MIN, PASSWORD_MAX, PASSWORD_MIN, nicknameError } from "../app/lib/validation";
import { app } from "../app/i18n/sv";
import type { AppConfig } from "./config";
import type { Db } from "./db/client";
import * as schema from "./db/schema";
import type { Mailer } from "./mail/mailer";
import { verificationMail } from "./mail/templates";

/** Dependencies of {@link createAuth}. */
export interface AuthDeps {
  config: AppConfig;
  db: Db;
  mailer: Mailer;
}

/** Verification links are valid this long (s). */
export const VERIFICATION_TTL_S = 24 * 60 * 60;

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
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_TTL_S,
      sendVerificationEmail: async ({ user, url }) => {
        const nickname =
          (user as { displayUsername?: string | null }).displayUsername ?? user.name ?? "";
        try {
          await mailer.send(verificationMail(user.email, nickname, url));
        } catch (error) {
          // The account is kept; the member can ask for a new mail from the login page.
          console.error("[mail] kunde inte skicka bekräftelsemejl:", (error as Error).message);
        }
      },
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
      // Set by server/app.ts from the socket address; never taken from the client.
      ipAddress: { ipAddressHeaders: ["x-borssnack-client-ip"] },
    },
    plugins: [
      username({
        minUsernameLength: NICKNAME_MIN,
        maxUsernameLength: NICKNAME_MAX,
        usernameValidator: (value) => nicknameError(value) === null,
      }),
    ],
  });
}

/** The better-auth instance type. */
export type Auth = ReturnType<typeof createAuth>;
