/**
 * `/admin/logg`: the moderation log, newest first — who did what, when and why. Admins
 * only: moderators are sent to /admin.
 *
 * @module
 */
import { redirect } from "react-router";
import { listModerationLog } from "../../server/moderation/log";
import { servicesContext } from "../../server/platform/services";
import { requireRole } from "../../server/accounts/session";
import { siteCan } from "../../domain/policy/actor";
import { Pager, pageFrom } from "../components/forum/pager";
import { formatDateTime } from "../lib/dates";
import { moderation as m } from "../../domain/i18n/sv";
import type { Route } from "./+types/admin-log";

/** One page of the log. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireRole(services, request, "moderator");
  if (!siteCan(viewer).log) throw redirect("/admin");
  const page = pageFrom(new URL(request.url));
  return { page, ...(await listModerationLog(services.db, { page })) };
}

/** The log table. */
export default function AdminLog({ loaderData }: Route.ComponentProps) {
  const { rows, page, hasMore } = loaderData;
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-extrabold tracking-tight">{m.logTitle}</h1>
        <p className="text-slate-600">{m.logDescription}</p>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">{m.logEmpty}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="px-3 py-3">{m.logWhen}</th>
                <th className="px-3 py-3">{m.logWho}</th>
                <th className="px-3 py-3">{m.logWhat}</th>
                <th className="px-3 py-3">{m.logTarget}</th>
                <th className="px-3 py-3">{m.logReason}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-100 last:border-0">
                  <td className="whitespace-nowrap px-3 py-2 text-slate-600">{formatDateTime(r.createdAt)}</td>
                  <td className="px-3 py-2 font-semibold">{r.actorNickname}</td>
                  <td className="px-3 py-2">{m.logActions[r.action]}</td>
                  <td className="max-w-xs truncate px-3 py-2">{r.targetLabel ?? r.targetId}</td>
                  <td className="max-w-xs truncate px-3 py-2 text-slate-600">{r.reason ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} hasMore={hasMore} />
    </div>
  );
}
