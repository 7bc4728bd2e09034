/**
 * Turns an uploaded file into a safe profile image
 * (docs/decisions/008-uploads.md):
 *
 * 1. refuse input over {@link MAX_UPLOAD_BYTES} before anything decodes it (413);
 * 2. sniff the type from the bytes with `file-type` — the file's name and the browser's claimed
 *    type are never consulted — and accept only JPEG, PNG, WebP and GIF (415 otherwise: SVG,
 *    HTML, PDF, ZIP, executables, unknown);
 * 3. check that sharp reads the same format, and refuse images over {@link MAX_INPUT_PIXELS}
 *    (decompression bombs; 413);
 * 4. decode the first frame only (GIF/WebP animations), apply the EXIF orientation, cover-crop to
 *    the kind's fixed size and re-encode to WebP. sharp writes no metadata unless asked (this
 *    module never calls `withMetadata`/`keepMetadata`), so EXIF, XMP, ICC and comments are gone,
 *    and anything smuggled after or inside the original (a polyglot's script or ZIP) does not
 *    survive, because only decoded pixels are written.
 *
 * sharp (with libvips, ≈ 8 MiB of a server process's RSS) and file-type are loaded at the first
 * upload, not at start-up (memory budget, docs/decisions/041-memory-settings.md).
 *
 * @module
 */
import type Sharp from "sharp";
import type { Metadata, SharpOptions } from "sharp";
import type { fileTypeFromBuffer as FileTypeFromBuffer } from "file-type";
import { uploads as up } from "../../domain/i18n/sv";
import { ForumError } from "../platform/errors";
import {
  ACCEPTED_IMAGE_TYPES,
  IMAGE_SIZES,
  MAX_INPUT_MEGAPIXELS,
  MAX_INPUT_PIXELS,
  MAX_POST_IMAGE_BYTES,
  MAX_POST_IMAGE_MB,
  MAX_UPLOAD_BYTES,
  POST_IMAGE_ENCODE_STEPS,
  POST_IMAGE_MAX_SIDE,
  POST_IMAGE_STORED_MAX_BYTES,
  MAX_UPLOAD_MB,
  WEBP_QUALITY,
  type ImageKind,
  type PostImageEncodeStep,
} from "../../domain/uploads";

export type { ImageKind } from "../../domain/uploads";

/** HTTP status of a refused upload: 400 unreadable/empty, 413 too large, 415 not an accepted image. */
export type UploadStatus = 400 | 413 | 415;

/**
 * A refused upload, with a Swedish message for the member. It is a {@link ForumError}, so the
 * shared `failure()` helper answers it; its runtime `status` is {@link UploadError.uploadStatus}.
 */
export class UploadError extends ForumError {
  /**
   * @param uploadStatus 400, 413 or 415
   * @param message Swedish text from the `uploads` catalogue group
   */
  constructor(
    public readonly uploadStatus: UploadStatus,
    message: string,
  ) {
    // ForumError's status type (server/platform/errors.ts) does not list 413/415 yet; the value is real.
    super(uploadStatus as ForumError["status"], message);
    this.name = "UploadError";
  }
}

let libraries: Promise<{ sharp: typeof Sharp; fileTypeFromBuffer: typeof FileTypeFromBuffer }> | undefined;

/** sharp and file-type, imported once at the first upload; a failed import is tried again next time. */
function imageLibraries(): Promise<{ sharp: typeof Sharp; fileTypeFromBuffer: typeof FileTypeFromBuffer }> {
  libraries ??= Promise.all([import("sharp"), import("file-type")]).then(
    ([sharp, fileType]) => ({ sharp: sharp.default, fileTypeFromBuffer: fileType.fileTypeFromBuffer }),
    (error: unknown) => {
      libraries = undefined;
      throw error;
    },
  );
  return libraries;
}

/** sharp's name for each accepted MIME type. */
const SHARP_FORMAT: Record<(typeof ACCEPTED_IMAGE_TYPES)[number], string> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

function isAcceptedType(mime: string): mime is (typeof ACCEPTED_IMAGE_TYPES)[number] {
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(mime);
}

/**
 * Validates and re-encodes an uploaded image.
 *
 * @param bytes the uploaded file, exactly as received
 * @param kind `avatar` (256×256) or `banner` (1500×500)
 * @returns a WebP image of exactly the kind's size, without metadata
 * @throws {UploadError} 400 for an empty or undecodable file, 413 for more than
 *   {@link MAX_UPLOAD_BYTES} bytes or {@link MAX_INPUT_PIXELS} pixels, 415 when the content is not
 *   JPEG, PNG, WebP or GIF
 */
export async function processImage(bytes: Buffer, kind: ImageKind): Promise<Buffer> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw new UploadError(413, up.tooLarge(MAX_UPLOAD_MB));
  const { options } = await inspect(bytes);
  const { sharp } = await imageLibraries();
  const size = IMAGE_SIZES[kind];
  try {
    return await sharp(bytes, { ...options, autoOrient: true })
      .resize(size.width, size.height, { fit: "cover", position: "centre" })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch (error) {
    throw decodeError(error);
  }
}

