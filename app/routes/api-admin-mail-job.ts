/**
 * `GET /api/admin/mail-jobs/:jobId` (SPEC §4 Admin send progress): `{ progress }` of a queued
 * admin message, or 404. Admins only (403 for everyone else, 401 for visitors).
 *
 * @module
 */
import { data } from "react-router";
import { getJobProgress } from "../../server/admin/messages";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { siteCan } from "../../domain/policy/actor";
import { adminPages as ap, moderation as m } from "../../domain/i18n/sv";
import type { Route } from "./+types/api-admin-mail-job";

/** The job's progress. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  if (!viewer) return data({ ok: false as const, error: m.loginRequired, progress: null }, { status: 401 });
  if (!siteCan(viewer).messages) return data({ ok: false as const, error: ap.adminsOnlyMessages, progress: null }, { status: 403 });
  const progress = await getJobProgress(services.db, params.jobId);
  if (!progress) return data({ ok: false as const, error: ap.unexpected, progress: null }, { status: 404 });
  return data({ ok: true as const, progress });
}
