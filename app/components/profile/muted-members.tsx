/**
 * 'Dolda medlemmar' on `/forum/konto` ('Dölj medlem'): the members the viewer mutes,
 * each with avatar, `@nick` linked to the profile and 'Visa medlem igen' — a fetcher form that
 * posts `intent=unmute` and `userId` to the account route's action (works without JavaScript);
 * the row goes at once. Empty: 'Du har inte dolt någon medlem.'
 *
 * @module
 */
import { Link, useFetcher } from "react-router";
import { mutes as mu } from "../../../domain/i18n/sv";
import { profilePath } from "../../../domain/paths";
import { useActionToast, type ActionAnswer } from "../../lib/use-action-toast";
import { buttonClass } from "../ui/button";
import { EdgeAvatar } from "../ui/edge-level";

/** One muted member as the account loader sends it (`server/mutes/commands.ts` `MutedMember`). */
export interface MutedMemberRow {
  id: string;
  nickname: string;
  avatarUrl: string | null;
  edgeLevel: number;
}

function MutedRow({ member }: { member: MutedMemberRow }) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionToast(fetcher.data);
  if (fetcher.formData) return null;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-2">
      <Link to={profilePath(member.id)} className="flex min-w-0 items-center gap-2 font-semibold text-slate-900 hover:underline">
        <EdgeAvatar nickname={member.nickname} avatarUrl={member.avatarUrl} edgeLevel={member.edgeLevel} size="sm" />
        <span className="truncate">@{member.nickname}</span>
      </Link>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="unmute" />
        <input type="hidden" name="userId" value={member.id} />
        <button type="submit" aria-label={mu.unmuteLabel(member.nickname)} className={buttonClass("secondary")}>
          {mu.unmute}
        </button>
      </fetcher.Form>
    </li>
  );
}

/**
 * The section.
 *
 * @param members the muted members, by nickname
 * @param className the account page's card classes
 */
export function MutedMembers({ members, className }: { members: readonly MutedMemberRow[]; className: string }) {
  return (
    <section className={className} aria-labelledby="account-muted">
      <h2 id="account-muted" className="text-lg font-bold">
        {mu.section}
      </h2>
      <p className="text-sm text-slate-600">{mu.sectionHelp}</p>
      {members.length === 0 ? (
        <p className="text-sm text-slate-600">{mu.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {members.map((m) => (
            <MutedRow key={m.id} member={m} />
          ))}
        </ul>
      )}
    </section>
  );
}
