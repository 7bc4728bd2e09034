/**
 * `/forum/profil/{userId}` (SPEC §2 Profile page): nickname, 'Medlem sedan', EdgeLevel and
 * counts. Follow, bio editing, avatar and banner arrive with the profiles issue.
 *
 * @module
 */
import { data } from "react-router";
import { getProfile } from "../../server/profiles/queries";
import { servicesContext } from "../../server/services";
import { NotFoundBox } from "../components/layout/not-found";
import { Avatar } from "../components/ui/avatar";
import { app, profile as p } from "../i18n/sv";
import { formatDate } from "../lib/dates";
import type { Route } from "./+types/profile";

/** The profile, or 404 'Profilen hittades inte'. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const profile = await getProfile(context.get(servicesContext).db, params.userId);
  if (!profile) throw data(p.notFound, { status: 404 });
  return { profile };
}

/** Title and description. */
export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: `${loaderData.profile.nickname} – ${app.name}` },
        { name: "description", content: loaderData.profile.bio ?? `${loaderData.profile.nickname} på ${app.name}` },
      ]
    : [{ title: `${p.notFound} – ${app.name}` }];

/** The profile page. */
export default function Profile({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  return (
    <div className="mx-auto max-w-3xl overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div className="h-28 bg-gradient-to-r from-brand-700 to-emerald-400 md:h-36" aria-hidden />
      <div className="space-y-3 p-4 md:p-6">
        <div className="flex items-center gap-3">
          <Avatar nickname={profile.nickname} tone="brand" />
          <h1 className="text-2xl font-extrabold tracking-tight [overflow-wrap:anywhere]">{profile.nickname}</h1>
        </div>
        <p className="text-sm text-slate-500">{p.memberSince(formatDate(profile.createdAt))}</p>
        {profile.bio ? <p className="whitespace-pre-line text-slate-800">{profile.bio}</p> : null}
        <dl className="flex gap-6 text-sm">
          <div>
            <dt className="text-slate-500">{p.threads}</dt>
            <dd className="font-semibold">{profile.threadsCount}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{p.comments}</dt>
            <dd className="font-semibold">{profile.commentsCount}</dd>
          </div>
        </dl>
      </div>
    </div>
  );
}

/** Missing profile. */
export function ErrorBoundary() {
  return <NotFoundBox text={p.notFound} />;
}
