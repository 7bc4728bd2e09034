/**
 * `/admin/jobb`: the admin panel 'Jobb' — per
 * job of the queue: queued, running, failed (with the latest error message), completed, the last
 * run and the next scheduled run. Admins only: moderators are sent to /admin, like the moderation
 * log; visitors to the login (the admin layout's `requireRole`).
 *
 * @module
 */
import { redirect } from "react-router";
import { jobStatuses } from "../../server/jobs/queue";
import { servicesContext } from "../../server/platform/services";
import { requireRole } from "../../server/accounts/session";
import { siteCan } from "../../domain/policy/actor";
import { formatDateTime } from "../lib/dates";
import { adminJobs as aj } from "../../domain/i18n/sv";
import type { Route } from "./+types/admin-jobs";

/**
 * The status of every job of this instance's queue, or `running: false` when the queue has not
 * started in this process (still starting, or failed to start: the server log tells).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireRole(services, request, "moderator");
  if (!siteCan(viewer).admin) throw redirect("/admin");
  const queue = services.jobQueue;
  if (!queue) return { running: false as const, jobs: [] };
  const jobs = (await jobStatuses(services.database, queue)).map((j) => ({
    ...j,
    lastRunAt: j.lastRunAt?.toISOString() ?? null,
    nextRunAt: j.nextRunAt?.toISOString() ?? null,
  }));
  return { running: true as const, jobs };
}

/** The jobs table. */
export default function AdminJobs({ loaderData }: Route.ComponentProps) {
  const { running, jobs } = loaderData;
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-extrabold tracking-tight">{aj.title}</h1>
        <p className="text-slate-600">{aj.description}</p>
      </div>
      {!running ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">{aj.notRunning}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="px-3 py-3">{aj.colJob}</th>
                <th className="px-3 py-3">{aj.colSchedule}</th>
                <th className="px-3 py-3 text-right">{aj.colQueued}</th>
                <th className="px-3 py-3 text-right">{aj.colActive}</th>
                <th className="px-3 py-3 text-right">{aj.colFailed}</th>
                <th className="px-3 py-3 text-right">{aj.colCompleted}</th>
                <th className="px-3 py-3">{aj.colLastRun}</th>
                <th className="px-3 py-3">{aj.colNextRun}</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((j) => (
                <tr key={j.name} className="border-b border-slate-100 align-top last:border-0" data-testid={`job-${j.name}`}>
                  <td className="px-3 py-2">
                    <span className="font-semibold">{aj.names[j.name] ?? j.name}</span>
                    <span className="block font-mono text-xs text-slate-500">{j.name}</span>
                    {j.lastError !== null ? (
                      <span className="mt-1 block max-w-xs break-words text-xs text-red-700">
                        {aj.lastError}: {j.lastError}
                      </span>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{j.cron ?? aj.noSchedule}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{j.queued}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{j.active}</td>
                  <td className={`px-3 py-2 text-right tabular-nums ${j.failed > 0 ? "font-bold text-red-700" : ""}`}>{j.failed}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{j.completed}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-slate-600">
                    {j.lastRunAt ? `${formatDateTime(j.lastRunAt)} (${aj.lastState[j.lastState!]})` : aj.never}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-slate-600">{j.nextRunAt ? formatDateTime(j.nextRunAt) : "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
