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
 *   `Retry-After` over the member's upload limit (the `upload` action of server/abuse/action-limits.ts,
 *   shared with avatars and banners), over the bytes of the last 24 hours or over a new account's
 *   first-day limit. Only a storage or database failure answers 500.
 * - The upload goes through the write pipeline (`postImageWrite`, server/uploads/post-images.ts):
 *   the file and the quota are checked before the upload limit is counted, so a request without
 *   a file or with one over 8 MB costs no point. The body itself is read here, bounded, and only
 *   for a member who may upload (a visitor's or blocked member's is refused unread); a body over
 *   the cap (413) or too slow (408) is answered without running the write.
 *
 * @module
 */
import { readMultipart } from "../../server/http/forms";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { FORM_OVERHEAD_BYTES, uploadAnswer, uploadRefusal } from "../../server/uploads/answers";
import { postImageWrite } from "../../server/uploads/post-images";
import { failureHeaders, runWrite, writeContext } from "../../server/writes/pipeline";
import { MAX_POST_IMAGE_BYTES, MAX_POST_IMAGE_MB } from "../../domain/uploads";
import { abuseLimits as al, uploads as up } from "../../domain/i18n/sv";
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

/** Upload (POST multipart, field `file`): reads the bounded body, runs {@link postImageWrite} and answers JSON. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method.toUpperCase() !== "POST") return refuse(405, up.methodNotAllowed, { Allow: "POST" });
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);

  try {
    // Nothing is read for a visitor or a blocked member: the write refuses them (401, 403) first.
    const form = viewer && !viewer.blocked ? await readMultipart(request, { limit: MAX_POST_IMAGE_BYTES + FORM_OVERHEAD_BYTES }) : null;
    if (form === "too-large") return refuse(413, up.tooLarge(MAX_POST_IMAGE_MB));
    if (form === "too-slow") return refuse(408, al.slowBody, { Connection: "close" });
    const write = postImageWrite({ config: services.config, multiplier: services.config.actionLimitMultiplier });
    const result = await runWrite(write, writeContext(services, viewer, request), { file: form?.files.file?.[0] });
    if (!result.ok) return refuse(result.status, result.error, failureHeaders(result));
    const { url, width, height, markdown } = result.value;
    return answer({ ok: true, url, width, height, markdown });
  } catch (error) {
    console.error(`[uploads] inläggsbild för ${viewer?.id} misslyckades:`, error);
    return refuse(500, up.storageFailed);
  }
}
