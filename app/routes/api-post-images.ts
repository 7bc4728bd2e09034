/**
 * `POST /api/uploads/post`: a logged-in member uploads an image for the thread or comment they are
 * writing (chart screenshots; server/uploads/post-images.ts).
 *
 * - `multipart/form-data` with the image in the field `file` → 200
 *   `{ ok: true, url, width, height, markdown }`; `markdown` (`![bild](url)`) is what the
 *   composer inserts at the cursor. The image is stored at once and kept 24 h even when no post
 *   uses it (the orphan sweep removes it after that).
 * - The body is read by the bounded reader (`readMultipart`, a cap of
 *   {@link MAX_POST_IMAGE_BYTES} plus form overhead), as for avatars (`api-uploads.ts`).
 * - The member's storage quota (server/uploads/post-image-quota.ts, docs/decisions/008-uploads.md):
 *   checked before the per-action limit and before decoding (a refusal spends no upload point and
 *   no CPU), and again with the real size when the row is inserted (under a lock: parallel
 *   uploads cannot both take the last room). A refusal stores nothing and deletes nothing
 *   earlier; the composer shows the message and keeps the text.
 * - Refusals are JSON `{ ok: false, error }` with a Swedish message: 400 no/unreadable file,
 *   401 visitor, 403 blocked member (they cannot post, SPEC §6), 405 other methods, 408 body too
 *   slow, 413 too large (bytes or pixels; still over 1 MiB after re-encoding; over the member's
 *   total of stored images), 415 not a JPEG, PNG, WebP or GIF (SVG, HTML, …), 429 with
 *   `Retry-After` over the member's upload limit (the `upload` action of server/action-limits.ts,
 *   shared with avatars and banners), over the bytes of the last 24 hours or over a new account's
 *   first-day limit. Only a storage or database failure answers 500.
 *
 * @module
 */
import { clientIp } from "../../server/client-ip";
import { ForumError, retryAfterHeaders } from "../../server/errors";
import { readMultipart } from "../../server/http";
import { servicesContext } from "../../server/services";
import { getViewer } from "../../server/session";
import { FORM_OVERHEAD_BYTES, uploadAnswer, uploadRefusal } from "../../server/uploads/answers";
import { UploadError } from "../../server/uploads/images";
import { checkPostImageQuota, storePostImage } from "../../server/uploads/post-images";
import { MAX_POST_IMAGE_BYTES, MAX_POST_IMAGE_MB } from "../../domain/uploads";
import { abuseLimits as al, forum as f, uploads as up } from "../../domain/i18n/sv";
import type { Route } from "./+types/api-post-images";

/** Answer of this endpoint. */
export type PostImageAnswer =
  | { ok: true; url: string; width: number; height: number; markdown: string }
  | { ok: false; error: string };

const answer = (body: PostImageAnswer, status = 200, headers: Record<string, string> = {}) => uploadAnswer(body, status, headers);
const refuse = uploadRefusal;

/** GET is not offered. */
export function loader() {
  return refuse(405, up.methodNotAllowed, { Allow: "POST" });
}

/** Upload (POST multipart, field `file`). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method.toUpperCase() !== "POST") return refuse(405, up.methodNotAllowed, { Allow: "POST" });
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  if (!viewer) return refuse(401, up.loginRequired);
  if (viewer.blocked) return refuse(403, f.blocked);

  try {
    const form = await readMultipart(request, { limit: MAX_POST_IMAGE_BYTES + FORM_OVERHEAD_BYTES });
    if (form === "too-large") return refuse(413, up.tooLarge(MAX_POST_IMAGE_MB));
    if (form === "too-slow") return refuse(408, al.slowBody, { Connection: "close" });
    if (!form) return refuse(400, up.missingFile);
    const file = form.files.file?.[0];
    if (!file || file.size === 0) return refuse(400, up.missingFile);
    if (file.size > MAX_POST_IMAGE_BYTES) return refuse(413, up.tooLarge(MAX_POST_IMAGE_MB));
    const quota = { role: viewer.role, multiplier: services.config.actionLimitMultiplier };
    await checkPostImageQuota(services, viewer.id, quota);
    await services.actionLimits.enforce("upload", { userId: viewer.id, ip: clientIp(request), role: viewer.role });
    const stored = await storePostImage(services, viewer.id, file.bytes, quota);
    return answer({ ok: true, url: stored.url, width: stored.width, height: stored.height, markdown: stored.markdown });
  } catch (error) {
    if (error instanceof UploadError) return refuse(error.uploadStatus, error.message);
    if (error instanceof ForumError) return refuse(error.status, error.message, retryAfterHeaders(error));
    console.error(`[uploads] inläggsbild för ${viewer.id} misslyckades:`, error);
    return refuse(500, up.storageFailed);
  }
}
