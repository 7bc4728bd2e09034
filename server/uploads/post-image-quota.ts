/**
 * The storage quota of post images (docs/decisions/008-uploads.md "Post images: storage quota"):
 * per member, the bytes of the last rolling 24 hours, tighter limits (images and bytes) in an
 * account's first 24 hours, and the bytes stored in total — all read from `post_images`
 * (`owner_id`, `bytes`, `created_at`, index on `(owner_id, created_at)`), so no counter can drift
 * from what is really stored.
 *
 * The orphan sweep never deletes a row younger than 24 hours (`POST_IMAGE_GRACE_MS`), so the rows
 * of the last 24 hours are exactly the member's uploads of that window.
 *
 * Used twice per upload (`server/uploads/post-images.ts`): a read-only check before the image is
 * decoded (no CPU spent on a member already at a limit), and the decisive check with the real
 * size inside the transaction that inserts the row, under a lock on the member's profile row, so
 * two parallel uploads cannot both take the last room.
 *
 * @module
 */
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { uploads as up, abuseLimits as al } from "../../domain/i18n/sv";
import type { Role } from "../../domain/roles";
import {
  POST_IMAGE_DAY_QUOTA_BYTES,
  POST_IMAGE_DAY_QUOTA_MB,
  POST_IMAGE_FIRST_DAY_MAX_UPLOADS,
  POST_IMAGE_FIRST_DAY_QUOTA_BYTES,
  POST_IMAGE_FIRST_DAY_QUOTA_MB,
  POST_IMAGE_TOTAL_QUOTA_BYTES,
  POST_IMAGE_TOTAL_QUOTA_MB,
} from "../../domain/uploads";
import { exemptFromActionLimits, NEW_ACCOUNT_MS } from "../abuse/action-limits";
import type { Db } from "../db/client";
import { postImages, user } from "../db/schema";
import { RateLimitedError } from "../platform/errors";
import { UploadError } from "./images";

/** Length of the rolling window, in milliseconds (24 h). */
export const POST_IMAGE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A database handle or a transaction on it (both offer `select`). */
type Reader = Pick<Db, "select">;

/** Who uploads, and how the limits are scaled. */
export interface PostImageQuotaSubject {
  /** The uploading member (profile id = user id). */
  ownerId: string;
  /**
   * The member's effective role: moderators and admins are exempt from the 24-hour and first-day
   * limits, as from every per-action limit (decision 014); the total applies to everyone.
   */
  role?: Role;
  /** Factor on the 24-hour and first-day limits (`ACTION_LIMIT_MULTIPLIER`, default 1). */
  multiplier?: number;
  /** The current time; default now. */
  now?: Date;
}

/** A member's post-image usage as read from `post_images`. */
export interface PostImageUsage {
  /** Bytes of all the member's stored post images. */
  totalBytes: number;
  /** Bytes uploaded within the last 24 hours. */
  dayBytes: number;
  /** Images uploaded within the last 24 hours. */
  dayCount: number;
  /** When the account was made (`user.created_at`), or null when unknown (treated as not new). */
  accountCreatedAt: Date | null;
}

/**
 * Reads a member's post-image usage: one aggregate over `post_images` by owner, and the account's
 * creation time.
 *
 * @param db database or transaction
 * @param ownerId the member
 * @param now the current time
 * @returns {@link PostImageUsage} (bytes, a count, a time)
 */
export async function readPostImageUsage(db: Reader, ownerId: string, now: Date): Promise<PostImageUsage> {
  const since = new Date(now.getTime() - POST_IMAGE_WINDOW_MS);
  const [[sums], [account]] = await Promise.all([
    db
      .select({
        totalBytes: sql<string>`coalesce(sum(${postImages.bytes}), 0)`,
        dayBytes: sql<string>`coalesce(sum(${postImages.bytes}) filter (where ${postImages.createdAt} > ${since.toISOString()}::timestamptz), 0)`,
        dayCount: sql<string>`count(*) filter (where ${postImages.createdAt} > ${since.toISOString()}::timestamptz)`,
      })
      .from(postImages)
      .where(eq(postImages.ownerId, ownerId)),
    db.select({ createdAt: user.createdAt }).from(user).where(eq(user.id, ownerId)).limit(1),
  ]);
  return {
    totalBytes: Number(sums?.totalBytes ?? 0),
    dayBytes: Number(sums?.dayBytes ?? 0),
    dayCount: Number(sums?.dayCount ?? 0),
    accountCreatedAt: account?.createdAt ?? null,
  };
}

