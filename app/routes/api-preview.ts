/**
 * `POST /api/preview`: the composer's live preview. Cooks the form field
 * `body` exactly as a write would (`server/content/cook.ts`, known tickers from `companies`) and
 * answers without storing anything.
 *
 * - 200 JSON `{ html }`: the sanitised HTML (`""` for a blank body).
 * - 400 JSON `{ error }`: body longer than {@link PREVIEW_MAX_LENGTH} characters.
 * - 401 JSON `{ error }`: visitors (only members can write, so only members preview; this also
 *   keeps anonymous clients from using the server as a free Markdown renderer).
 * - 429 JSON `{ ok: false, error }` with `Retry-After`: over 60 previews a minute (server/abuse/action-limits.ts).
 * - 405 for GET.
 *
 * No database writes (the ticker set is read once a minute per process), so it is cheap to call
 * on every switch to the preview tab. Every answer is `Cache-Control: no-store`.
 *
 * @module
 */
import { refusedJson } from "../../server/abuse/action-limits";
import { clientIp } from "../../server/http/client-ip";
import { cookWithMembers, loadTickerSet } from "../../server/content/storage";
import { readForm } from "../../server/http/forms";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { markdown as md } from "../../domain/i18n/sv";
import { LIMITS } from "../../domain/limits";
import type { Route } from "./+types/api-preview";

/** Longest body that is previewed: the thread body limit (comments are shorter). */
const PREVIEW_MAX_LENGTH = LIMITS.body;
/** Requests larger than this many bytes are refused before their body is read. */
const MAX_REQUEST_BYTES = PREVIEW_MAX_LENGTH * 4 * 3 + 4096;

const noStore = { "Cache-Control": "no-store" } as const;

/** Answer of the preview endpoint. */
export type PreviewAnswer = { html: string } | { error: string };

/** GET is not offered. */
export function loader() {
  return Response.json({ error: md.methodNotAllowed } satisfies PreviewAnswer, {
    status: 405,
    headers: { ...noStore, Allow: "POST" },
  });
}

/** Cooks `body` for a logged-in member. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return Response.json({ error: md.methodNotAllowed } satisfies PreviewAnswer, {
      status: 405,
      headers: { ...noStore, Allow: "POST" },
    });
  }
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  if (!viewer) {
    return Response.json({ error: md.previewLoginRequired } satisfies PreviewAnswer, { status: 401, headers: noStore });
  }
  const refused = await refusedJson(services.actionLimits, "preview", { userId: viewer.id, ip: clientIp(request), role: viewer.role });
  if (refused) return refused;
  const tooLong = () =>
    Response.json({ error: md.previewTooLong(PREVIEW_MAX_LENGTH) } satisfies PreviewAnswer, {
      status: 400,
      headers: noStore,
    });
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_REQUEST_BYTES) return tooLong();
  const body = (await readForm(request)).body ?? "";
  if (body.length > PREVIEW_MAX_LENGTH) return tooLong();
  const known = await loadTickerSet(services.db);
  const { html } = await cookWithMembers(services.db, body, { isKnownTicker: (ticker) => known.has(ticker) });
  return Response.json({ html } satisfies PreviewAnswer, { headers: noStore });
}
