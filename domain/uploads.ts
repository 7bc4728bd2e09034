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
