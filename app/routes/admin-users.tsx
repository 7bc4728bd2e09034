/**
 * `/admin/users` (SPEC §2 Admin users, §4 Select-all, §8 Admin): a searchable, paginated member
 * table with select-all and row checkboxes, Användare, Roll, Status (online), Åtgärder ('Visa
 * profil', delete); the badge 'N aktiva nu • N senaste timmen'; 'Skicka meddelande' carries the
 * selection to /admin/messages. Moderators and admins (SPEC §6 moderatorOnly), enforced again in
 * the action and in `deleteUserAsStaff`.
 *
 * @module
 */
import { Search, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, useFetcher, useNavigate } from "react-router";
import { toast } from "../lib/toast";
import { deleteUserWrite, listUsers } from "../../server/admin/users";
import { badRequest, readForm } from "../../server/http/forms";
import { memberCan } from "../../domain/policy/moderation";
import { siteCan } from "../../domain/policy/actor";
import { countActiveUsers } from "../../server/presence/stats";
import { servicesContext } from "../../server/platform/services";
import { requireRole } from "../../server/accounts/session";
import { runWrite, writeContext, writeFailure } from "../../server/writes/pipeline";
import { ConfirmDialog } from "../components/moderation/confirm-dialog";
import { buttonClass } from "../components/ui/button";
import { adminPages as ap, roles } from "../../domain/i18n/sv";
import { useActionToast, type ActionAnswer } from "../lib/use-action-toast";
import type { Route } from "./+types/admin-users";

