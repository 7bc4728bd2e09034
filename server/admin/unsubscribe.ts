/**
 * One-click opt-out of the admins' bulk mail (a `List-Unsubscribe` header, RFC 8058) and
 * its reversal on the member's account page. The link carries the member id and an HMAC of it
 * made with the server secret, so nobody can opt out someone else.
 *
 * @module
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { profiles } from "../db/schema";

/**
 * The token of a member's opt-out link.
 *
 * @param secret the server's `AUTH_SECRET`
 * @param userId the member id
 * @returns base64url HMAC-SHA256
 */
export function unsubscribeToken(secret: string, userId: string): string {
  return createHmac("sha256", secret).update(`admin-mail-opt-out:${userId}`).digest("base64url");
}

/**
 * The opt-out link put in each bulk mail.
 *
 * @param publicUrl the forum's origin, e.g. `https://borssnack.se`
 * @returns `${publicUrl}/avregistrera?u=…&t=…`
 */
export function unsubscribeUrl(publicUrl: string, secret: string, userId: string): string {
  const q = new URLSearchParams({ u: userId, t: unsubscribeToken(secret, userId) });
  return `${publicUrl}/avregistrera?${q}`;
}

/** True when `token` is the opt-out token of `userId`. */
export function verifyUnsubscribeToken(secret: string, userId: unknown, token: unknown): boolean {
  if (typeof userId !== "string" || typeof token !== "string" || !userId || userId.length > 200) return false;
  const expected = Buffer.from(unsubscribeToken(secret, userId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Sets or clears a member's opt-out.
 *
 * @param optOut true: no more bulk mail; false: receive it again
 * @returns false when there is no such member
 */
export async function setAdminMailOptOut(db: Db, userId: string, optOut: boolean): Promise<boolean> {
  const rows = await db.update(profiles).set({ adminMailOptOut: optOut }).where(eq(profiles.id, userId)).returning({ id: profiles.id });
  return rows.length > 0;
}

/** Whether a member has opted out. */
export async function getAdminMailOptOut(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ v: profiles.adminMailOptOut }).from(profiles).where(eq(profiles.id, userId)).limit(1);
  return row?.v ?? false;
}
