/**
 * Upload rules shared by the server and the browser (this module imports nothing, so the profile
 * page's upload control can use it without pulling server code into the client bundle).
 * Reasons for each number: docs/decisions/008-uploads.md.
 *
 * @module
 */

/** What can be uploaded: a member's round avatar or the wide banner on their profile. */
export type ImageKind = "avatar" | "banner";

/**
 * Whether a string names an {@link ImageKind}.
 *
 * @param value e.g. the `:kind` route parameter
 */
export function isImageKind(value: unknown): value is ImageKind {
  return value === "avatar" || value === "banner";
}

/** Largest accepted upload, in megabytes. */
export const MAX_UPLOAD_MB = 8;

/** Largest accepted upload in bytes (8 MiB); larger input is refused before it is decoded. */
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

/** Largest accepted image in megapixels (guards against decompression bombs). */
export const MAX_INPUT_MEGAPIXELS = 40;

/** Largest accepted image in pixels (width × height), passed to sharp's `limitInputPixels`. */
export const MAX_INPUT_PIXELS = MAX_INPUT_MEGAPIXELS * 1_000_000;

/** MIME types accepted, judged by the file's content (never by its name or the browser's claim). */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;

/** The `accept` attribute of the file input: {@link ACCEPTED_IMAGE_TYPES}. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_IMAGE_TYPES.join(",");

/** Output size of each kind (cover-cropped to exactly this size). */
export const IMAGE_SIZES: Readonly<Record<ImageKind, { width: number; height: number }>> = {
  avatar: { width: 256, height: 256 },
  banner: { width: 1500, height: 500 },
};

/** WebP quality of the re-encoded output. */
export const WEBP_QUALITY = 82;

// --- Images in posts (chart screenshots) -----------------------------------------------------

/** Largest accepted post image, in megabytes ("8 MB per file", as for avatars). */
export const MAX_POST_IMAGE_MB = MAX_UPLOAD_MB;

/** Largest accepted post image in bytes; larger input is refused (413) before it is decoded. */
export const MAX_POST_IMAGE_BYTES = MAX_POST_IMAGE_MB * 1024 * 1024;

/** Longest side of a stored post image in pixels; smaller images are never upscaled. */
export const POST_IMAGE_MAX_SIDE = 2000;

/** Most images one thread or comment may show ("10 images per post"). */
export const MAX_POST_IMAGES = 10;

// --- Post-image storage quota (docs/decisions/008-uploads.md "Post images: storage quota") ------

/** Largest stored post image after re-encoding, in megabytes (a WebP; see {@link POST_IMAGE_ENCODE_STEPS}). */
export const POST_IMAGE_STORED_MAX_MB = 1;

/**
 * Largest stored post image after re-encoding, in bytes (1 MiB). A chart screenshot is about
 * 100–300 kB as WebP; a 2,000-px photo 0.3–0.9 MB. An image still larger after the last of the
 * {@link POST_IMAGE_ENCODE_STEPS} is refused (413) and nothing is stored.
 */
export const POST_IMAGE_STORED_MAX_BYTES = POST_IMAGE_STORED_MAX_MB * 1024 * 1024;

/** One way of encoding a post image: longest side in pixels and WebP quality (0–100). */
export interface PostImageEncodeStep {
  /** Longest side in pixels (never enlarged). */
  maxSide: number;
  /** WebP quality. */
  quality: number;
}

/**
 * How a post image is encoded, tried in order until the WebP is at most
 * {@link POST_IMAGE_STORED_MAX_BYTES}: first full size at the normal quality, then lower
 * quality, then smaller. Nearly every image is done after the first; only photo noise or very
 * dense detail reaches the later ones (a 2,400×1,600 noise photo: 1.6 MB → 1.3 MB → 0.7 MB).
 */
export const POST_IMAGE_ENCODE_STEPS: readonly PostImageEncodeStep[] = [
  { maxSide: POST_IMAGE_MAX_SIDE, quality: WEBP_QUALITY },
  { maxSide: POST_IMAGE_MAX_SIDE, quality: 70 },
  { maxSide: 1600, quality: 60 },
  { maxSide: 1280, quality: 50 },
];

/** A member's post-image bytes per rolling 24 hours, in megabytes (× `ACTION_LIMIT_MULTIPLIER`). */
export const POST_IMAGE_DAY_QUOTA_MB = 20;

/** {@link POST_IMAGE_DAY_QUOTA_MB} in bytes: 70–200 chart screenshots, or 20 images of the largest size. */
export const POST_IMAGE_DAY_QUOTA_BYTES = POST_IMAGE_DAY_QUOTA_MB * 1024 * 1024;

