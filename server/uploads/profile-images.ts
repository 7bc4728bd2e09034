/**
 * A member's avatar and banner: upload (validate, re-encode, store, point the profile at it,
 * remove the previous file) and removal (docs/decisions/008-uploads.md).
 *
 * Order of a replacement: the new file is stored first, then `profiles.avatar_url`/`banner_url`
 * is changed in a transaction that locks the row and reads the previous URL, and only after that
 * commits is the previous file deleted. A failure before the commit deletes the new file again,
 * so the profile never points at a missing file; a failure deleting the old file only leaves an
 * unreferenced file behind (logged). `/api/uploads/:kind` runs the same order through the write
 * pipeline ({@link profileImageWrite}, {@link removeProfileImageWrite}): store in `prepare`,
 * point the profile in `transaction`, delete the new file in `discard`, the old one in `events`.
 *
 * @module
 */
import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { uploads as up } from "../../domain/i18n/sv";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB } from "../../domain/uploads";
import type { AppConfig } from "../platform/config";
import type { Db, Tx } from "../db/client";
import { profiles } from "../db/schema";
import { ForumError } from "../platform/errors";
import type { UploadedFile } from "../http/forms";
import { storageFor, type FileStorage } from "../storage/storage";
import { defineWrite } from "../writes/pipeline";
import { processImage, UploadError, type ImageKind } from "./images";

/** What the profile-image commands need: the database, the configuration, optionally a storage. */
export interface ProfileImageDeps {
  db: Db;
  config: Pick<AppConfig, "dataDir" | "s3">;
  /** Defaults to {@link storageFor}(config). */
  storage?: FileStorage;
}

/** Where the files live: {@link ProfileImageDeps} without the database (a write gets it from its context). */
export type ProfileFileDeps = Omit<ProfileImageDeps, "db">;

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
export async function deleteUploadedFile(deps: ProfileFileDeps, url: string | null | undefined): Promise<void> {
  if (!url) return;
  const key = keyFromUrl(deps.config, url);
  if (!key) return;
  try {
    await storageOf(deps).delete(key);
  } catch (error) {
    console.error(`[uploads] kunde inte radera ${key}:`, (error as Error).message);
  }
}

function storageOf(deps: ProfileFileDeps): FileStorage {
  return deps.storage ?? storageFor(deps.config);
}

/** The profile column of each kind. */
function columnOf(kind: ImageKind) {
  return kind === "avatar" ? profiles.avatarUrl : profiles.bannerUrl;
}

/**
 * Points the profile at `url` (or clears it) in the caller's transaction, locking the row, and
 * returns the previous value.
 *
 * @returns the previous URL (`null` when there was none), or `undefined` when the profile does
 *   not exist
 */
async function swapUrlIn(tx: Tx, userId: string, kind: ImageKind, url: string | null): Promise<string | null | undefined> {
  const column = columnOf(kind);
  const [row] = await tx.select({ url: column }).from(profiles).where(eq(profiles.id, userId)).for("update");
  if (!row) return undefined;
  await tx
    .update(profiles)
    .set(kind === "avatar" ? { avatarUrl: url } : { bannerUrl: url })
    .where(eq(profiles.id, userId));
  return row.url;
}

/** {@link swapUrlIn} in a transaction of its own. */
async function swapUrl(db: Db, userId: string, kind: ImageKind, url: string | null): Promise<string | null | undefined> {
  return db.transaction((tx) => swapUrlIn(tx, userId, kind, url));
}

/**
 * Validates and re-encodes an uploaded image and stores it under a fresh key (nothing points at
 * it yet).
 *
 * @returns the new image's public URL and its storage key
 * @throws {UploadError} for a refused file (400/413/415); the storage's error when saving fails
 */
async function storeImage(deps: ProfileFileDeps, userId: string, kind: ImageKind, bytes: Buffer): Promise<{ url: string; key: string }> {
  const webp = await processImage(bytes, kind);
  const key = newKey(userId, kind);
  await storageOf(deps).put(key, webp, "image/webp");
  return { url: urlForKey(deps.config, key), key };
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
  const storage = storageOf(deps);
  const { url, key } = await storeImage({ ...deps, storage }, userId, kind, bytes);
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

/** An avatar or banner upload as the route read it: the kind, and the file of the field `file`. */
export interface ProfileImageRaw {
  kind: ImageKind;
  /** Absent when the body had no file or was not a form. */
  file?: UploadedFile;
}

/** What a profile-image write did: the image's URL now (null after a removal) and the one it replaced. */
export interface ProfileImageChange {
  url: string | null;
  /** The URL the profile had before (null when none); its file is deleted after commit. */
  previous: string | null;
}

/**
 * Uploading an avatar or banner as a declared write (docs/decisions/008-uploads.md):
 * {@link ProfileImageRaw} → {@link ProfileImageChange}. Steps: login (401 'Du måste vara
 * inloggad…') → parse: a non-empty file (400) of at most 8 MB (413) → limit `upload` (shared with
 * removals and post images; 429) → prepare: validate, re-encode and store the new file (400/413
 * too many pixels/415 not an image) → transaction: the profile row locked and pointed at it (401
 * when the profile is gone) → discard (when the transaction did not commit): the new file
 * deleted → events: the previous file deleted. Changes pages (the image shows on the member's
 * posts and profile).
 *
 * @param files configuration and storage of the uploaded files
 * @returns the write
 */
export function profileImageWrite(files: ProfileFileDeps) {
  return defineWrite({
    name: "profile-image",
    login: { message: up.loginRequired },
    parse: (raw: ProfileImageRaw): { kind: ImageKind; bytes: Buffer } => {
      if (!raw.file || raw.file.size === 0) throw new UploadError(400, up.missingFile);
      if (raw.file.size > MAX_UPLOAD_BYTES) throw new UploadError(413, up.tooLarge(MAX_UPLOAD_MB));
      return { kind: raw.kind, bytes: raw.file.bytes };
    },
    limits: "upload",
    prepare: ({ actor }, { kind, bytes }) => storeImage(files, actor.id, kind, bytes),
    discard: (_scope, { url }) => deleteUploadedFile(files, url),
    transaction: async (tx, { actor }, { kind }, _loaded, { url }): Promise<ProfileImageChange> => {
      const previous = await swapUrlIn(tx, actor.id, kind, url);
      if (previous === undefined) throw new ForumError(401, up.loginRequired);
      return { url, previous };
    },
    events: async (_scope, { url, previous }) => {
      if (previous !== url) await deleteUploadedFile(files, previous);
    },
  });
}

/**
 * Removing an avatar or banner as a declared write: `{ kind }` → {@link ProfileImageChange}
 * with `url: null`. Steps: login (401) → limit `upload` (429) → transaction: the profile row
 * locked and its column cleared (401 when the profile is gone) → events: the file deleted.
 * Changes pages.
 *
 * @param files configuration and storage of the uploaded files
 * @returns the write
 */
export function removeProfileImageWrite(files: ProfileFileDeps) {
  return defineWrite({
    name: "remove-profile-image",
    login: { message: up.loginRequired },
    parse: (raw: { kind: ImageKind }) => raw.kind,
    limits: "upload",
    transaction: async (tx, { actor }, kind): Promise<ProfileImageChange> => {
      const previous = await swapUrlIn(tx, actor.id, kind, null);
      if (previous === undefined) throw new ForumError(401, up.loginRequired);
      return { url: null, previous };
    },
    events: (_scope, { previous }) => deleteUploadedFile(files, previous),
  });
}
