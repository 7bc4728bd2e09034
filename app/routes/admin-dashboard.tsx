/**
 * `/admin` index (SPEC §2 Admin dashboard): cards Användare, Meddelanden and Användarroller
 * (admins only), Anmälningar and, for admins, the moderation log and the job queue's
 * panel Jobb; a note on the viewer's access level.
 *
 * @module
 */
import { Flag, History, ListChecks, Mail, ShieldCheck, Users } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { admin as adm, adminJobs as aj, adminPages as ap } from "../../domain/i18n/sv";
import type { SiteCan } from "../../domain/policy/actor";

/** The dashboard cards. */
export default function AdminDashboard() {
  const data = useRouteLoaderData("routes/admin-layout") as { can: SiteCan } | undefined;
  const can = data?.can;
  const cards = [
    { to: "/admin/users", title: adm.users, text: adm.usersDescription, Icon: Users },
    // Moderators may not send messages (SPEC §2 lists it for admins); a direct visit still says so.
    ...(can?.messages ? [{ to: "/admin/messages", title: adm.messages, text: adm.messagesDescription, Icon: Mail }] : []),
    ...(can?.roles ? [{ to: "/admin/roles", title: adm.roles, text: adm.rolesDescription, Icon: ShieldCheck }] : []),
    { to: "/admin/reports", title: ap.reportsCard, text: ap.reportsCardDescription, Icon: Flag },
    ...(can?.log ? [{ to: "/admin/logg", title: ap.logCard, text: ap.logCardDescription, Icon: History }] : []),
    ...(can?.admin ? [{ to: "/admin/jobb", title: aj.title, text: aj.cardDescription, Icon: ListChecks }] : []),
  ];
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-extrabold tracking-tight">{adm.heading}</h1>
      <p className="text-slate-600">{can?.admin ? adm.accessNote.admin : adm.accessNote.moderator}</p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map(({ to, title, text, Icon }) => (
          <li key={to}>
            <Link to={to} className="flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5 hover:border-brand-500">
              <Icon className="size-6 text-brand-700" aria-hidden />
              <span className="font-semibold">{title}</span>
              <span className="text-sm text-slate-600">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
