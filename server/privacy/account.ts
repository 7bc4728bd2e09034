/**
 * A member deleting their own account (docs/decisions/006-privacy.md): confirmed
 * with the current password, or, for accounts without one (magic-link members), through a
 * one-time link mailed to the account's address. Both end in {@link deleteMember}.
 *
 * Expected failures are returned as `{ ok: false, status, error }` with a Swedish message;
 * nothing here throws for bad input. Using a mailed link is also a declared write for the
 * confirmation page ({@link deletionLinkWrite}, server/writes/pipeline.ts).
 *
 * @module
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, like } from "drizzle-orm";
import { APIError } from "better-auth/api";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { privacy as pv } from "../../domain/i18n/sv";
import { PASSWORD_MAX } from "../../domain/validation";
import type { Db, Tx } from "../db/client";
import { account, profiles, user, verification } from "../db/schema";
import { ForumError } from "../platform/errors";
import type { Services } from "../platform/services";
import type { Viewer } from "../accounts/session";
import type { ProfileFileDeps } from "../uploads/profile-images";
import { defineOpenWrite, defineWrite, runWrite } from "../writes/pipeline";
import { deleteMember, removeMemberFiles, DELETE_LINK_PREFIX, type DeleteMemberResult } from "./delete-account";
import { deletionMail } from "./mail";

/** A mailed deletion link is valid this long (s). */
export const DELETE_LINK_TTL_S = 60 * 60;
/** At most one deletion mail per member within this many seconds. */
export const DELETE_LINK_RESEND_S = 60;
/** Path of the page a deletion link opens (`?token=` appended). */
export const DELETE_LINK_PATH = "/forum/konto/radera";

/** A failed step: HTTP status and the Swedish message to show. */
export interface PrivacyFailure {
  ok: false;
  status: 400 | 401 | 404 | 409 | 429 | 500 | 503;
  error: string;
}

// Wrong passwords per member: 5 per 15 minutes, then 15 minutes' wait. In memory (per server
// process): the form is only reachable with a valid session, so this only has to stop someone
// holding a session from guessing the password at full speed.
const wrongPasswords = new RateLimiterMemory({ keyPrefix: "privacy-delete", points: 5, duration: 15 * 60, blockDuration: 15 * 60 });

/**
 * Whether the member has a password (a better-auth credential account with a hash).
 *
 * @param db database handle
 * @param userId the member's id
 * @returns true when a password is set; magic-link-only accounts answer false
 */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .limit(1);
  return typeof row?.password === "string" && row.password.length > 0;
}

/**
 * Deleting one's own account with the current password as a declared write
 * (server/writes/pipeline.ts; the account page's 'Radera konto'): `{ password }` → the
 * {@link DeleteMemberResult}. Steps: login (401) → parse: a password is given (400
 * 'passwordRequired'; longer than any password: 400 'wrongPassword') → policy: at most 5 wrong
 * passwords per member in 15 minutes (429), then better-auth checks the password against the
 * request's session, so only the session's own member can be deleted (400 wrong, 401 no
 * session) → transaction: {@link deleteMember} (409 the only admin, 404 already gone; nothing
 * deleted) → events: the member's uploaded files removed. Changes pages (their posts now say
 * 'Okänd').
 *
 * @param services the auth API, the database and the storage of uploaded files
 * @param headers the request's headers (the session better-auth verifies the password against)
 * @returns the write
 */
export function passwordDeletionWrite(services: Services, headers: Headers) {
  return defineWrite({
    name: "delete-account-with-password",
    login: { message: pv.notLoggedIn },
    parse: (raw: { password: unknown }) => {
      const password = raw.password;
      if (typeof password !== "string" || password.length === 0) throw new ForumError(400, pv.passwordRequired);
      if (password.length > PASSWORD_MAX) throw new ForumError(400, pv.wrongPassword);
      return password;
    },
    policy: async ({ actor }, password) => {
      const state = await wrongPasswords.get(actor.id);
      if (state && state.consumedPoints >= 5) throw new ForumError(429, pv.tooManyAttempts(Math.ceil(state.msBeforeNext / 60_000)));
      try {
        await services.auth.api.verifyPassword({ body: { password }, headers });
      } catch (error) {
        if (error instanceof APIError && error.statusCode === 401) throw new ForumError(401, pv.notLoggedIn);
        if (error instanceof APIError && error.statusCode === 400) {
          await wrongPasswords.consume(actor.id).catch((e: unknown) => {
            if (!(e instanceof RateLimiterRes)) throw e;
          });
          throw new ForumError(400, pv.wrongPassword);
        }
        console.error("[privacy] lösenordskontroll misslyckades:", error);
        throw new ForumError(503, pv.deleteFailed);
      }
      await wrongPasswords.delete(actor.id);
    },
    transaction: async (tx, { actor }) => {
      const result = await deleteMember(tx as unknown as Db, actor.id);
      if (result.lastAdmin) throw new ForumError(409, pv.lastAdminCannotDelete);
      if (!result.deleted) throw new ForumError(404, pv.accountMissing);
      return result;
    },
    events: ({ db }, result) => removeMemberFiles({ ...services, db: db as Db }, result),
  });
}

