/**
 * `/admin` layout (SPEC §2 'Admin Dashboard', footer with the current year). Moderator-only on
 * the server (SPEC §6: visitors → /auth/login carrying the origin, members → /forum). Its
 * navigation links the pages and shows the open-report count as a badge.
 *
 * @module
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { countOpenReports } from "../../server/moderation/reports";
import { servicesContext } from "../../server/platform/services";
import { requireRole } from "../../server/accounts/session";
import { siteCan } from "../../domain/policy/actor";
import { Logo } from "../components/layout/logo";
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

/**
 * The admin tab bar (on a phone it scrolls sideways): after each navigation the active
 * tab is scrolled into view, and while more tabs lie to the right a fade on the right edge shows
 * that the bar scrolls.
 *
 * @param props.label the navigation's accessible name
 * @param props.children the tabs
 */
function AdminNav({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const [more, setMore] = useState(false);
  const measure = () => {
    const nav = ref.current;
    if (nav) setMore(nav.scrollLeft + nav.clientWidth < nav.scrollWidth - 4);
  };
  useEffect(() => {
    const nav = ref.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (nav && active && nav.scrollWidth > nav.clientWidth) {
      nav.scrollLeft = Math.max(0, active.offsetLeft - nav.offsetLeft - (nav.clientWidth - active.offsetWidth) / 2);
    }
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [pathname]);
  return (
    <nav
      ref={ref}
      aria-label={label}
      onScroll={measure}
      data-more={more ? "" : undefined}
      className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 pb-2 data-[more]:[mask-image:linear-gradient(to_right,black_calc(100%-3rem),transparent)]"
    >
      {children}
    </nav>
  );
}

/** The admin frame. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <div className="flex items-center gap-4">
            <Logo />
            <span className="hidden rounded bg-slate-900 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white sm:inline">{adm.heading}</span>
          </div>
          <Link to="/forum" className="whitespace-nowrap text-sm font-semibold text-brand-700 hover:underline">
            {adm.backToForum}
          </Link>
        </div>
        <AdminNav label={ap.nav}>
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
          {loaderData.can.messages ? (
            <NavLink to="/admin/messages" className={tab}>
              {adm.messages}
            </NavLink>
          ) : null}
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
        </AdminNav>
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
