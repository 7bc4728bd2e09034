/**
 * `/admin` layout (SPEC §2 'Admin Dashboard', footer with the current year). Moderator-only on
 * the server (SPEC §6: visitors → /auth/login carrying the origin, members → /forum). Its
 * navigation links the pages and shows the open-report count as a badge (issue 7).
 *
 * @module
 */
import { Link, NavLink, Outlet } from "react-router";
import { countOpenReports } from "../../server/moderation/reports";
import { servicesContext } from "../../server/services";
import { requireRole } from "../../server/session";
import { siteCan } from "../../domain/policy/actor";
import { Logo } from "../components/layout/site-header";
import { admin as adm, adminJobs as aj, adminPages as ap, moderation as m } from "../../domain/i18n/sv";
import type { Route } from "./+types/admin-layout";

/** Requires an acting moderator or admin; what the viewer may open (`can`) and the open-report count for the badge. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireRole(services, request, "moderator");
  return { can: siteCan(viewer), openReports: await countOpenReports(services.db) };
}

/** Title of the admin pages. */
export const meta: Route.MetaFunction = () => [{ title: adm.title }, { name: "robots", content: "noindex" }];

const tab = ({ isActive }: { isActive: boolean }) =>
  `inline-flex items-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-semibold ${
    isActive ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"
  }`;

/** The admin frame. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <div className="flex items-center gap-4">
            <Logo />
            <span className="hidden rounded bg-slate-900 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white sm:inline">{adm.title}</span>
          </div>
          <Link to="/forum" className="whitespace-nowrap text-sm font-semibold text-brand-700 hover:underline">
            {adm.backToForum}
          </Link>
        </div>
        <nav aria-label={ap.nav} className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 pb-2">
          <NavLink to="/admin" end className={tab}>
            {ap.overview}
          </NavLink>
          <NavLink to="/admin/users" className={tab}>
            {adm.users}
          </NavLink>
          <NavLink to="/admin/reports" className={tab}>
            {m.queueTitle}
            {loaderData.openReports > 0 ? (
              <span
                className="rounded-full bg-red-600 px-1.5 text-xs font-bold text-white"
                aria-label={m.openBadge(loaderData.openReports)}
                data-testid="open-reports-badge"
              >
                {loaderData.openReports > 99 ? "99+" : loaderData.openReports}
              </span>
            ) : null}
          </NavLink>
          <NavLink to="/admin/messages" className={tab}>
            {adm.messages}
          </NavLink>
          {loaderData.can.roles ? (
            <NavLink to="/admin/roles" className={tab}>
              {adm.roles}
            </NavLink>
          ) : null}
          {loaderData.can.log ? (
            <NavLink to="/admin/logg" className={tab}>
              {m.logTitle}
            </NavLink>
          ) : null}
          {loaderData.can.admin ? (
            <NavLink to="/admin/jobb" className={tab}>
              {aj.title}
            </NavLink>
          ) : null}
        </nav>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-white py-6 text-center text-sm text-slate-500">
        {adm.footer(new Date().getFullYear())}
      </footer>
    </div>
  );
}