/** A re-encoded post image and its size. */
export interface ProcessedPostImage {
  /** WebP without metadata, at most the stored maximum ({@link PostImageOptions.maxStoredBytes}) in bytes. */
  webp: Buffer;
  /** Width in pixels after orientation and scaling (≤ {@link POST_IMAGE_MAX_SIDE}). */
  width: number;
  /** Height in pixels after orientation and scaling (≤ {@link POST_IMAGE_MAX_SIDE}). */
  height: number;
}

/** Options of {@link processPostImage}. */
export interface PostImageOptions {
  /** Largest WebP to return, in bytes; default {@link POST_IMAGE_STORED_MAX_BYTES}. */
  maxStoredBytes?: number;
  /** The encodings tried in order; default {@link POST_IMAGE_ENCODE_STEPS}. */
  steps?: readonly PostImageEncodeStep[];
}

/**
 * Validates and re-encodes an image for a post (chart screenshots): the same checks as
 * {@link processImage} (bytes sniffed, sharp agrees, pixel limit, first frame only), then the
 * EXIF orientation applied, the aspect ratio kept with the longest side at most
 * {@link POST_IMAGE_MAX_SIDE} px (never enlarged) and WebP written without any metadata (EXIF,
 * GPS, XMP, ICC are gone; only decoded pixels survive, so a polyglot's appended HTML/ZIP/script
 * is dropped).
 *
 * The WebP must fit the stored maximum ({@link POST_IMAGE_STORED_MAX_BYTES}, 1 MiB): the image is
 * decoded once and encoded with each of {@link POST_IMAGE_ENCODE_STEPS} in turn (lower quality,
 * then smaller) until one fits; nearly every image fits the first.
 *
 * @param bytes the uploaded file, exactly as received
 * @param options {@link PostImageOptions} (tests pass a smaller maximum)
 * @returns the WebP and its final width and height
 * @throws {UploadError} 400 empty or undecodable, 413 over {@link MAX_POST_IMAGE_BYTES} bytes, the
 *   pixel limit, or still over the stored maximum after the last step
 *   (`uploads.postImageTooDetailed`), 415 not JPEG, PNG, WebP or GIF (SVG, HTML, …)
 */
export async function processPostImage(bytes: Buffer, options: PostImageOptions = {}): Promise<ProcessedPostImage> {
  if (bytes.length > MAX_POST_IMAGE_BYTES) throw new UploadError(413, up.tooLarge(MAX_POST_IMAGE_MB));
  const maxStoredBytes = options.maxStoredBytes ?? POST_IMAGE_STORED_MAX_BYTES;
  const steps = options.steps ?? POST_IMAGE_ENCODE_STEPS;
  const { options: decode } = await inspect(bytes);
  const { sharp } = await imageLibraries();
  try {
    // Decode, orient and scale once; every step encodes from these pixels (not from a lossy WebP).
    const largest = Math.max(...steps.map((step) => step.maxSide));
    const { data: pixels, info } = await sharp(bytes, { ...decode, autoOrient: true })
      .resize(largest, largest, { fit: "inside", withoutEnlargement: true })
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    for (const step of steps) {
      const { data, info: out } = await sharp(pixels, { raw })
        .resize(step.maxSide, step.maxSide, { fit: "inside", withoutEnlargement: true })
        .webp({ quality: step.quality })
        .toBuffer({ resolveWithObject: true });
      if (data.length <= maxStoredBytes) return { webp: data, width: out.width, height: out.height };
    }
  } catch (error) {
    throw decodeError(error);
  }
  throw new UploadError(413, up.postImageTooDetailed(maxStoredBytes / (1024 * 1024)));
}

/**
 * The checks shared by every kind: not empty, sniffed type accepted, sharp reads the same
 * format, within the pixel limit.
 *
 * @returns the sharp options to decode with (first frame, pixel limit, fail on errors)
 * @throws {UploadError} 400/413/415 as in {@link processImage}
 */
async function inspect(bytes: Buffer): Promise<{ options: SharpOptions }> {
  if (bytes.length === 0) throw new UploadError(400, up.missingFile);
  const { sharp, fileTypeFromBuffer } = await imageLibraries();

  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed || !isAcceptedType(sniffed.mime)) throw new UploadError(415, up.unsupportedType);

  const options: SharpOptions = {
    limitInputPixels: MAX_INPUT_PIXELS,
    // Only the first frame of an animation is decoded.
    pages: 1,
    page: 0,
    // Stop on real decoding errors and truncated files; tolerate harmless warnings.
    failOn: "error",
  };

  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch (error) {
    throw decodeError(error);
  }
  // file-type and libvips must agree on what the bytes are.
  if (metadata.format !== SHARP_FORMAT[sniffed.mime]) throw new UploadError(415, up.unsupportedType);
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  if (width <= 0 || height <= 0) throw new UploadError(400, up.unreadable);
  if (width * height > MAX_INPUT_PIXELS) throw new UploadError(413, up.tooManyPixels(MAX_INPUT_MEGAPIXELS));
  return { options };
}

/** Maps a sharp/libvips failure to the member's message. */
function decodeError(error: unknown): UploadError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new UploadError(413, up.tooManyPixels(MAX_INPUT_MEGAPIXELS));
  return new UploadError(400, up.unreadable);
}
