/**
 * `/api/uploads/:kind` (`kind` = `avatar` | `banner`): the logged-in member uploads or removes
 * their avatar or banner (docs/decisions/008-uploads.md; server/uploads/profile-images.ts).
 *
 * - `POST` `multipart/form-data` with the image in the field `file` → 200 `{ ok: true, url }`.
 *   The body is read with a byte cap ({@link MAX_UPLOAD_BYTES} plus form overhead) whatever
 *   `Content-Length` says, so an oversized or endless body is never buffered whole: past the cap
 *   the rest is read and thrown away up to {@link DRAIN_LIMIT_BYTES}, so an ordinary client (a
 *   20 MB phone photo) gets its 413 answer instead of a reset connection; a body declared or
 *   found to be larger still is cut off (413, connection closed).
 * - `DELETE`, or `POST` with `intent=remove` / `_method=delete` → 200 `{ ok: true, url: null }`.
 * - Refusals are JSON `{ ok: false, error }` with a Swedish message: 400 no/unreadable file,
 *   401 visitor, 404 unknown kind, 405 other methods, 413 too large (bytes or pixels), 415 not a
 *   JPEG, PNG, WebP or GIF. Only a storage or database failure answers 500.
 *
 * @module
 */
import { clientIp } from "../../server/client-ip";
import { ForumError, retryAfterHeaders } from "../../server/errors";
import { servicesContext, type Services } from "../../server/services";
import { getViewer } from "../../server/session";
import { UploadError } from "../../server/uploads/images";
import { isImageKind, MAX_UPLOAD_BYTES, MAX_UPLOAD_MB, type ImageKind } from "../../server/uploads/limits";
import { removeProfileImage, setProfileImage } from "../../server/uploads/profile-images";
import { uploads as t } from "../../domain/i18n/sv";
import type { Route } from "./+types/api-uploads";

/** Answer of this endpoint. */
export type UploadAnswer = { ok: true; url: string | null } | { ok: false; error: string };

/** Room for the multipart boundaries and part headers around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** How much of an oversized body is read and discarded before the connection is cut (32 MiB). */
export const DRAIN_LIMIT_BYTES = 4 * MAX_UPLOAD_BYTES;

const noStore = { "Cache-Control": "no-store" } as const;

function answer(body: UploadAnswer, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...noStore, ...headers } });
}

function refuse(status: number, error: string, headers: Record<string, string> = {}): Response {
  return answer({ ok: false, error }, status, headers);
}

/** GET is not offered. */
export function loader() {
  return refuse(405, t.methodNotAllowed, { Allow: "POST, DELETE" });
}

/** Upload (POST multipart) or removal (DELETE, or POST `intent=remove`). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const method = request.method.toUpperCase();
  if (method !== "POST" && method !== "DELETE") return refuse(405, t.methodNotAllowed, { Allow: "POST, DELETE" });
  const kind = params.kind;
  if (!isImageKind(kind)) return refuse(404, t.unknownKind);
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  if (!viewer) return refuse(401, t.loginRequired);

  try {
    if (method === "DELETE") return await remove(services, viewer.id, kind);

    const body = await readCapped(request, MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES, DRAIN_LIMIT_BYTES);
    if (body === "too-large") return refuse(413, t.tooLarge(MAX_UPLOAD_MB));
    if (body === "cut-off") return refuse(413, t.tooLarge(MAX_UPLOAD_MB), { Connection: "close" });
    const contentType = request.headers.get("content-type") ?? "";
    let form: FormData;
    try {
      form = await new Response(body, { headers: { "content-type": contentType } }).formData();
    } catch {
      return refuse(400, t.missingFile);
    }
    const intent = form.get("intent") ?? form.get("_method");
    if (intent === "remove" || (typeof intent === "string" && intent.toLowerCase() === "delete")) {
      return await remove(services, viewer.id, kind);
    }
    const file = form.get("file");
    if (!file || typeof file === "string" || file.size === 0) return refuse(400, t.missingFile);
    if (file.size > MAX_UPLOAD_BYTES) return refuse(413, t.tooLarge(MAX_UPLOAD_MB));
    await services.actionLimits.enforce("upload", { userId: viewer.id, ip: clientIp(request) });
    const bytes = Buffer.from(await file.arrayBuffer());
    const { url } = await setProfileImage(services, viewer.id, kind, bytes);
    return answer({ ok: true, url });
  } catch (error) {
    if (error instanceof UploadError) return refuse(error.uploadStatus, error.message);
    if (error instanceof ForumError) return refuse(error.status, error.message, retryAfterHeaders(error));
    console.error(`[uploads] ${kind} för ${viewer.id} misslyckades:`, error);
    return refuse(500, t.storageFailed);
  }
}

async function remove(services: Services, userId: string, kind: ImageKind): Promise<Response> {
  await removeProfileImage(services, userId, kind);
  return answer({ ok: true, url: null });
}

/**
 * Reads a request body of at most `limit` bytes. A longer body is not kept: the rest is read and
 * discarded until `drainLimit`, so the client can finish sending and read the answer; a body
 * declared (`Content-Length`) or found to be over `drainLimit` is abandoned at once.
 *
 * @returns the body; `"too-large"` when it was over `limit` and fully drained; `"cut-off"` when
 *   reading was abandoned (the answer should close the connection)
 */
async function readCapped(
  request: Request,
  limit: number,
  drainLimit: number,
): Promise<Uint8Array<ArrayBuffer> | "too-large" | "cut-off"> {
  const declared = Number(request.headers.get("content-length"));
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  if (Number.isFinite(declared) && declared > drainLimit) {
    await reader.cancel().catch(() => {});
    return "cut-off";
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > drainLimit) {
      await reader.cancel().catch(() => {});
      return "cut-off";
    }
    // Past the limit nothing more is kept; what was kept is let go.
    if (total > limit) chunks.length = 0;
    else chunks.push(value);
  }
  if (total > limit) return "too-large";
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
