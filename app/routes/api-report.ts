/**
 * `POST /api/report` (SPEC §7 Writes Report; §5 Report; §8 Reactions and reports): files a report
 * on a thread or comment. Fields `targetType`, `targetId`, `reason`, `details?`. Answers
 * `{ ok: true, toast }` ('Tack för din anmälan' / 'Vårt team kommer att granska innehållet.', also
 * for a second report on the same target, which is not stored again), or `{ ok: false, error,
 * title }` with 400/401/404.
 *
 * @module
 */
import { data } from "react-router";
import { moderation as m } from "../../domain/i18n/sv";
import { badRequest, readForm } from "../../server/http/forms";
import { reportWrite } from "../../server/moderation/reports";
import { runWrite, writeContext, writeFailure } from "../../server/writes/pipeline";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import type { Route } from "./+types/api-report";

/** Reports are written with POST only. */
export async function loader() {
  return badRequest();
}

/** Files the report: runs {@link reportWrite} and maps its result. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  if (request.method !== "POST") return badRequest();
  const form = await readForm(request);
  const viewer = await getViewer(services, request);
  const result = await runWrite(reportWrite, writeContext(services, viewer, request), {
    targetType: form.targetType,
    targetId: form.targetId ?? "",
    reason: form.reason,
    details: form.details ?? "",
  });
  if (!result.ok) return writeFailure(result, { values: { reason: form.reason ?? "", details: form.details ?? "" } });
  return data({ ok: true as const, duplicate: result.value.duplicate, toast: { title: m.reportThanks, description: m.reportThanksDescription } });
}
