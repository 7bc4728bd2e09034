/**
 * Images in posts (chart screenshots): store an uploaded image for a thread or comment
 * being written, and sweep away the ones no live post refers to.
 *
 * - {@link storePostImage}: validate and re-encode ({@link processPostImage}: bytes sniffed,
 *   EXIF/GPS stripped, longest side ≤ 2,000 px, WebP of at most 1 MiB), store through the
 *   configured storage (`DATA_DIR/uploads` or S3) under `posts/<random>-<w>x<h>.webp`, record the
 *   upload in `post_images` and answer the URL and the Markdown to insert.
 * - The member's storage quota (`server/uploads/post-image-quota.ts`: bytes per 24 h, first-day
 *   limits, total) is checked before decoding ({@link checkPostImageQuota}) and again with the
 *   real size in the transaction that inserts the row, under a lock on the member's profile row,
 *   so parallel uploads cannot both take the last room; a refused file is deleted again, and a
 *   refusal never touches earlier images.
 * - The URL is always `/uploads/posts/<…>` (served by `app/routes/uploads.ts` from whichever
 *   storage is configured), also with S3: the cooked HTML then depends on nothing but the text
 *   (`server/content/cook.ts` stays pure and recognises exactly {@link POST_IMAGE_PATH}), and a
 *   forum that moves between disk and S3 keeps every post's images without a re-cook.
 * - {@link sweepOrphanPostImages}: images older than a grace period (a composer in progress keeps
 *   its upload) that no thread or comment body mentions any more are deleted, row and file. A
 *   deleted thread or comment (and so its body) is gone from the database, so its images become
 *   orphans; the job queue runs the sweep hourly (`post-image-sweep`, server/jobs/forum-jobs.ts).
 *
 * @module
 */
import { randomBytes } from "node:crypto";
import { and, eq, lt, notExists, sql } from "drizzle-orm";
import { postImages as pi } from "../../domain/i18n/sv";
import { POST_IMAGE_PATH } from "../../domain/uploads";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { comments, postImages, profiles, threads } from "../db/schema";
import { storageFor, type FileStorage } from "../storage/storage";
import { processPostImage } from "./images";
import { assertPostImageQuota, type PostImageQuotaSubject } from "./post-image-quota";

/** What the post-image commands need: the database, the configuration, optionally a storage. */
export interface PostImageDeps {
  db: Db;
  config: Pick<AppConfig, "dataDir" | "s3">;
  /** Defaults to {@link storageFor}(config). */
  storage?: FileStorage;
}

/** A stored post image, as the upload endpoint answers it. */
export interface StoredPostImage {
  /** Storage key, `posts/<22 chars>-<w>x<h>.webp`. */
  key: string;
  /** Public path, `/uploads/posts/…`. */
  url: string;
  /** Width in pixels. */
  width: number;
  /** Height in pixels. */
  height: number;
  /** Markdown to insert into the composer: `![bild](url)`. */
  markdown: string;
}

/** How long an unreferenced post image is kept, in milliseconds (24 h: a long composing session). */
export const POST_IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;

function storageOf(deps: PostImageDeps): FileStorage {
  return deps.storage ?? storageFor(deps.config);
}

/** Options of {@link storePostImage} and {@link checkPostImageQuota}. */
export interface StorePostImageOptions {
  /** The member's effective role (staff are exempt from the 24-hour and first-day limits). */
  role?: PostImageQuotaSubject["role"];
  /** Factor on the 24-hour and first-day limits (`ACTION_LIMIT_MULTIPLIER`); default 1. */
  multiplier?: number;
  /** Largest stored WebP in bytes; default `POST_IMAGE_STORED_MAX_BYTES` (tests pass less). */
  maxStoredBytes?: number;
}

/**
 * The quota check before an upload is decoded: refuses a member who has no room left (not one
 * more image or byte), so no CPU is spent re-encoding an image that cannot be stored. Reads only;
 * {@link storePostImage} checks again with the real size under a lock.
 *
 * @param deps database (the configuration is not used)
 * @param ownerId the uploading member
 * @param options role and multiplier ({@link StorePostImageOptions})
 * @returns resolves when one more image may be tried
 * @throws {import("./images").UploadError} 413 over the total quota
 * @throws {import("../errors").RateLimitedError} 429 with `retryAfterS` over the 24-hour or
 *   first-day limits
 */
