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
 * - {@link postImageWrite}: the same upload as a declared write for `POST /api/uploads/post`
 *   (server/writes/pipeline.ts).
 *
 * @module
 */
import { randomBytes } from "node:crypto";
import { and, eq, lt, notExists, sql } from "drizzle-orm";
import { forum as f, postImages as pi, uploads as up } from "../../domain/i18n/sv";
import { MAX_POST_IMAGE_BYTES, MAX_POST_IMAGE_MB, POST_IMAGE_PATH } from "../../domain/uploads";
import type { AppConfig } from "../platform/config";
import type { Db, Tx } from "../db/client";
import { comments, postImages, profiles, threads } from "../db/schema";
import { ForumError } from "../platform/errors";
import type { UploadedFile } from "../http/forms";
import { storageFor, type FileStorage } from "../storage/storage";
import { defineWrite } from "../writes/pipeline";
import { processPostImage, UploadError } from "./images";
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

function storageOf(deps: Omit<PostImageDeps, "db">): FileStorage {
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
 * @throws {import("../platform/errors").RateLimitedError} 429 with `retryAfterS` over the 24-hour or
 *   first-day limits
 */
export async function checkPostImageQuota(deps: { db: Db | Tx }, ownerId: string, options: StorePostImageOptions = {}): Promise<void> {
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
 * @throws {import("../platform/errors").RateLimitedError} 429 with `retryAfterS` over the 24-hour or
 *   first-day limits (nothing stored)
 * @throws the storage's or database's error when saving fails (the file is deleted again)
 */
export async function storePostImage(
  deps: PostImageDeps,
  ownerId: string,
  bytes: Buffer,
  options: StorePostImageOptions = {},
): Promise<StoredPostImage> {
  const storage = storageOf(deps);
  const image = await encodeAndStore({ ...deps, storage }, bytes, options);
  try {
    await deps.db.transaction((tx) => recordPostImage(tx, ownerId, image, options));
  } catch (error) {
    await storage.delete(image.key).catch(() => undefined);
    throw error;
  }
  return storedImage(image);
}

/** A re-encoded post image in the storage, not yet recorded. */
interface EncodedPostImage {
  key: string;
  width: number;
  height: number;
  /** Size of the stored WebP in bytes. */
  bytes: number;
}

/**
 * Validates and re-encodes an upload ({@link processPostImage}) and stores it under a fresh key.
 *
 * @throws {UploadError} 400/413/415 for a refused file; the storage's error when saving fails
 */
async function encodeAndStore(deps: Omit<PostImageDeps, "db">, bytes: Buffer, options: StorePostImageOptions): Promise<EncodedPostImage> {
  const { webp, width, height } = await processPostImage(bytes, { maxStoredBytes: options.maxStoredBytes });
  const key = `posts/${randomBytes(16).toString("base64url")}-${width}x${height}.webp`;
  await storageOf(deps).put(key, webp, "image/webp");
  return { key, width, height, bytes: webp.length };
}

/**
 * Records a stored image in the caller's transaction: locks the member's profile row (one
 * member's uploads are recorded one at a time, so the sums cannot be raced past), checks the
 * quota with the real size and inserts the `post_images` row.
 *
 * @throws {UploadError} 413 over the total quota; {@link import("../platform/errors").RateLimitedError}
 *   429 over the 24-hour or first-day limits
 */
async function recordPostImage(tx: Tx, ownerId: string, image: EncodedPostImage, options: StorePostImageOptions): Promise<void> {
  await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, ownerId)).for("update");
  await assertPostImageQuota(tx, { ownerId, role: options.role, multiplier: options.multiplier }, image.bytes);
  await tx.insert(postImages).values({ key: image.key, ownerId, width: image.width, height: image.height, bytes: image.bytes });
}

/** The answer's view of a recorded image: its `/uploads/posts/…` URL and Markdown. */
function storedImage({ key, width, height }: EncodedPostImage): StoredPostImage {
  const url = `${POST_IMAGE_PATH}${key.slice("posts/".length)}`;
  return { key, url, width, height, markdown: `![${pi.altText}](${url})` };
}

/**
 * Uploading an image for a post being written as a declared write (`POST /api/uploads/post`):
 * `{ file? }` (the field `file` as the route read it) → {@link StoredPostImage}. Steps: login (401
 * 'Du måste vara inloggad…') → access: not a blocked member (403; they cannot post, SPEC §6) →
 * parse: a non-empty file (400) of at most 8 MB (413) → policy: the member's storage quota has room
 * for one more ({@link checkPostImageQuota}: 413 over the total, 429 with a wait over the 24-hour or
 * first-day limits), so a refusal spends no upload point and no CPU → limit `upload` (shared with
 * avatars and banners; 429) → prepare: validate, re-encode, store → transaction: the quota again
 * with the real size under a lock, the `post_images` row → discard (when the transaction did not
 * commit): the stored file deleted. Declares no cache change: no page shows an image until a post
 * that uses it is written.
 *
 * @param deps configuration and storage of the files, and the quota's `multiplier`
 *   (`ACTION_LIMIT_MULTIPLIER`) and `maxStoredBytes` ({@link StorePostImageOptions}); the role is the actor's
 * @returns the write
 */
export function postImageWrite(deps: Omit<PostImageDeps, "db"> & Pick<StorePostImageOptions, "multiplier" | "maxStoredBytes">) {
  const storage = storageOf(deps);
  return defineWrite({
    name: "post-image",
    changes: () => [],
    login: { message: up.loginRequired },
    access: (actor) => {
      if (actor.blocked) throw new ForumError(403, f.blocked);
    },
    parse: (raw: { file?: UploadedFile }): Buffer => {
      if (!raw.file || raw.file.size === 0) throw new UploadError(400, up.missingFile);
      if (raw.file.size > MAX_POST_IMAGE_BYTES) throw new UploadError(413, up.tooLarge(MAX_POST_IMAGE_MB));
      return raw.file.bytes;
    },
    policy: ({ db, actor }) => checkPostImageQuota({ db }, actor.id, { role: actor.role, multiplier: deps.multiplier }),
    limits: "upload",
    prepare: (_scope, bytes) => encodeAndStore({ ...deps, storage }, bytes, { maxStoredBytes: deps.maxStoredBytes }),
    discard: async (_scope, image) => storage.delete(image.key),
    transaction: async (tx, { actor }, _bytes, _loaded, image): Promise<StoredPostImage> => {
      await recordPostImage(tx, actor.id, image, { role: actor.role, multiplier: deps.multiplier });
      return storedImage(image);
    },
  });
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
