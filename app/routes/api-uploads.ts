/**
 * `/api/uploads/:kind` (`kind` = `avatar` | `banner`): the logged-in member uploads or removes
 * their avatar or banner (docs/decisions/008-uploads.md; server/uploads/profile-images.ts).
 *
 * - `POST` `multipart/form-data` with the image in the field `file` → 200 `{ ok: true, url }`.
 *   The body is read by the shared bounded reader (server/http.ts `readMultipart`) with a byte
 *   cap ({@link MAX_UPLOAD_BYTES} plus form overhead), declared or chunked, so an oversized or
 *   endless body is never buffered whole; the member is known before a byte is read. What the
 *   client still sends after the 413 is drained by the request guard, so an ordinary client (a
 *   20 MB phone photo) reads its 413 instead of a reset connection.
 * - `DELETE`, or `POST` with `intent=remove` / `_method=delete` → 200 `{ ok: true, url: null }`.
 *   An upload and a removal both count against the upload limit (server/action-limits.ts): 429
 *   with `Retry-After` when over.
 * - Refusals are JSON `{ ok: false, error }` with a Swedish message: 400 no/unreadable file,
 *   401 visitor, 404 unknown kind, 405 other methods, 408 body not received within 30 s, 413 too
 *   large (bytes or pixels), 415 not a JPEG, PNG, WebP or GIF. Only a storage or database failure answers 500.
 *
 * @module
 */
import { clientIp } from "../../server/client-ip";
import { ForumError, retryAfterHeaders } from "../../server/errors";
import { readMultipart } from "../../server/http";
import { servicesContext, type Services } from "../../server/services";
import { getViewer } from "../../server/session";
import { FORM_OVERHEAD_BYTES, uploadAnswer, uploadRefusal } from "../../server/uploads/answers";
import { UploadError } from "../../server/uploads/images";
import { isImageKind, MAX_UPLOAD_BYTES, MAX_UPLOAD_MB, type ImageKind } from "../../domain/uploads";
import { declareChange } from "../../server/cache/page-writes";
import { removeProfileImage, setProfileImage } from "../../server/uploads/profile-images";
import { abuseLimits as al, uploads as up } from "../../domain/i18n/sv";
import type { Route } from "./+types/api-uploads";

/** Answer of this endpoint. */
export type UploadAnswer = { ok: true; url: string | null } | { ok: false; error: string };

const answer = (body: UploadAnswer, status = 200, headers: Record<string, string> = {}) => uploadAnswer(body, status, headers);
const refuse = uploadRefusal;

/** GET is not offered. */
export function loader() {
  return refuse(405, up.methodNotAllowed, { Allow: "POST, DELETE" });
}

/** Upload (POST multipart) or removal (DELETE, or POST `intent=remove`). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const method = request.method.toUpperCase();
  if (method !== "POST" && method !== "DELETE") return refuse(405, up.methodNotAllowed, { Allow: "POST, DELETE" });
  const kind = params.kind;
  if (!isImageKind(kind)) return refuse(404, up.unknownKind);
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  if (!viewer) return refuse(401, up.loginRequired);

  try {
    const limit = () => services.actionLimits.enforce("upload", { userId: viewer.id, ip: clientIp(request), role: viewer.role });
    if (method === "DELETE") {
      await limit();
      return await remove(services, viewer.id, kind);
    }

    const form = await readMultipart(request, { limit: MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES });
    if (form === "too-large") return refuse(413, up.tooLarge(MAX_UPLOAD_MB));
    if (form === "too-slow") return refuse(408, al.slowBody, { Connection: "close" });
    if (!form) return refuse(400, up.missingFile);
    const intent = form.fields.intent?.[0] ?? form.fields._method?.[0];
    if (intent === "remove" || (typeof intent === "string" && intent.toLowerCase() === "delete")) {
      await limit();
      return await remove(services, viewer.id, kind);
    }
    const file = form.files.file?.[0];
    if (!file || file.size === 0) return refuse(400, up.missingFile);
    if (file.size > MAX_UPLOAD_BYTES) return refuse(413, up.tooLarge(MAX_UPLOAD_MB));
    await limit();
    const { url } = await setProfileImage(services, viewer.id, kind, file.bytes);
    // The avatar or banner shows on the member's posts and profile.
    declareChange("pages");
    return answer({ ok: true, url });
  } catch (error) {
    if (error instanceof UploadError) return refuse(error.uploadStatus, error.message);
    if (error instanceof ForumError) return refuse(error.status, error.message, retryAfterHeaders(error));
    console.error(`[uploads] ${kind} för ${viewer.id} misslyckades:`, error);
    return refuse(500, up.storageFailed);
  }
}

async function remove(services: Services, userId: string, kind: ImageKind): Promise<Response> {
  await removeProfileImage(services, userId, kind);
  declareChange("pages");
  return answer({ ok: true, url: null });
}