/**
 * Seconds until enough of the window's uploads have left it that `needBytes` more bytes and
 * `needCount` more images fit again.
 *
 * @returns seconds (≥ 1); 24 h when the rows cannot tell
 */
async function secondsUntilRoom(db: Reader, ownerId: string, now: Date, excessBytes: number, excessCount: number): Promise<number> {
  const since = new Date(now.getTime() - POST_IMAGE_WINDOW_MS);
  const rows = await db
    .select({ bytes: postImages.bytes, createdAt: postImages.createdAt })
    .from(postImages)
    .where(and(eq(postImages.ownerId, ownerId), gt(postImages.createdAt, since)))
    .orderBy(asc(postImages.createdAt));
  let freedBytes = 0;
  let freedCount = 0;
  for (const row of rows) {
    freedBytes += row.bytes;
    freedCount += 1;
    if (freedBytes >= excessBytes && freedCount >= excessCount) {
      return Math.max(1, Math.ceil((row.createdAt.getTime() + POST_IMAGE_WINDOW_MS - now.getTime()) / 1000));
    }
  }
  return POST_IMAGE_WINDOW_MS / 1000;
}

/**
 * Checks whether `incomingBytes` more bytes (one more image) fit the member's quota.
 *
 * Rules, in order: the total ({@link POST_IMAGE_TOTAL_QUOTA_BYTES}, everyone), then for members
 * who are not staff the first-day limits while the account is younger than 24 hours
 * ({@link POST_IMAGE_FIRST_DAY_MAX_UPLOADS} images, {@link POST_IMAGE_FIRST_DAY_QUOTA_BYTES}),
 * then the rolling 24 hours ({@link POST_IMAGE_DAY_QUOTA_BYTES}); the 24-hour and first-day
 * numbers are multiplied by `subject.multiplier`.
 *
 * @param db database or transaction (inside the insert's transaction, after the profile row lock)
 * @param subject {@link PostImageQuotaSubject}
 * @param incomingBytes size of the new image in bytes; 1 for the check before it is encoded
 * @returns resolves when it fits
 * @throws {UploadError} 413 `uploads.postImageTotalQuota` over the total (waiting does not help,
 *   so no `Retry-After`)
 * @throws {RateLimitedError} 429 `uploads.postImageFirstDay` or `uploads.postImageDayQuota` with
 *   `retryAfterS`: seconds until the account is a day old or enough of the window has passed
 */
export async function assertPostImageQuota(db: Reader, subject: PostImageQuotaSubject, incomingBytes: number): Promise<void> {
  const now = subject.now ?? new Date();
  const usage = await readPostImageUsage(db, subject.ownerId, now);
  if (usage.totalBytes + incomingBytes > POST_IMAGE_TOTAL_QUOTA_BYTES) {
    throw new UploadError(413, up.postImageTotalQuota(POST_IMAGE_TOTAL_QUOTA_MB));
  }
  if (exemptFromActionLimits(subject.role)) return;
  const m = subject.multiplier ?? 1;

  const accountAgeMs = usage.accountCreatedAt ? now.getTime() - usage.accountCreatedAt.getTime() : Infinity;
  if (accountAgeMs < NEW_ACCOUNT_MS) {
    const maxCount = POST_IMAGE_FIRST_DAY_MAX_UPLOADS * m;
    const maxBytes = POST_IMAGE_FIRST_DAY_QUOTA_BYTES * m;
    if (usage.dayCount + 1 > maxCount || usage.dayBytes + incomingBytes > maxBytes) {
      const untilGrown = Math.max(1, Math.ceil((NEW_ACCOUNT_MS - accountAgeMs) / 1000));
      const untilRoom = await secondsUntilRoom(db, subject.ownerId, now, usage.dayBytes + incomingBytes - maxBytes, usage.dayCount + 1 - maxCount);
      const wait = Math.min(untilGrown, untilRoom);
      throw new RateLimitedError(up.postImageFirstDay(maxCount, POST_IMAGE_FIRST_DAY_QUOTA_MB * m, wait), wait, al.title);
    }
  }

  const maxDayBytes = POST_IMAGE_DAY_QUOTA_BYTES * m;
  if (usage.dayBytes + incomingBytes > maxDayBytes) {
    const wait = await secondsUntilRoom(db, subject.ownerId, now, usage.dayBytes + incomingBytes - maxDayBytes, 0);
    throw new RateLimitedError(up.postImageDayQuota(POST_IMAGE_DAY_QUOTA_MB * m, wait), wait, al.title);
  }
}