/**
 * Post images an account younger than 24 hours may upload (× `ACTION_LIMIT_MULTIPLIER`): its
 * first-day posts (3 threads, 10 comments, decision 014) with a few charts each.
 */
export const POST_IMAGE_FIRST_DAY_MAX_UPLOADS = 10;

/** Post-image megabytes an account younger than 24 hours may upload (× `ACTION_LIMIT_MULTIPLIER`). */
export const POST_IMAGE_FIRST_DAY_QUOTA_MB = 5;

/** {@link POST_IMAGE_FIRST_DAY_QUOTA_MB} in bytes. */
export const POST_IMAGE_FIRST_DAY_QUOTA_BYTES = POST_IMAGE_FIRST_DAY_QUOTA_MB * 1024 * 1024;

/**
 * A member's post images stored in total, in megabytes (1 GiB; not multiplied). Images of deleted
 * posts stop counting when the orphan sweep removes them (after 24 h).
 */
export const POST_IMAGE_TOTAL_QUOTA_MB = 1024;

/** {@link POST_IMAGE_TOTAL_QUOTA_MB} in bytes (fits the `integer` column's sum as a bigint). */
export const POST_IMAGE_TOTAL_QUOTA_BYTES = POST_IMAGE_TOTAL_QUOTA_MB * 1024 * 1024;

/**
 * Path under which post images are served by `app/routes/uploads.ts`, whichever storage holds
 * them (disk or S3). Cooked HTML uses this path only, so a post never depends on the storage
 * configuration (see `server/uploads/post-images.ts`).
 */
export const POST_IMAGE_PATH = "/uploads/posts/";

/**
 * Storage key of a post image: `posts/<22 random base64url chars>-<width>x<height>.webp`. The
 * size in the name lets the renderer write `width`/`height` without a database read.
 */
export const POST_IMAGE_KEY_PATTERN = /^posts\/([A-Za-z0-9_-]{22})-([1-9][0-9]{0,3})x([1-9][0-9]{0,3})\.webp$/;

/** A post image's URL as it appears in Markdown (path only), with its size. */
export interface PostImageRef {
  /** Storage key, e.g. `posts/abc…-1200x800.webp`. */
  key: string;
  /** Width in pixels (1–{@link POST_IMAGE_MAX_SIDE}). */
  width: number;
  /** Height in pixels (1–{@link POST_IMAGE_MAX_SIDE}). */
  height: number;
}

/**
 * Reads a post-image URL of this forum.
 *
 * @param url an image address as written in Markdown, e.g. `/uploads/posts/abc…-1200x800.webp`
 * @returns the key and size, or `null` for any other address (another site, another folder, a
 *   size over {@link POST_IMAGE_MAX_SIDE}, a query string, …)
 */
export function parsePostImageUrl(url: string): PostImageRef | null {
  if (!url.startsWith(POST_IMAGE_PATH)) return null;
  const key = url.slice("/uploads/".length);
  const match = POST_IMAGE_KEY_PATTERN.exec(key);
  if (!match) return null;
  const width = Number(match[2]);
  const height = Number(match[3]);
  if (width > POST_IMAGE_MAX_SIDE || height > POST_IMAGE_MAX_SIDE) return null;
  return { key, width, height };
}

/** Every occurrence of a post-image path in a text (global; reset `lastIndex` before use). */
const POST_IMAGE_IN_TEXT = /\/uploads\/posts\/[A-Za-z0-9_-]{22}-[0-9]{1,4}x[0-9]{1,4}\.webp/g;

/**
 * How many of this forum's post images a Markdown body refers to (at most
 * {@link MAX_POST_IMAGES} per post). Every occurrence of a post-image path counts, also a repeat
 * of the same image, whether written as an image, a link or a reference definition; foreign
 * images are not counted (they render as links).
 *
 * @param body Markdown as typed
 * @returns the number of occurrences (0 or more)
 */
export function countPostImages(body: string): number {
  return body.match(POST_IMAGE_IN_TEXT)?.length ?? 0;
}

/**
 * The storage keys of this forum's post images referred to in a text (unique, in order).
 *
 * @param body Markdown as typed
 * @returns keys like `posts/abc…-1200x800.webp`
 */
export function postImageKeys(body: string): string[] {
  const keys = new Set<string>();
  for (const m of body.matchAll(POST_IMAGE_IN_TEXT)) keys.add(m[0].slice("/uploads/".length));
  return [...keys];
}
