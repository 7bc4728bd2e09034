/**
 * `GET /uploads/*`: serves uploaded avatars, banners and post images from the configured storage (disk or S3;
 * docs/decisions/008-uploads.md).
 *
 * Only keys of the generated shapes (`avatars|banners/<owner>/<random>.webp`, and post images
 * `posts/<random>-<w>x<h>.webp`) are looked up;
 * anything else is 404 without touching the storage. Answers carry a fixed
 * `Content-Type: image/webp`, `X-Content-Type-Options: nosniff` and
 * `Content-Security-Policy: default-src 'none'`, so a stored file can never be run as a page or
 * script, and `Cache-Control: public, max-age=31536000, immutable`, because a key is never reused
 * (a new upload gets a new key).
 *
 * @module
 */
import { servicesContext } from "../../server/platform/services";
import { storageFor } from "../../server/storage/storage";
import { isUploadKey } from "../../server/uploads/profile-images";
import { POST_IMAGE_KEY_PATTERN } from "../../domain/uploads";
import type { Route } from "./+types/uploads";

/** Headers of every answer, also refusals. */
const SAFE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
} as const;

/** Cache header of a stored image: a year, never revalidated (keys are unique per upload). */
export const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";

function notFound(): Response {
  return new Response("Not Found", {
    status: 404,
    headers: { ...SAFE_HEADERS, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** The stored image, or 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  if (!isUploadKey(key) && !POST_IMAGE_KEY_PATTERN.test(key)) return notFound();
  const etag = `"${key.slice(key.lastIndexOf("/") + 1, -".webp".length)}"`;
  const headers = {
    ...SAFE_HEADERS,
    "Content-Type": "image/webp",
    "Cache-Control": IMAGE_CACHE_CONTROL,
    ETag: etag,
  };
  // The key names one upload for ever, so a matching ETag needs no trip to the storage.
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  const { config } = context.get(servicesContext);
  let file;
  try {
    file = await storageFor(config).get(key);
  } catch (error) {
    console.error(`[uploads] kunde inte läsa ${key}:`, (error as Error).message);
    return new Response("Service Unavailable", {
      status: 503,
      headers: { ...SAFE_HEADERS, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "30" },
    });
  }
  if (!file) return notFound();
  return new Response(new Uint8Array(file.bytes), {
    status: 200,
    headers: { ...headers, "Content-Length": String(file.bytes.length) },
  });
}
