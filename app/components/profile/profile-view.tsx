/**
 * A member's profile (SPEC §2 Profile page): banner (gradient if none), avatar with the EdgeLevel
 * ring and initials fallback, nickname, role, 'Medlem sedan', copy-link, EdgeLevel bar, bio
 * (editable on one's own), follower and following counts with the follow toggle, 'Dölj medlem'
 * (members on others' profiles), and the newest
 * threads and comments. Used at /forum/profil/{id} and /@{nickname}.
 *
 * @module
 */
import { useState } from "react";
import { Link } from "react-router";
import type { ProfileComment, ProfileThread, ProfileView as ProfileData } from "../../../domain/views";
import { profile as p, roles } from "../../../domain/i18n/sv";
import type { MemberCan } from "../../../domain/policy/moderation";
import { isStaffRole, roleOf } from "../../../domain/roles";
import { formatDate } from "../../lib/dates";
import { commentPath, threadPath } from "../../../domain/paths";
import { RelativeTime } from "../forum/relative-time";
import { EdgeAvatar } from "../ui/edge-level";
import { EdgeLevelBar } from "../ui/edge-level-bar";
import { ProfileImageUpload } from "./image-upload";
import { BioEditor } from "./bio-editor";
import { CopyLinkButton } from "./copy-link-button";
import { FollowButton } from "./follow-button";
import { MuteButton } from "./mute-button";
import { SendMessageLink } from "../inbox/send-message-link";
import { JsonLd } from "../seo/json-ld";
import { useViewer } from "../../lib/viewer";
import { profileJsonLd } from "../../lib/structured-data";

/** Everything the page needs. */
export interface ProfilePageData {
  profile: ProfileData;
  activity: { threads: ProfileThread[]; comments: ProfileComment[] };
  own: boolean;
  /** What the viewer may do with this member (server-computed `memberCan`). */
  can: MemberCan;
  following: boolean;
  /** Whether the viewer mutes this member ('Dölj medlem'); false for visitors and oneself. */
  muted: boolean;
  loggedIn: boolean;
  /** Absolute URL to copy. */
  url: string;
  /**
   * The bio's plain-text excerpt (no Markdown; `plainExcerpt`, 160 characters), `""` without a
   * bio: the page's description, OpenGraph and JSON-LD.
   */
  bioText: string;
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-lg font-bold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

/** The whole profile. */
export function ProfileView({ data }: { data: ProfilePageData }) {
  const { profile, activity, own } = data;
  const [followers, setFollowers] = useState(profile.followersCount);
  const effectiveRole = roleOf(profile.roleId);
  const role = isStaffRole(effectiveRole) ? effectiveRole : null;
  const viewer = useViewer();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      {/* ProfilePage with the member as its main entity, for visitors (search engines never log in). */}
      {viewer ? null : <JsonLd data={import.meta.env.SSR ? profileJsonLd(profile, data.url, data.bioText) : null} />}
      <section className="overflow-hidden rounded-xl border border-slate-200 bg-white">
        <div className="relative h-32 bg-gradient-to-r from-brand-800 via-brand-600 to-emerald-400 dark:from-brand-100 dark:via-brand-200 dark:to-brand-300 md:h-48">
          {profile.bannerUrl ? <img src={profile.bannerUrl} alt="" className="size-full object-cover" /> : null}
        </div>
        <div className="space-y-4 p-4 md:p-6">
          <div className="-mt-14 flex flex-wrap items-end justify-between gap-3 md:-mt-16">
            <div className="relative z-10 rounded-full bg-white p-1">
              <EdgeAvatar nickname={profile.nickname} avatarUrl={profile.avatarUrl} edgeLevel={profile.edgeLevel} size="xl" />
            </div>
            {/* Phones: the buttons get a line of their own under the avatar, so 'Sluta följa'
                (wider than 'Följ') does not push 'Dölj medlem' to a line of its own. */}
            <div className="flex w-full flex-wrap gap-2 max-sm:[&_button]:px-3 sm:w-auto">
              <CopyLinkButton url={data.url} />
              {!data.can.follow ? null : (
                <FollowButton
                  userId={profile.id}
                  nickname={profile.nickname}
                  following={data.following}
                  loggedIn={data.loggedIn}
                  onChange={(s) => setFollowers(s.followersCount)}
                />
              )}
              {data.can.privateMessage ? <SendMessageLink nickname={profile.nickname} /> : null}
              {data.can.mute ? <MuteButton userId={profile.id} nickname={profile.nickname} muted={data.muted} /> : null}
            </div>
          </div>
          {/* The banner's controls sit with the avatar's on white, not on the banner (unreadable grey on green, and under the avatar at 375 px). */}
          {own ? (
            <div className="flex flex-col gap-2">
              <ProfileImageUpload kind="avatar" currentUrl={profile.avatarUrl} />
              <ProfileImageUpload kind="banner" currentUrl={profile.bannerUrl} />
            </div>
          ) : null}
          <div className="space-y-1">
            <h1 className="flex flex-wrap items-center gap-2 text-2xl font-extrabold tracking-tight [overflow-wrap:anywhere]">
              {profile.nickname}
              {role ? (
                <span className="rounded bg-slate-900 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white">
                  {roles[role]}
                </span>
              ) : null}
            </h1>
            <p className="text-sm text-slate-500">{p.memberSince(formatDate(profile.createdAt))}</p>
          </div>
          <EdgeLevelBar value={profile.edgeLevel} />
          <dl className="flex flex-wrap gap-6">
            <Count label={p.followers} value={followers} />
            <Count label={p.following} value={profile.followingCount} />
            <Count label={p.threads} value={profile.threadsCount} />
            <Count label={p.comments} value={profile.commentsCount} />
          </dl>
          <div className="space-y-2">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{p.bio}</h2>
            <BioEditor bio={profile.bio} bioHtml={profile.bioHtml} own={own} />
          </div>
        </div>
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <section className="space-y-2">
          <h2 className="text-lg font-bold">{p.latestThreads}</h2>
          {activity.threads.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">{p.noThreads}</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {activity.threads.map((t) => (
                <li key={t.id} className="p-3">
                  <Link to={threadPath(t.categoryId, t.id, t.title)} className="font-semibold text-slate-900 hover:text-brand-800 [overflow-wrap:anywhere]">
                    {t.title}
                  </Link>
                  <p className="text-xs text-slate-500">
                    <RelativeTime iso={t.createdAt} />
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="space-y-2">
          <h2 className="text-lg font-bold">{p.latestComments}</h2>
          {activity.comments.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">{p.noComments}</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {activity.comments.map((c) => (
                <li key={c.id} className="space-y-1 p-3">
                  {c.excerpt ? <p className="line-clamp-2 text-sm text-slate-800 [overflow-wrap:anywhere]">{c.excerpt}</p> : null}
                  <p className="text-xs text-slate-500">
                    <Link to={commentPath(c.id)} className="hover:underline">
                      {p.inThread(c.threadTitle)}
                    </Link>{" "}
                    · <RelativeTime iso={c.createdAt} />
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