export async function checkPostImageQuota(deps: Pick<PostImageDeps, "db">, ownerId: string, options: StorePostImageOptions = {}): Promise<void> {
  await assertPostImageQuota(deps.db, { ownerId, role: options.role, multiplier: options.multiplier }, 1);
}

/**
 * Validates, re-encodes, stores and records one image for a post. The order keeps storage and
 * database in step: the file is stored, then one transaction locks the member's profile row,
 * checks the quota with the file's real size and inserts the `post_images` row; when the check
 * refuses or the insert fails, the file is deleted again. Nothing the member stored earlier is
 * touched.
 *
 * @param deps database, configuration, optionally the storage
 * @param ownerId the uploading member (profile id)
 * @param bytes the file as received
 * @param options role, multiplier and stored maximum ({@link StorePostImageOptions})
 * @returns {@link StoredPostImage}
 * @throws {import("./images").UploadError} 400/413/415 for a refused file, 413 over the total
 *   quota or still over the stored maximum after re-encoding (nothing stored)
 * @throws {import("../errors").RateLimitedError} 429 with `retryAfterS` over the 24-hour or
 *   first-day limits (nothing stored)
 * @throws the storage's or database's error when saving fails (the file is deleted again)
 */
export async function storePostImage(
  deps: PostImageDeps,
  ownerId: string,
  bytes: Buffer,
  options: StorePostImageOptions = {},
): Promise<StoredPostImage> {
  const { webp, width, height } = await processPostImage(bytes, { maxStoredBytes: options.maxStoredBytes });
  const key = `posts/${randomBytes(16).toString("base64url")}-${width}x${height}.webp`;
  const storage = storageOf(deps);
  await storage.put(key, webp, "image/webp");
  try {
    await deps.db.transaction(async (tx) => {
      // One member's uploads are recorded one at a time, so the sums below cannot be raced past.
      await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, ownerId)).for("update");
      await assertPostImageQuota(tx, { ownerId, role: options.role, multiplier: options.multiplier }, webp.length);
      await tx.insert(postImages).values({ key, ownerId, width, height, bytes: webp.length });
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  const url = `${POST_IMAGE_PATH}${key.slice("posts/".length)}`;
  return { key, url, width, height, markdown: `![${pi.altText}](${url})` };
}

/** Options of {@link sweepOrphanPostImages}. */
export interface SweepOptions {
  /** Keep images younger than this, in milliseconds; default {@link POST_IMAGE_GRACE_MS}. */
  graceMs?: number;
  /** The current time; default now. */
  now?: Date;
}

/**
 * Deletes post images older than the grace period that no thread or comment body refers to: the
 * rows in one statement (which re-checks the references, so a post written meanwhile keeps its
 * image), then the files. Revisions of edited posts do not keep an image alive: only live posts
 * count. A file that cannot be deleted is logged and left (harmless; its row is gone).
 *
 * @param deps database, configuration, optionally the storage
 * @param options {@link SweepOptions}
 * @returns the deleted keys
 */
export async function sweepOrphanPostImages(deps: PostImageDeps, options: SweepOptions = {}): Promise<string[]> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - (options.graceMs ?? POST_IMAGE_GRACE_MS));
  const rows = await deps.db
    .delete(postImages)
    .where(
      and(
        lt(postImages.createdAt, cutoff),
        notExists(deps.db.select({ one: sql`1` }).from(threads).where(sql`strpos(${threads.body}, ${postImages.key}) > 0`)),
        notExists(deps.db.select({ one: sql`1` }).from(comments).where(sql`strpos(${comments.body}, ${postImages.key}) > 0`)),
      ),
    )
    .returning({ key: postImages.key });
  const keys = rows.map((r) => r.key);
  const storage = storageOf(deps);
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (error) {
      console.error(`[post-images] kunde inte radera ${key}:`, (error as Error).message);
    }
  }
  return keys;
}