/**
 * Deletes the member's account when `password` is theirs ({@link passwordDeletionWrite} without
 * abuse limits; scripts and tests).
 *
 * @param services server services
 * @param viewer the logged-in member (from the request's session)
 * @param password what the member typed (any value; bad input answers 400)
 * @param headers the request's headers (their session is the one the password is checked against)
 * @returns `{ ok: true, result }` after deletion, or a {@link PrivacyFailure}: 400 empty or wrong
 *   password, 401 no valid session, 404 no such account, 409 the only admin, 429 too many wrong
 *   passwords, 503 the check could not be made; nothing is deleted on failure
 */
export async function deleteOwnAccountWithPassword(
  services: Services,
  viewer: Viewer,
  password: unknown,
  headers: Headers,
): Promise<{ ok: true; result: DeleteMemberResult } | PrivacyFailure> {
  const actor = { id: viewer.id, role: viewer.role, nickname: viewer.nickname };
  const outcome = await runWrite(passwordDeletionWrite(services, headers), { db: services.db, actor }, { password });
  return outcome.ok ? { ok: true, result: outcome.value } : { ok: false, status: outcome.status as PrivacyFailure["status"], error: outcome.error };
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const identifierFor = (token: string) => `${DELETE_LINK_PREFIX}${hashToken(token)}`;
/** A member's deletion links. */
const linksOf = (userId: string) => and(like(verification.identifier, `${DELETE_LINK_PREFIX}%`), eq(verification.value, userId));
/** Tokens are 32 random bytes in base64url (43 characters). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Asking for a one-time link that deletes the account (for members without a password, and for
 * those who prefer it) as a declared write (server/writes/pipeline.ts; the account page's
 * 'Skicka raderingslänk'): no input. Steps: login (401) → policy: at most one link per member
 * within {@link DELETE_LINK_RESEND_S} s (429 'linkRecentlySent'), and the account's address →
 * transaction: the member's earlier link replaced by a new one, only the token's hash stored
 * (`verification` table, identifier `delete-account:<sha256>`, value = user id, valid
 * {@link DELETE_LINK_TTL_S} s), and the mail handed to the mail server; a mail that cannot be
 * sent rolls the link back (503 'linkSendFailed'). Changes no cached page.
 *
 * @param services the mailer and the public URL the link starts with
 * @returns the write
 */
export function deletionLinkRequestWrite(services: Pick<Services, "config" | "mailer">) {
  return defineWrite({
    name: "deletion-link-request",
    changes: () => [],
    login: { message: pv.notLoggedIn },
    parse: () => null,
    policy: async ({ db, actor }) => {
      const recent = await db
        .select({ id: verification.id })
        .from(verification)
        .where(and(linksOf(actor.id), gt(verification.createdAt, new Date(Date.now() - DELETE_LINK_RESEND_S * 1000))))
        .limit(1);
      if (recent.length > 0) throw new ForumError(429, pv.linkRecentlySent);
      const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, actor.id)).limit(1);
      if (!row) throw new ForumError(401, pv.notLoggedIn);
      return row.email;
    },
    transaction: async (tx, { actor }, _input, email) => {
      const token = randomBytes(32).toString("base64url");
      await tx.delete(verification).where(linksOf(actor.id));
      await tx.insert(verification).values({
        id: randomBytes(16).toString("hex"),
        identifier: identifierFor(token),
        value: actor.id,
        expiresAt: new Date(Date.now() + DELETE_LINK_TTL_S * 1000),
      });
      const url = `${services.config.publicUrl}${DELETE_LINK_PATH}?token=${token}`;
      try {
        await services.mailer.send(deletionMail(email, actor.nickname, url));
      } catch (error) {
        console.error("[privacy] kunde inte skicka raderingslänk:", (error as Error).message);
        throw new ForumError(503, pv.linkSendFailed);
      }
    },
  });
}

/**
 * Mails the member a deletion link ({@link deletionLinkRequestWrite} without abuse limits;
 * scripts and tests).
 *
 * @param services server services (database, mailer, public URL)
 * @param viewer the member; the mail goes to their account address
 * @returns `{ ok: true }` when the mail was handed to the mail server, or a
 *   {@link PrivacyFailure}: 429 when a link was sent less than {@link DELETE_LINK_RESEND_S} s
 *   ago, 503 when the mail could not be sent (no link is then stored)
 */
export async function requestDeletionLink(services: Services, viewer: Viewer): Promise<{ ok: true } | PrivacyFailure> {
  const actor = { id: viewer.id, role: viewer.role, nickname: viewer.nickname };
  const result = await runWrite(deletionLinkRequestWrite(services), { db: services.db, actor }, {});
  return result.ok ? { ok: true } : { ok: false, status: result.status as PrivacyFailure["status"], error: result.error };
}

