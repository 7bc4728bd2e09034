/**
 * The list of threads and comments that mention tickers, as the ticker page (`/forum/aktie/X`)
 * and the watchlist feed (`/forum/bevakning`) show it: kind, optional cashtags, the
 * thread title (or 'I tråden …' for a comment) linked to the post, an excerpt, author and the
 * post's own time. A post by a member the viewer mutes (`muted`) is one line 'Dolt
 * inlägg från @nick – visa' until opened.
 *
 * @module
 */
import { Link } from "react-router";
import { POST_TEXTS, postPath } from "../../../domain/post-target";
import { forum as f, ticker as tk } from "../../../domain/i18n/sv";
import type { TickerPost } from "../../../domain/views";
import { MutedItem } from "./muted-item";
import { RelativeTime } from "./relative-time";

/** One listed post: a {@link TickerPost}, with the tickers to show beside its kind (the watchlist's) and `muted`. */
export type TickerPostItem = TickerPost & { tickers?: string[]; muted?: true };

/**
 * The posts as a bordered list, newest first as given.
 *
 * @param posts at least one post (callers show their own empty state)
 */
export function TickerPostList({ posts }: { posts: readonly TickerPostItem[] }) {
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
      {posts.map((post) => {
        const row = (
          <li key={`${post.kind}:${post.id}`} className="space-y-1 p-4">
            <p className="flex flex-wrap gap-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
              <span>{POST_TEXTS[post.kind].kind}</span>
              {(post.tickers ?? []).map((t) => (
                <Link key={t} to={`/forum/aktie/${t}`} className="font-mono normal-case text-brand-700 hover:underline">
                  ${t}
                </Link>
              ))}
            </p>
            <Link
              to={postPath({ type: post.kind, id: post.id, categoryId: post.categoryId, threadId: post.threadId })}
              className="font-semibold text-slate-900 hover:text-brand-800 [overflow-wrap:anywhere]"
            >
              {post.kind === "thread" ? post.threadTitle : tk.inThread(post.threadTitle)}
            </Link>
            {post.excerpt ? <p className="line-clamp-3 text-sm text-slate-700 [overflow-wrap:anywhere]">{post.excerpt}</p> : null}
            <p className="text-xs text-slate-500">
              {tk.by(post.authorNickname ?? f.unknownAuthor)} · <RelativeTime iso={post.createdAt} />
            </p>
          </li>
      );
        return post.muted ? (
          <MutedItem key={`${post.kind}:${post.id}`} as="li" nickname={post.authorNickname ?? f.unknownAuthor} className="p-4">
            {row}
          </MutedItem>
        ) : (
          row
        );
      })}
    </ul>
  );
}
