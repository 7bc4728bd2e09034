/**
 * `POST /api/admin/user-emails` (SPEC §7 Edge functions get-user-emails): body field `userIds`
 * (comma-separated ids, or repeated) → `{ emails }`. Admins only: addresses are never exposed to
 * anyone else (403; visitors 401).
 *
 * @module
 */
import { data } from "react-router";
import { getUserEmails } from "../../server/admin/messages";
import { ForumError } from "../../server/platform/errors";
import { badRequest, failure, readFormAll } from "../../server/http/forms";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { adminOnlyMessage } from "../../domain/policy/moderation";
import { adminPages as ap, moderation as m } from "../../domain/i18n/sv";
import type { Route } from "./+types/api-admin-user-emails";

/** Only POST. */
export async function loader() {
  return badRequest();
}

/** The addresses of the given members. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  if (!viewer) return data({ ok: false as const, error: m.loginRequired }, { status: 401 });
  try {
    // The role is checked before the body is read: a member's upload is not read.
    const notAdmin = adminOnlyMessage(viewer, ap.adminsOnlyMessages);
    if (notAdmin) throw new ForumError(403, notAdmin, ap.noPermissionTitle);
    const form = await readFormAll(request);
    const ids = (form.userIds ?? []).flatMap((v) => v.split(",")).map((s) => s.trim()).filter(Boolean);
    return data({ ok: true as const, emails: await getUserEmails(services.db, viewer, ids) });
  } catch (error) {
    return failure(error);
  }
}