/**
 * Looks up a deletion link without using it (the confirmation page shows whose account it is).
 *
 * @param db database handle
 * @param token the `token` query value (any string; malformed tokens answer null)
 * @returns `{ userId, nickname }` of a valid, unexpired link, or null
 */
export async function findDeletionLink(db: Db, token: unknown): Promise<{ userId: string; nickname: string } | null> {
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({ userId: profiles.id, nickname: profiles.nickname })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(and(eq(verification.identifier, identifierFor(token)), gt(verification.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** An account deleted through its mailed link: whose, and what the deletion left to clean up. */
export interface LinkDeletion {
  userId: string;
  result: DeleteMemberResult;
}

/**
 * Uses a deletion link in the caller's transaction: removes the token (so it works once) and
 * deletes the account.
 *
 * @returns the deleted account's id and the {@link DeleteMemberResult}
 * @throws {ForumError} 400 'Raderingslänken är ogiltig, redan använd…' when the link is unknown, used
 *   or expired, or names no account any more; 409 when the member is the only admin (thrown, so
 *   the transaction rolls back and the link still works once another admin is appointed)
 */
async function useDeletionLink(tx: Tx, token: string): Promise<LinkDeletion> {
  const [used] = await tx
    .delete(verification)
    .where(and(eq(verification.identifier, identifierFor(token)), gt(verification.expiresAt, new Date())))
    .returning({ userId: verification.value });
  if (!used) throw new ForumError(400, pv.linkInvalid);
  const result = await deleteMember(tx as unknown as Db, used.userId);
  if (result.lastAdmin) throw new ForumError(409, pv.lastAdminCannotDelete);
  if (!result.deleted) throw new ForumError(400, pv.linkInvalid);
  return { userId: used.userId, result };
}

/**
 * A token as the form sends it: 43 base64url characters, else refused.
 *
 * @throws {ForumError} 400 'Raderingslänken är ogiltig…' for anything else
 */
function parseToken(token: unknown): string {
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) throw new ForumError(400, pv.linkInvalid);
  return token;
}

/**
 * Using a mailed deletion link as a declared write (the confirmation page's POST;
 * docs/decisions/006-privacy.md): `{ token }` → {@link LinkDeletion}. Anyone holding the link may
 * use it, a visitor too — the token is the credential — so the write is open
 * ({@link defineOpenWrite}). Steps: parse: the token's shape (400) → transaction: the token
 * removed and the account deleted, all or nothing (400 unknown, used or expired link; 409 the
 * only admin, the link then stays valid) → events: the member's uploaded files removed after
 * commit. Changes pages (their posts now say 'Okänd').
 *
 * @param files configuration and storage of the uploaded files
 * @returns the write
 */
export function deletionLinkWrite(files: ProfileFileDeps) {
  return defineOpenWrite({
    name: "delete-account-by-link",
    login: { visitors: true },
    parse: (raw: { token: unknown }) => parseToken(raw.token),
    transaction: (tx, _scope, token) => useDeletionLink(tx, token),
    events: ({ db }, { result }) => removeMemberFiles({ ...files, db: db as Db }, result),
  });
}

/**
 * Uses a deletion link: removes the token (so it works once) and deletes the account, in one
 * transaction; the caller removes the member's files (`removeMemberFiles`). Scripts and tests;
 * the confirmation page runs {@link deletionLinkWrite}.
 *
 * @param db database handle
 * @param token the token from the link (any string)
 * @returns `{ ok: true, userId, result }` after deletion, or a {@link PrivacyFailure}: 400 when
 *   the link is malformed, unknown, used or expired, 409 when the member is the only admin
 *   (the link stays valid). Nothing is deleted on failure.
 */
export async function deleteAccountByLink(
  db: Db,
  token: unknown,
): Promise<({ ok: true } & LinkDeletion) | PrivacyFailure> {
  try {
    const valid = parseToken(token);
    return { ok: true, ...(await db.transaction((tx) => useDeletionLink(tx, valid))) };
  } catch (error) {
    if (error instanceof ForumError) return { ok: false, status: error.status === 409 ? 409 : 400, error: error.message };
    throw error;
  }
}

/** What the account page shows about the member. */
export interface AccountSummary {
  nickname: string;
  email: string;
  /** Registration time (ISO). */
  createdAt: string;
  threadsCount: number;
  commentsCount: number;
  /** False for magic-link-only accounts: they delete through a mailed link. */
  hasPassword: boolean;
}

/**
 * The account page's data for one member.
 *
 * @param db database handle
 * @param userId the member's id
 * @returns {@link AccountSummary}, or null when the member does not exist
 */
export async function accountSummary(db: Db, userId: string): Promise<AccountSummary | null> {
  const [row] = await db
    .select({
      nickname: profiles.nickname,
      email: user.email,
      createdAt: user.createdAt,
      threadsCount: profiles.threadsCount,
      commentsCount: profiles.commentsCount,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, userId))
    .limit(1);
  if (!row) return null;
  return { ...row, createdAt: row.createdAt.toISOString(), hasPassword: await hasPassword(db, userId) };
}
