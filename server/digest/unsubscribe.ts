/**
 * One-click opt-out of the notification e-mail (the digest's and the weekly summary's
 * `List-Unsubscribe` header, RFC 8058), on the pattern of the admin mail's opt-out
 * (server/admin/unsubscribe.ts) with its own HMAC purpose, so an admin-mail link cannot turn off
 * notification mail and the reverse. Opting out sets `notification_settings.email_enabled = false`
 * (the master switch 'Stäng av alla e-postnotiser'); the member turns it on again under
 * Mitt konto, Notiser. docs/decisions/030-email-digest.md.
 *
 * @module
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { notificationSettings, profiles } from "../db/schema";

/**
 * The token of a member's notification-mail opt-out link.
 *
 * @param secret the server's `AUTH_SECRET`
 * @param userId the member id
 * @returns base64url HMAC-SHA256 of `digest-opt-out:<userId>`
 */
export function digestUnsubscribeToken(secret: string, userId: string): string {
  return createHmac("sha256", secret).update(`digest-opt-out:${userId}`).digest("base64url");
}

/**
 * The opt-out link of the digest and weekly summary (also the `List-Unsubscribe` target).
 *
 * @param publicUrl the forum's origin, e.g. `https://borssnack.se`
 * @param secret the server's `AUTH_SECRET`
 * @param userId the member id
 * @returns `${publicUrl}/avregistrera-notiser?u=…&t=…`
 */
export function digestUnsubscribeUrl(publicUrl: string, secret: string, userId: string): string {
  const q = new URLSearchParams({ u: userId, t: digestUnsubscribeToken(secret, userId) });
  return `${publicUrl}/avregistrera-notiser?${q}`;
}

/**
 * Checks a link's token (constant time).
 *
 * @param userId the `u` parameter (anything; not a string or over 200 characters → false)
 * @param token the `t` parameter
 * @returns true when `token` is the opt-out token of `userId`
 */
export function verifyDigestUnsubscribeToken(secret: string, userId: unknown, token: unknown): boolean {
  if (typeof userId !== "string" || typeof token !== "string" || !userId || userId.length > 200) return false;
  const expected = Buffer.from(digestUnsubscribeToken(secret, userId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Turns all notification e-mail off for a member (`email_enabled = false`; a member without a
 * settings row gets one with the defaults and the switch off).
 *
 * @param userId the member id
 * @returns false when there is no such member
 */
export async function disableNotificationEmail(db: Db, userId: string): Promise<boolean> {
  const result = (await db.execute(sql`
    INSERT INTO ${notificationSettings} (user_id, email_enabled)
    SELECT p.id, false FROM ${profiles} p WHERE p.id = ${userId}
    ON CONFLICT (user_id) DO UPDATE SET email_enabled = false, updated_at = now()
    RETURNING user_id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
