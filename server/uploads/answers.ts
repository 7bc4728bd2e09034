/**
 * JSON answers shared by the upload endpoints (`/api/uploads/:kind` for avatars and banners,
 * `/api/uploads/post` for post images; docs/decisions/008-uploads.md): never cached,
 * refusals as `{ ok: false, error }` with a Swedish message from the catalogue.
 *
 * @module
 */

/** Room for the multipart boundaries and part headers around an uploaded file (bytes). */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

const noStore = { "Cache-Control": "no-store" } as const;

/**
 * An upload endpoint's JSON answer, with `Cache-Control: no-store`.
 *
 * @param body the answer's body (`{ ok: true, … }` or `{ ok: false, error }`)
 * @param status HTTP status, default 200
 * @param headers extra headers (e.g. `Allow`, `Retry-After`)
 * @returns the Response
 */
export function uploadAnswer<T extends { ok: boolean }>(body: T, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...noStore, ...headers } });
}

/**
 * A refused upload: `{ ok: false, error }` with `Cache-Control: no-store`.
 *
 * @param status HTTP status (400, 401, 403, 404, 405, 408, 413, 415, 429, 500)
 * @param error Swedish message from the catalogue
 * @param headers extra headers (e.g. `Allow`, `Retry-After`)
 * @returns the Response
 */
export function uploadRefusal(status: number, error: string, headers: Record<string, string> = {}): Response {
  return uploadAnswer({ ok: false as const, error }, status, headers);
}
