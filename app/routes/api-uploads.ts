/**
 * `/api/uploads/:kind` (`kind` = `avatar` | `banner`): the logged-in member uploads or removes
 * their avatar or banner (docs/decisions/008-uploads.md; server/uploads/profile-images.ts).
 *
 * - `POST` `multipart/form-data` with the image in the field `file` → 200 `{ ok: true, url }`.
 *   The body is read by the shared bounded reader (server/http/forms.ts `readMultipart`) with a byte
 *   cap ({@link MAX_UPLOAD_BYTES} plus form overhead), declared or chunked, so an oversized or
 *   endless body is never buffered whole; the member is known before a byte is read. What the
 *   client still sends after the 413 is drained by the request guard, so an ordinary client (a
 *   20 MB phone photo) reads its 413 instead of a reset connection.
 * - `DELETE`, or `POST` with `intent=remove` / `_method=delete` → 200 `{ ok: true, url: null }`.
 *   An upload and a removal both count against the upload limit (server/abuse/action-limits.ts): 429
 *   with `Retry-After` when over.
 * - Refusals are JSON `{ ok: false, error }` with a Swedish message: 400 no/unreadable file,
 *   401 visitor, 404 unknown kind, 405 other methods, 408 body not received within 30 s, 413 too
 *   large (bytes or pixels), 415 not a JPEG, PNG, WebP or GIF. Only a storage or database failure answers 500.
 * - Both go through the write pipeline (`profileImageWrite`, `removeProfileImageWrite`,
 *   server/uploads/profile-images.ts): the file is checked before the upload limit is counted,
 *   so a request without a file or with one over 8 MB costs no point. The body itself is read
 *   here, bounded, before the write runs; a body over the cap (413) or too slow (408) is answered
 *   without running it.
 *
 * @module
 */
import { readMultipart } from "../../server/http/forms";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { FORM_OVERHEAD_BYTES, uploadAnswer, uploadRefusal } from "../../server/uploads/answers";
import { isImageKind, MAX_UPLOAD_BYTES, MAX_UPLOAD_MB } from "../../domain/uploads";
import { profileImageWrite, removeProfileImageWrite, type ProfileImageChange } from "../../server/uploads/profile-images";
import { failureHeaders, runWrite, writeContext, type WriteResult } from "../../server/writes/pipeline";
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

/** A POST that asks for a removal: `intent=remove`, or `_method=delete` (any case). */
const isRemoval = (intent: string | undefined) => intent === "remove" || (typeof intent === "string" && intent.toLowerCase() === "delete");

/**
 * Upload (POST multipart) or removal (DELETE, or POST `intent=remove`): reads the bounded body,
 * runs {@link profileImageWrite} or {@link removeProfileImageWrite} and answers JSON.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const method = request.method.toUpperCase();
  if (method !== "POST" && method !== "DELETE") return refuse(405, up.methodNotAllowed, { Allow: "POST, DELETE" });
  const kind = params.kind;
  if (!isImageKind(kind)) return refuse(404, up.unknownKind);
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  const write = writeContext(services, viewer, request);

  try {
    let result: WriteResult<ProfileImageChange>;
    if (method === "DELETE") result = await runWrite(removeProfileImageWrite(services), write, { kind });
    else {
      // A visitor's body is not read: the write refuses them (401) first.
      const form = viewer ? await readMultipart(request, { limit: MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES }) : null;
      if (form === "too-large") return refuse(413, up.tooLarge(MAX_UPLOAD_MB));
      if (form === "too-slow") return refuse(408, al.slowBody, { Connection: "close" });
      result = isRemoval(form?.fields.intent?.[0] ?? form?.fields._method?.[0])
        ? await runWrite(removeProfileImageWrite(services), write, { kind })
        : await runWrite(profileImageWrite(services), write, { kind, file: form?.files.file?.[0] });
    }
    if (!result.ok) return refuse(result.status, result.error, failureHeaders(result));
    return answer({ ok: true, url: result.value.url });
  } catch (error) {
    console.error(`[uploads] ${kind} för ${viewer?.id} misslyckades:`, error);
    return refuse(500, up.storageFailed);
  }
}
