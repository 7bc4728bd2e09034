/**
 * `/admin` layout (SPEC §2 'Admin Dashboard', footer with the current year). Moderator-only on
 * the server (SPEC §6: visitors → /auth/login carrying the origin, members → /forum); the pages
 * inside arrive with the moderation issue.
 *
 * @module
 */
import { Link, Outlet } from "react-router";
import { servicesContext } from "../../server/services";
import { requireRole } from "../../server/session";
import { Logo } from "../components/layout/site-header";
import { admin as a } from "../i18n/sv";
import type { Route } from "./+types/admin-layout";

/** Requires a moderator or admin. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole(context.get(servicesContext), request, "moderator");
  return { role: viewer.role };
}

/** Title of the admin pages. */
export const meta: Route.MetaFunction = () => [{ title: a.title }, { name: "robots", content: "noindex" }];

/** The admin frame. */
export default function AdminLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <div className="flex items-center gap-4">
            <Logo />
            <span className="rounded bg-slate-900 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white">{a.title}</span>
          </div>
          <Link to="/forum" className="text-sm font-semibold text-brand-700 hover:underline">
            {a.backToForum}
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-white py-6 text-center text-sm text-slate-500">
        {a.footer(new Date().getFullYear())}
      </footer>
    </div>
  );
}
