/**
 * `/admin/roles` (SPEC §2 Admin roles, §6, §8 Admin): a role dropdown per user (Medlem, Moderator,
 * Admin), searchable and paginated like the users page. Admins only: moderators see 'Du har inte
 * behörighet att hantera användarroller.' and the action answers 403; the last admin keeps the role.
 *
 * @module
 */
import { useEffect, useState } from "react";
import { data, Form, Link, useFetcher } from "react-router";
import { listUsers, roleWrite } from "../../server/admin/users";
import { badRequest, readForm } from "../../server/http/forms";
import { servicesContext } from "../../server/platform/services";
import { requireRole } from "../../server/accounts/session";
import { runWrite, writeContext, writeFailure } from "../../server/writes/pipeline";
import { siteCan } from "../../domain/policy/actor";
import { buttonClass } from "../components/ui/button";
import { adminPages as ap, roles } from "../../domain/i18n/sv";
import { useActionToast, type ActionAnswer } from "../lib/use-action-toast";
import type { Route } from "./+types/admin-roles";
import { ROLES, type Role } from "../../domain/values";

/** One page of members with their roles (admins), or the no-permission flag. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireRole(services, request, "moderator");
  if (!siteCan(viewer).roles) return { allowed: false as const };
  const url = new URL(request.url);
  const q = url.searchParams.get("q") ?? "";
  const page = Number(url.searchParams.get("page") ?? "1");
  const list = await listUsers(services.db, { q, page: Number.isInteger(page) && page > 0 && page < 1_000_000 ? page : 1 });
  return { allowed: true as const, q, ...list };
}

/**
 * `intent=set-role` with `userId` and `role`: runs {@link roleWrite}. Any other intent 400; a
 * refused change 4xx `{ ok: false, error, title }` (403 not an admin, 400 unknown role, 404
 * unknown member, 409 the last admin).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireRole(services, request, "moderator");
  const form = await readForm(request);
  if (form.intent !== "set-role") return badRequest();
  const result = await runWrite(roleWrite, writeContext(services, viewer, request), { userId: form.userId ?? "", role: form.role ?? "" });
  if (!result.ok) return writeFailure(result);
  const { nickname, role } = result.value;
  return data({ ok: true as const, toast: { title: ap.roleUpdated, description: ap.roleUpdatedDescription(nickname, roles[role]) } });
}

function RoleRow({ row }: { row: { id: string; nickname: string; role: Role } }) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionToast(fetcher.data);
  const [value, setValue] = useState(row.role);
  // A refused change (last admin, no permission) puts the dropdown back.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) setValue(row.role);
  }, [fetcher.state, fetcher.data, row.role]);
  return (
    <tr className="border-b border-slate-100 last:border-0">
      <td className="px-3 py-2 font-semibold">{row.nickname}</td>
      <td className="px-3 py-2">
        <fetcher.Form method="post" className="flex items-center gap-2">
          <input type="hidden" name="intent" value="set-role" />
          <input type="hidden" name="userId" value={row.id} />
          <select
            name="role"
            aria-label={ap.roleFor(row.nickname)}
            value={value}
            onChange={(e) => {
              const role = e.target.value as typeof value;
              setValue(role);
              fetcher.submit({ intent: "set-role", userId: row.id, role }, { method: "post" });
            }}
            disabled={fetcher.state !== "idle"}
            className="rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {roles[r]}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className={buttonClass("secondary")}>
              {ap.saveRole}
            </button>
          </noscript>
        </fetcher.Form>
      </td>
    </tr>
  );
}

/** The roles page. */
export default function AdminRoles({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) {
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-extrabold tracking-tight">{ap.rolesTitle}</h1>
        <p className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">{ap.rolesNoAccess}</p>
      </div>
    );
  }
  const { rows, q, page, pageSize, total } = loaderData;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const link = (n: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n) })}`;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-extrabold tracking-tight">{ap.rolesTitle}</h1>
      <Form method="get" className="flex gap-2" role="search">
        <label className="sr-only" htmlFor="role-search">
          {ap.searchLabel}
        </label>
        <input id="role-search" name="q" defaultValue={q} placeholder={ap.searchPlaceholder} className="w-56 rounded-lg border border-slate-300 px-3 py-2 text-sm md:w-72" />
        <button type="submit" className={buttonClass("secondary")}>
          {ap.search}
        </button>
      </Form>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className="px-3 py-3">{ap.colUser}</th>
              <th className="px-3 py-3">{ap.colRole}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <RoleRow key={`${r.id}:${r.role}`} row={r} />
            ))}
          </tbody>
        </table>
      </div>
      <nav className="flex items-center justify-between text-sm text-slate-600" aria-label={ap.pageInfo(page, pages, total)}>
        <span>{ap.pageInfo(page, pages, total)}</span>
        <span className="flex gap-3">
          {page > 1 ? <Link to={link(page - 1)} className="font-semibold text-brand-700 hover:underline">{ap.previous}</Link> : null}
          {page < pages ? <Link to={link(page + 1)} className="font-semibold text-brand-700 hover:underline">{ap.next}</Link> : null}
        </span>
      </nav>
    </div>
  );
}
