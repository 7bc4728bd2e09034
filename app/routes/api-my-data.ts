/**
 * `GET /api/my-data`: the logged-in member's data as a JSON download (data
 * export; contents in `server/privacy/export.ts`, docs/decisions/006-privacy.md).
 *
 * - 200 `application/json`, `Content-Disposition: attachment; filename="borssnack-data-<nickname>.json"`,
 *   `Cache-Control: no-store`: the {@link import("../../server/privacy/export").MemberExport}.
 * - 401 JSON `{ error }` (Swedish) for visitors.
 * - 405 for other methods.
 *
 * @module
 */
import { exportFileName, exportMemberData } from "../../server/privacy/export";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { privacy as pv } from "../../domain/i18n/sv";
import type { Route } from "./+types/api-my-data";

const noStore = { "Cache-Control": "no-store" } as const;

/** The export, or 401 for visitors. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  if (!viewer) return Response.json({ error: pv.exportLoginRequired }, { status: 401, headers: noStore });
  const body = await exportMemberData(services.db, viewer.id);
  if (!body) return Response.json({ error: pv.exportLoginRequired }, { status: 401, headers: noStore });
  const name = exportFileName(viewer.nickname);
  return new Response(JSON.stringify(body, null, 2), {
    status: 200,
    headers: {
      ...noStore,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name.ascii}"; filename*=UTF-8''${encodeURIComponent(name.utf8)}`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Writes are not offered here. */
export function action() {
  return Response.json({ error: pv.methodNotAllowed }, { status: 405, headers: { ...noStore, Allow: "GET" } });
}
