/**
 * A thread in a list (SPEC §2 Thread row): title, author nickname ('Okänd' fallback), 'N svar',
 * relative time. Plain elements only: lists never mount a widget per row (ARCHITECTURE.md), except
 * the collapsed line of a thread by a member the viewer mutes (`muted`).
 *
 * @module
 */
import { MessageSquare } from "lucide-react";
import { Link } from "react-router";
import type { ThreadRow as BaseThreadRow } from "../../../domain/views";
import { forum as f } from "../../../domain/i18n/sv";
import { categoryPath, threadPath } from "../../../domain/paths";
import { MutedItem } from "./muted-item";
import { RelativeTime } from "./relative-time";
import { ThreadBadges, type TrendFigures } from "./thread-badges";

/** A thread row's data: the row, where known its trend figures, and `muted`. */
export type ThreadRowData = BaseThreadRow & TrendFigures & { muted?: true };

/** One row; `showCategory` adds the category name (forum home). */
export function ThreadRow({ thread, showCategory = false }: { thread: ThreadRowData; showCategory?: boolean }) {
  return (
    <li className="group relative flex flex-col gap-1 p-4 hover:bg-slate-50">
      <Link
        to={threadPath(thread.categoryId, thread.id)}
        className="text-base font-semibold text-slate-900 after:absolute after:inset-0 group-hover:text-brand-800 [overflow-wrap:anywhere]"
      >
        {thread.title}
      </Link>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
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
        <RelativeTime iso={thread.createdAt} />
        <ThreadBadges hotScore={thread.hotScore} reactionsLast1h={thread.reactionsLast1h} pctRank={thread.pctRank} />
      </div>
    </li>
  );
}

/** A list of thread rows, or the given empty state. */
export function ThreadList({
  threads,
  showCategory = false,
  empty,
}: {
  threads: ThreadRowData[];
  showCategory?: boolean;
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
            <ThreadRow thread={t} showCategory={showCategory} />
          </MutedItem>
        ) : (
          <ThreadRow key={t.id} thread={t} showCategory={showCategory} />
        ),
      )}
    </ul>
  );
}