/** One page of members, the online counts, and which rows the viewer may delete. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireRole(services, request, "moderator");
  const url = new URL(request.url);
  const q = url.searchParams.get("q") ?? "";
  const page = Number(url.searchParams.get("page") ?? "1");
  const [list, counts] = await Promise.all([
    listUsers(services.db, { q, page: Number.isInteger(page) && page > 0 && page < 1_000_000 ? page : 1 }),
    countActiveUsers(services.db).catch((error: Error) => {
      console.error("[admin] aktiva användare:", error.message);
      return { totalOnline: 0, lastHourActive: 0 };
    }),
  ]);
  return {
    q,
    ...list,
    rows: list.rows.map((r) => ({ ...r, can: memberCan(viewer, r) })),
    counts,
    can: siteCan(viewer),
  };
}

/**
 * `intent=delete` with `userId`: deletes the member permanently ({@link deleteUserWrite}). Any
 * other intent 400; a refused deletion 4xx `{ ok: false, error, title }` (403, 404).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireRole(services, request, "moderator");
  const form = await readForm(request);
  if (form.intent !== "delete") return badRequest();
  const result = await runWrite(deleteUserWrite(services), writeContext(services, viewer, request), { userId: form.userId ?? "" });
  if (!result.ok) return writeFailure(result);
  return data({ ok: true as const, toast: { title: ap.userDeleted, description: ap.userDeletedDescription(result.value.nickname) } });
}

/** The users page. */
export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageSize, q, counts, can } = loaderData;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [allSelected, setAllSelected] = useState(false);
  const [deleting, setDeleting] = useState<{ id: string; nickname: string } | null>(null);
  const fetcher = useFetcher<ActionAnswer>();
  const navigate = useNavigate();
  useActionToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setDeleting(null);
  }, [fetcher.state, fetcher.data]);
  useEffect(() => {
    setSelected(new Set());
    setAllSelected(false);
  }, [page, q]);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const toggle = (id: string) => {
    setAllSelected(false);
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const sendMessage = () => {
    if (allSelected) return navigate("/admin/messages?all=1");
    if (selected.size === 0) {
      toast.error(ap.noUsersSelected, { description: ap.noUsersSelectedDescription });
      return;
    }
    navigate(`/admin/messages?ids=${[...selected].map(encodeURIComponent).join(",")}`);
  };
  const link = (n: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n) })}`;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight">{ap.usersTitle}</h1>
        <span className="rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800" data-testid="active-badge">
          {ap.activeBadge(counts.totalOnline, counts.lastHourActive)}
        </span>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Form method="get" className="flex gap-2" role="search">
          <label className="sr-only" htmlFor="user-search">
            {ap.searchLabel}
          </label>
          <input
            id="user-search"
            name="q"
            defaultValue={q}
            placeholder={ap.searchPlaceholder}
            className="w-56 rounded-lg border border-slate-300 px-2 py-2 md:px-3 text-sm md:w-72"
          />
          <button type="submit" className={buttonClass("secondary")} aria-label={ap.search}>
            <Search className="size-4" aria-hidden />
            <span className="hidden md:inline">{ap.search}</span>
          </button>
        </Form>
        {can.messages ? (
          <button type="button" onClick={sendMessage} className={buttonClass("primary")}>
            {ap.sendMessage}
            {allSelected ? ` (${ap.allSelected})` : selected.size > 0 ? ` (${ap.selectedCount(selected.size)})` : ""}
          </button>
        ) : null}
      </div>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className="w-10 px-2 py-3 md:px-3">
                <input
                  type="checkbox"
                  aria-label={ap.selectAll}
                  checked={allSelected}
                  onChange={(e) => {
                    setAllSelected(e.target.checked);
                    setSelected(e.target.checked ? new Set(rows.map((r) => r.id)) : new Set());
                  }}
                />
              </th>
              <th className="px-2 py-3 md:px-3">{ap.colUser}</th>
              <th className="hidden px-2 py-3 md:table-cell md:px-3">{ap.colRole}</th>
              <th className="px-2 py-3 md:px-3"><span className="sr-only md:not-sr-only">{ap.colStatus}</span></th>
              <th className="px-2 py-3 md:px-3 text-right">{ap.colActions}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-8 text-center text-slate-500">
                  {ap.noUsers}
                </td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-100 last:border-0">
                  <td className="px-2 py-2 md:px-3">
                    <input type="checkbox" aria-label={ap.selectRow(r.nickname)} checked={allSelected || selected.has(r.id)} onChange={() => toggle(r.id)} />
                  </td>
                  <td className="max-w-[9rem] truncate px-2 py-2 md:px-3 font-semibold text-slate-900 md:max-w-none">{r.nickname}</td>
                  <td className="hidden px-2 py-2 md:table-cell md:px-3">{roles[r.role]}</td>
                  <td className="px-2 py-2 md:px-3">
                    <span className="inline-flex items-center gap-1.5">
                      <span aria-hidden className={`size-2.5 rounded-full ${r.online ? "bg-emerald-500" : "bg-slate-300"}`} />
                      <span className="sr-only md:not-sr-only">{r.online ? ap.online : ap.offline}</span>
                    </span>
                  </td>
                  <td className="px-2 py-2 md:px-3">
                    <div className="flex justify-end gap-1 whitespace-nowrap md:gap-2">
                      <Link to={`/forum/profil/${r.id}`} className="rounded-md px-2 py-1 font-semibold text-brand-700 hover:bg-brand-50">
                        {ap.viewProfile}
                      </Link>
                      {r.can.deleteUser ? (
                        <button
                          type="button"
                          aria-label={ap.deleteUserLabel(r.nickname)}
                          onClick={() => setDeleting({ id: r.id, nickname: r.nickname })}
                          className="inline-flex items-center gap-1 rounded-md px-2 py-1 font-semibold text-red-700 hover:bg-red-50"
                        >
                          <Trash2 className="size-4" aria-hidden />
                          <span className="hidden md:inline">{ap.deleteUser}</span>
                        </button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <nav className="flex items-center justify-between text-sm text-slate-600" aria-label={ap.pageInfo(page, pages, total)}>
        <span>{ap.pageInfo(page, pages, total)}</span>
        <span className="flex gap-3">
          {page > 1 ? (
            <Link to={link(page - 1)} className="font-semibold text-brand-700 hover:underline">
              {ap.previous}
            </Link>
          ) : null}
          {page < pages ? (
            <Link to={link(page + 1)} className="font-semibold text-brand-700 hover:underline">
              {ap.next}
            </Link>
          ) : null}
        </span>
      </nav>
      {deleting ? (
        <ConfirmDialog title={ap.deleteConfirmTitle} text={ap.deleteConfirmText(deleting.nickname)} cancel={ap.cancel} busy={busy} onClose={() => setDeleting(null)}>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="userId" value={deleting.id} />
            <button type="submit" className={buttonClass("danger")} disabled={busy}>
              {ap.deleteConfirm}
            </button>
          </fetcher.Form>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
