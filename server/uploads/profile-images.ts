/**
 * A member's avatar and banner: upload (validate, re-encode, store, point the profile at it,
 * remove the previous file) and removal (docs/decisions/008-uploads.md).
 *
 * Order of a replacement: the new file is stored first, then `profiles.avatar_url`/`banner_url`
 * is changed in a transaction that locks the row and reads the previous URL, and only after that
 * commits is the previous file deleted. A failure before the commit deletes the new file again,
 * so the profile never points at a missing file; a failure deleting the old file only leaves an
 * unreferenced file behind (logged).
 *
 * @module
 */
import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { uploads as up } from "../../domain/i18n/sv";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import { profiles } from "../db/schema";
import { ForumError } from "../errors";
import { storageFor, type FileStorage } from "../storage/storage";
import { processImage, type ImageKind } from "./images";

/** What the profile-image commands need: the database, the configuration, optionally a storage. */
export interface ProfileImageDeps {
  db: Db;
  config: Pick<AppConfig, "dataDir" | "s3">;
  /** Defaults to {@link storageFor}(config). */
  storage?: FileStorage;
}

/** Path prefix under which stored files are served (`app/routes/uploads.ts`). */
export const UPLOADS_PATH = "/uploads/";

/** Folder of each kind inside the storage. */
const FOLDER: Record<ImageKind, string> = { avatar: "avatars", banner: "banners" };

/**
 * The keys this module generates: `avatars|banners/<owner>/<22 random base64url chars>.webp`.
 * Only such keys are served or deleted.
 */
export const UPLOAD_KEY_PATTERN = /^(?:avatars|banners)\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_-]{22}\.webp$/;

/**
 * Whether `key` is a key this module could have generated.
 *
 * @param key candidate key, e.g. the `*` of `/uploads/*`
 */
export function isUploadKey(key: string): boolean {
  return UPLOAD_KEY_PATTERN.test(key);
}

/** A fresh, unguessable key for a member's image. */
function newKey(userId: string, kind: ImageKind): string {
  // better-auth ids are alphanumeric; anything else is hashed so it cannot shape the path.
  const owner = /^[A-Za-z0-9_-]{1,64}$/.test(userId)
    ? userId
    : createHash("sha256").update(userId).digest("hex").slice(0, 32);
  return `${FOLDER[kind]}/${owner}/${randomBytes(16).toString("base64url")}.webp`;
}

/**
 * The public URL of a stored key: `S3_PUBLIC_URL/<key>` when that is configured, else
 * `/uploads/<key>` (served by this server from whichever storage is configured).
 *
 * @param config parsed configuration
 * @param key a generated key
 */
export function urlForKey(config: Pick<AppConfig, "s3">, key: string): string {
  const base = config.s3?.publicUrl;
  return base ? `${base}/${key}` : `${UPLOADS_PATH}${key}`;
}

/**
 * The storage key behind a profile's image URL.
 *
 * @param config parsed configuration
 * @param url a value of `profiles.avatar_url` / `banner_url`
 * @returns the key, or `null` when the URL is not one of ours (e.g. an external address), so
 *   nothing outside the upload folder is ever deleted
 */
export function keyFromUrl(config: Pick<AppConfig, "s3">, url: string): string | null {
  const bases = [UPLOADS_PATH];
  if (config.s3?.publicUrl) bases.push(`${config.s3.publicUrl}/`);
  for (const base of bases) {
    if (url.startsWith(base)) {
      const key = url.slice(base.length);
      return isUploadKey(key) ? key : null;
    }
  }
  return null;
}

/**
 * Deletes the stored file behind an image URL; never throws (a leftover file is harmless, so
 * the failure is only logged).
 *
 * Also for callers that remove a profile (account deletion): read `avatar_url` and `banner_url`
 * first, delete the row, then call this for each.
 *
 * @param deps database/config/storage
 * @param url a former value of `avatar_url` / `banner_url`; `null` and foreign URLs are ignored
 */
export async function deleteUploadedFile(deps: ProfileImageDeps, url: string | null | undefined): Promise<void> {
  if (!url) return;
  const key = keyFromUrl(deps.config, url);
  if (!key) return;
  try {
    await storageOf(deps).delete(key);
  } catch (error) {
    console.error(`[uploads] kunde inte radera ${key}:`, (error as Error).message);
  }
}

function storageOf(deps: ProfileImageDeps): FileStorage {
  return deps.storage ?? storageFor(deps.config);
}

/** The profile column of each kind. */
function columnOf(kind: ImageKind) {
  return kind === "avatar" ? profiles.avatarUrl : profiles.bannerUrl;
}

/**
 * Points the profile at `url` (or clears it) and returns the previous value, in one transaction
 * that locks the row.
 *
 * @returns the previous URL (`null` when there was none), or `undefined` when the profile does
 *   not exist
 */
async function swapUrl(db: Db, userId: string, kind: ImageKind, url: string | null): Promise<string | null | undefined> {
  const column = columnOf(kind);
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ url: column }).from(profiles).where(eq(profiles.id, userId)).for("update");
    if (!row) return undefined;
    await tx
      .update(profiles)
      .set(kind === "avatar" ? { avatarUrl: url } : { bannerUrl: url })
      .where(eq(profiles.id, userId));
    return row.url;
  });
}

/**
 * Validates and re-encodes an uploaded image, stores it and makes it the member's avatar or
 * banner; the previous file is deleted once the profile points at the new one.
 *
 * @param deps database, configuration, optionally the storage
 * @param userId the member (profile id)
 * @param kind `avatar` or `banner`
 * @param bytes the uploaded file as received
 * @returns the new image's public URL and its storage key
 * @throws {import("./images").UploadError} for a refused file (400/413/415)
 * @throws {ForumError} 401 when the member's profile no longer exists
 * @throws the storage's or database's error when saving fails (nothing is left behind)
 */
export async function setProfileImage(
  deps: ProfileImageDeps,
  userId: string,
  kind: ImageKind,
  bytes: Buffer,
): Promise<{ url: string; key: string }> {
  const webp = await processImage(bytes, kind);
  const storage = storageOf(deps);
  const key = newKey(userId, kind);
  await storage.put(key, webp, "image/webp");
  const url = urlForKey(deps.config, key);
  let previous: string | null | undefined;
  try {
    previous = await swapUrl(deps.db, userId, kind, url);
  } catch (error) {
    await deleteUploadedFile({ ...deps, storage }, url);
    throw error;
  }
  if (previous === undefined) {
    await deleteUploadedFile({ ...deps, storage }, url);
    throw new ForumError(401, up.loginRequired);
  }
  if (previous !== url) await deleteUploadedFile({ ...deps, storage }, previous);
  return { url, key };
}

/**
 * Removes the member's avatar or banner: clears the column, then deletes the file.
 *
 * @param deps database, configuration, optionally the storage
 * @param userId the member (profile id)
 * @param kind `avatar` or `banner`
 * @returns whether there was an image to remove
 * @throws {ForumError} 401 when the member's profile no longer exists
 */
export async function removeProfileImage(
  deps: ProfileImageDeps,
  userId: string,
  kind: ImageKind,
): Promise<{ removed: boolean }> {
  const previous = await swapUrl(deps.db, userId, kind, null);
  if (previous === undefined) throw new ForumError(401, up.loginRequired);
  await deleteUploadedFile(deps, previous);
  return { removed: previous !== null };
}
