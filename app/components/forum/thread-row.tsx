/**
 * A thread in a list (SPEC §2 Thread row): title, author nickname ('Okänd' fallback), 'N svar',
 * relative time. Plain elements only: lists never mount a widget per row (ARCHITECTURE.md), except
 * the collapsed line of a thread by a member the viewer mutes (`muted`).
 *
 * @module
 */
import { MessageSquare } from "lucide-react";
import { Link } from "react-router";
import type { ThreadRow as BaseThreadRow, UnreadState } from "../../../domain/views";
import { forum as f, unread as ur } from "../../../domain/i18n/sv";
import { categoryPath, threadPath } from "../../../domain/paths";
import { MutedItem } from "./muted-item";
import { RelativeTime } from "./relative-time";
import { ThreadBadges, type TrendFigures } from "./thread-badges";
import { PinnedBadge } from "./thread-state";
import { UnreadMark, UnreadMarkView } from "./unread-mark";

/** A thread row's data: the row, where known its trend figures, `muted`, and the member's `unread` state. */
export type ThreadRowData = BaseThreadRow & TrendFigures & { muted?: true; unread?: UnreadState };

/**
 * One row; `showCategory` adds the category name (forum home); `ownList`: the list is the member's
 * own as a whole (one personal part), so the row's unread mark is no part of its own.
 */
export function ThreadRow({ thread, showCategory = false, ownList = false }: { thread: ThreadRowData; showCategory?: boolean; ownList?: boolean }) {
  return (
    <li className="group relative flex flex-col gap-1 p-4 hover:bg-slate-50">
      <Link
        to={threadPath(thread.categoryId, thread.id, thread.title)}
        className="text-base font-semibold text-slate-900 after:absolute after:inset-0 group-hover:text-brand-800 [overflow-wrap:anywhere]"
      >
        {thread.title}
      </Link>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
        {thread.pinned ? <PinnedBadge /> : null}
        {ownList ? <UnreadMarkView state={thread.unread ?? null} /> : <UnreadMark threadId={thread.id} state={thread.unread ?? null} />}
        <span className="font-medium text-slate-700">{thread.author?.nickname ?? f.unknownAuthor}</span>
        {showCategory ? (
          <Link to={categoryPath(thread.categoryId)} className="relative z-10 rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-200">
            {thread.categoryName}
          </Link>
        ) : null}
        <span className="inline-flex items-center gap-1">
          <MessageSquare className="size-4" aria-hidden />
          {f.replies(thread.commentsCount)}
        </span>
        {thread.activity ? null : <RelativeTime iso={thread.createdAt} />}
        <ThreadBadges hotScore={thread.hotScore} reactionsLast1h={thread.reactionsLast1h} pctRank={thread.pctRank} />
      </div>
      {thread.activity ? <ActivityLine activity={thread.activity} /> : null}
    </li>
  );
}

/** 'Aktiva': who wrote last and when ('Senast av @nick, 5 min sedan'), and the most active participants. */
function ActivityLine({ activity }: { activity: NonNullable<BaseThreadRow["activity"]> }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
      <span>
        {activity.by ? ur.lastBy(activity.by.nickname) : ur.lastByUnknown}, <RelativeTime iso={activity.at} />
      </span>
      {activity.participants.length > 0 ? (
        <span className="flex -space-x-1.5" role="img" aria-label={`${ur.participants}: ${activity.participants.map((p) => p.nickname).join(", ")}`}>
          {activity.participants.map((p) =>
            p.avatarUrl ? (
              <img key={p.id} src={p.avatarUrl} alt="" title={p.nickname} loading="lazy" className="size-6 rounded-full object-cover ring-2 ring-white" />
            ) : (
              <span key={p.id} title={p.nickname} className="avatar avatar-neutral size-6 text-[10px] ring-2 ring-white">
                {p.nickname.slice(0, 2)}
              </span>
            ),
          )}
        </span>
      ) : null}
    </div>
  );
}

/** A list of thread rows, or the given empty state; `ownList` as in {@link ThreadRow}. */
export function ThreadList({
  threads,
  showCategory = false,
  ownList = false,
  empty,
}: {
  threads: ThreadRowData[];
  showCategory?: boolean;
  ownList?: boolean;
  empty: React.ReactNode;
}) {
  if (threads.length === 0) {
    return <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{empty}</div>;
  }
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
      {threads.map((t) =>
        t.muted ? (
          <MutedItem key={t.id} as="li" nickname={t.author?.nickname ?? f.unknownAuthor} className="p-4">
            <ThreadRow thread={t} showCategory={showCategory} ownList={ownList} />
          </MutedItem>
        ) : (
          <ThreadRow key={t.id} thread={t} showCategory={showCategory} ownList={ownList} />
        ),
      )}
    </ul>
  );
}
