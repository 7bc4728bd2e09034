/**
 * Thread page `/forum/kategori/{c}/trad/{t}/{slug}` (SPEC §2 Thread page; the slug of the title,
 * domain/slug.ts, and without it the spec's path redirects there): breadcrumb, main post,
 * reactions, 'N Kommentarer', comments with replies, comment form or the logged-out text.
 * Its action takes every write of the page: comment/reply, react, delete comment, delete thread.
 *
 * @module
 */
import { useEffect, useState } from "react";
import { data, Link, redirect, useLocation, useNavigate } from "react-router";
import { commentWrite, deleteCommentWrite, deleteThreadWrite } from "../../server/forum/commands";
import { withItemCan } from "../../server/forum/can";
import { editCommentWrite } from "../../server/forum/edits";
import { getThreadPage, ownReactions, withOwnReactions } from "../../server/forum/queries";
import { sharedRead, threadPageKey } from "../../server/cache/read-caches";
import { getThreadTrending } from "../../server/trending/queries";
import { setFlash } from "../../server/http/flash";
import { badRequest, readForm } from "../../server/http/forms";
import { reactionWrite } from "../../server/reactions/commands";
import { pollVoteFormAction } from "../../server/polls/form-action";
import { getPollView, ownPollState } from "../../server/polls/queries";
import { runWrite, writeContext, writeFailure } from "../../server/writes/pipeline";
import { THREAD_TOOL_INTENTS, threadToolFormAction } from "../../server/thread-tools/form-action";
import { slowModeText, threadPageTools } from "../../server/thread-tools/page";
import { movedThreadLocation } from "../../server/thread-tools/queries";
import { isSubscribed, subscribeWrite, unsubscribeWrite } from "../../server/subscriptions/commands";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { sharePersonal } from "../../server/cache/share-personal";
import { threadOwnState } from "../../server/forum/own-state";
import { itemCan } from "../../domain/policy/forum";
import type { PersonalStates } from "../../domain/personal";
import { bookmarkFormAction } from "../../server/bookmarks/form-action";
import { savedInThread } from "../../server/bookmarks/queries";
import { markMutedComments } from "../../server/mutes/collapse";
import { blockedAmong } from "../../server/moderation/blocks";
import { DESCRIPTION_CHARS, plainExcerpt, plainExcerpts } from "../../server/content/excerpt";
import { CommentForm, MutedItem, ReadTracker, SaveButton, ThreadUnreadNotice } from "../components/forum/member-parts-lazy";
import { UnreadDividerContext } from "../components/forum/unread-context";
import { threadReadState } from "../../server/unread/queries";
import { GENERIC_VIEWER_ID } from "../../domain/personal";
import { THREAD_UNREAD_PART } from "../../domain/unread";
import { pageFrom, Pager } from "../components/forum/pager";
import { CommentThread } from "../components/forum/comment-thread";
import { actionsPart, ItemActions, ModerationProvider } from "../components/forum/moderation";
import { savePart } from "../components/forum/save-button";
import { PostBody } from "../components/forum/post-body";
import { Poll } from "../components/forum/poll-lazy";
import { Quotable, TOP_TARGET } from "../components/forum/quote-selection";
import { ReactionBar, reactionsPart, type ReactionsState } from "../components/forum/reaction-bar";
import { RelativeTime } from "../components/forum/relative-time";
import { EditedMark } from "../components/forum/edit-history";
import { ThreadBadges } from "../components/forum/thread-badges";
import { LockedNotice, PinnedBadge, SlowModeLine, slowModePart, type SlowModeState } from "../components/forum/thread-state";
import { AuthorButton } from "../components/profile/profile-drawer";
import { EdgeAvatar } from "../components/ui/edge-level";
import { BlockedBadge } from "../components/moderation/blocked-badge";
import { useLiveThread } from "../components/notifications/live-thread";
import { SUBSCRIBE_PART, SubscribeButton } from "../components/notifications/subscribe-button";
import { app, editing as ed, feeds as fd, forum as f, nav, threadWatch as tw, toasts as t } from "../../domain/i18n/sv";
import { categoryPath, commentPath, editPath, loginPath, threadFeedPath, threadPath } from "../../domain/paths";
import { stancesFromForm } from "../../domain/stances";
import { pollPart, VISITOR_POLL } from "../../domain/polls";
import type { TargetType } from "../../domain/values";
import { useViewer } from "../lib/viewer";
import { NOINDEX, pageUrl, paginationLinks } from "../lib/seo";
import { threadJsonLd } from "../lib/structured-data";
import { JsonLd } from "../components/seo/json-ld";
import { RouteErrorBox } from "../components/layout/error-views";
import type { Route } from "./+types/thread";

/**
 * The thread, its comments and reactions, as the viewer sees them, with what the viewer may do
 * with each (`can`), and the comment forms' idempotency key (`submitKey`, new per
 * load), and whether the member watches the thread (`subscribed`,
 * 'Bevaka tråd'; false for visitors). Posts by members the viewer mutes carry
 * `muted: true` (the page collapses them to 'Dolt inlägg från @nick – visa'), and each post says
 * whether the member has it saved (`saved`, 'Spara' / 'Sparad'; false for visitors). For staff
 * alone, posts by a blocked member carry `authorBlocked: true` ('Blockerad').
 * `poll` is the thread's 'Omröstning' as everyone sees it (null: none) and `pollOwn` the viewer's own
 * side of it (their options; the live counts once they voted), the personal part `poll:<id>`.
 * `description` is the opening post's plain-text excerpt (the `description` and OpenGraph tags);
 * `plainTexts` the plain text of each post of the page by id, for the visitors' JSON-LD (null for
 * members, who get none).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  const asked = pageFrom(new URL(request.url));
  // What every reader sees alike, shared by members through a cache in production
  // (server/cache/read-caches.ts); visitors' whole pages have their own cache.
  const readShared = async () => {
    const found = await getThreadPage(services.db, params.categoryId, params.threadId, null, asked);
    return {
      page: found,
      trend: found ? await getThreadTrending(services.db, found.thread.id) : null,
      // 'Omröstning': options and closing time; counts only once closed (open counts are personal).
      poll: found ? await getPollView(services.db, found.thread.id) : null,
    };
  };
  const shared = await sharedRead(services.sharedPageData, request, viewer !== null, threadPageKey(params.categoryId, params.threadId, asked), readShared);
  if (!shared.page) {
    // 'Flytta' and 'Slå ihop': the old URL leads to where the thread is now (a moved thread keeps
    // its page, `?sida=N`; a merged one goes to the top of the thread it joined).
    const moved = await movedThreadLocation(services.db, params.categoryId, params.threadId);
    if (moved) {
      const asked = new URL(request.url).searchParams;
      asked.delete("_routes"); // a revalidation's own parameter (React Router's single fetch)
      const search = moved.threadId === params.threadId && asked.size > 0 ? `?${asked}` : "";
      throw redirect(`${threadPath(moved.categoryId, moved.threadId, moved.title)}${search}`, 301);
    }
    throw data(f.threadNotFound, { status: 404 });
  }
  const { trend } = shared;
  // Every other form of the URL (no slug, an old title's slug) answers with the canonical one.
  const canonical = threadPath(shared.page.category.id, shared.page.thread.id, shared.page.thread.title);
  const asUrl = new URL(request.url);
  // A revalidation asks for `<path>.data` (React Router's single fetch): the same page.
  if (asUrl.pathname.replace(/\.data$/, "") !== canonical) throw redirect(`${canonical}${asUrl.search}`, 301);
  const url = `${services.config.publicUrl}${canonical}`;
  // The member's own part: reactions, 'Bevaka tråd', 'Spara'.
  const [own, subscribed, saved] = await Promise.all([
    viewer ? ownReactions(services.db, viewer.id, shared.page) : new Map(),
    viewer ? isSubscribed(services.db, viewer.id, shared.page.thread.id) : false,
    viewer ? savedInThread(services.db, viewer.id, shared.page.thread.id) : { thread: false, commentIds: [] },
  ]);
  const page = withOwnReactions(shared.page, own);
  // The viewer's own side of the poll: their options, the live counts once they voted.
  const { poll } = shared;
  const pollOwn = poll && viewer ? await ownPollState(services.db, viewer, poll) : VISITOR_POLL;
  // Where the member has read to (none for visitors and the generic member's render).
  const unread = viewer && viewer.id !== GENERIC_VIEWER_ID ? await threadReadState(services.db, viewer.id, shared.page.thread.id) : null;
  const savedComments = new Set(saved.commentIds);
  const withCan = withItemCan(page, viewer);
  // The moderators' tools ('Fäst', 'Lås', 'Flytta', 'Slå ihop', 'Långsamt läge'; staff only) and
  // the viewer's own slow-mode wait.
  const { tools, notices, slowMode } = await threadPageTools(services.db, viewer, shared.page);
  const { locked, slowModeMinutes } = page.thread;
  const markSaved = <C extends { id: string; author: { id: string } | null; replies: C[] }>(c: C): C => ({
    ...c,
    saved: savedComments.has(c.id),
    ...markBlocked(c.author),
    replies: c.replies.map(markSaved),
  });
  const threadMuted = Boolean(withCan.thread.author && viewer?.mutedIds.has(withCan.thread.author.id));
  const submitKey = crypto.randomUUID();
  // A member's parts of the page: own reactions, own posts' actions, 'Sparad', 'Bevaka tråd';
  // with a post by a member they mute, their page is rendered for them alone.
  // Per answer only the member's own: the page's posts by author and their ids are found once.
  const posts = [page.thread, ...page.comments.flatMap((c) => [c, ...c.replies])];
  const commentIds = posts.slice(1).map((c) => c.id);
  const byAuthor = new Map<string | undefined, typeof posts>();
  for (const post of posts) byAuthor.get(post.author?.id)?.push(post) ?? byAuthor.set(post.author?.id, [post]);
  // Staff see which authors are blocked ('Blockerad' beside the name); for anyone else the set is
  // empty (the state is staff-only), so the generic member render carries no marker.
  const blocked = await blockedAmong(services.db, viewer, byAuthor.keys());
  const markBlocked = (author: { id: string } | null) => (author && blocked.has(author.id) ? { authorBlocked: true as const } : {});
  const personal = sharePersonal(
    context,
    async (member) => {
      for (const id of member.mutedIds) if (byAuthor.has(id)) return null;
      const own = await threadOwnState(services.db, member.id, page.thread.id, commentIds);
      const ownCan = itemCan(member, { authorId: member.id, authorRole: member.role }, { locked });
      const states: PersonalStates = own.subscribed ? { [SUBSCRIBE_PART]: true } : {};
      const split = (key: string) => key.split(":") as [TargetType, string];
      for (const [key, mine] of Object.entries(own.reactions)) states[reactionsPart(...split(key))] = { mine, canReact: !locked } satisfies ReactionsState;
      for (const post of byAuthor.get(member.id) ?? []) {
        const type = post === page.thread ? "thread" : "comment";
        states[reactionsPart(type, post.id)] = { mine: own.reactions[`${type}:${post.id}`] ?? [], canReact: false } satisfies ReactionsState;
        states[actionsPart(type, post.id)] = ownCan;
      }
      for (const key of own.saved) states[savePart(...split(key))] = true;
      // 'Långsamt läge': when this member may comment again (a plain member: never exempt).
      if (slowModeMinutes !== null && !locked) {
        const text = await slowModeText(services.db, member.id, page.thread.id, slowModeMinutes);
        if (text) states[slowModePart(page.thread.id)] = { text } satisfies SlowModeState;
      }
      if (poll) states[pollPart(poll.threadId)] = await ownPollState(services.db, member, poll);
      // Where the member has read to: the 'Nya kommentarer' divider, landing and read reports.
      states[THREAD_UNREAD_PART] = own.read;
      return states;
    },
    [submitKey],
  );
  return {
    ...withCan,
    thread: { ...withCan.thread, saved: saved.thread, ...(threadMuted ? { muted: true as const } : {}), ...markBlocked(withCan.thread.author) },
    comments: markMutedComments(withCan.comments.map(markSaved), viewer),
    url,
    description: plainExcerpt(page.thread.body, DESCRIPTION_CHARS) || page.thread.title,
    plainTexts: viewer ? null : plainExcerpts(posts),
    // The JSON-LD's absolute profile URLs.
    publicUrl: services.config.publicUrl,
    trend,
    subscribed,
    submitKey,
    tools,
    notices,
    slowMode,
    poll,
    pollOwn,
    unread,
    ...personal,
  };
}

/**
 * Writes of the thread page, chosen by the `intent` field: `comment` (body, parentId?),
 * `edit-comment` (id, body, reason?), `react` (targetType, targetId, reactionType),
 * `delete-comment` (id), `delete-thread`, `subscribe` / `unsubscribe` ('Bevaka tråd';
 * limit `follow`), `save` / `unsave` (targetType, targetId; 'Spara'; limit `follow`), `vote`
 * (optionId or optionId.<n>; 'Omröstning'; limit `vote`); the moderators' thread tools `pin`
 * (pin: category | home | off), `lock` / `unlock`, `move` (categoryId), `merge` (target: a thread
 * id or URL) and `slow-mode` (minutes), server/thread-tools/form-action.ts.
 * Each intent runs its declared write (server/writes/pipeline.ts) and maps the result: visitors
 * get 401; rules are enforced by the writes (403/404/400 with Swedish messages). Comments and
 * reactions count against the abuse limits (429 with `Retry-After`); a double submitted comment
 * (same `submitKey`) lands on the same comment.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const intent = form.intent ?? "";
  const viewer = await getViewer(services, request);
  const ctx = writeContext(services, viewer, request);
  const values = form.body ? { body: form.body } : {};
  switch (intent) {
    case "comment": {
      const result = await runWrite(commentWrite, ctx, {
        threadId: params.threadId,
        input: { body: form.body ?? "", parentId: form.parentId ?? "", stances: stancesFromForm(form) },
        submitKey: form.submitKey,
      });
      if (!result.ok) return writeFailure(result, { intent, values });
      return {
        ok: true as const,
        intent,
        commentId: result.value.id,
        toast: result.value.isReply
          ? { title: t.replyAdded, description: t.replyAddedDescription }
          : { title: t.commentAdded, description: t.commentAddedDescription },
      };
    }
    case "edit-comment": {
      const result = await runWrite(editCommentWrite, ctx, {
        threadId: params.threadId,
        commentId: form.id ?? "",
        input: { body: form.body ?? "", reason: form.reason ?? "", stances: stancesFromForm(form) },
        submitKey: form.submitKey,
      });
      if (!result.ok) return writeFailure(result, { intent, values });
      return { ok: true as const, intent, commentId: result.value.commentId ?? undefined, toast: { title: ed.saved } };
    }
    case "react": {
      const result = await runWrite(reactionWrite, ctx, {
        targetType: form.targetType,
        targetId: form.targetId,
        reactionType: form.reactionType,
      });
      if (!result.ok) return writeFailure(result, { intent, values });
      return { ok: true as const, intent, ...result.value };
    }
    case "delete-comment": {
      const result = await runWrite(deleteCommentWrite, ctx, { threadId: params.threadId, commentId: form.id ?? "" });
      if (!result.ok) return writeFailure(result, { intent, values });
      return { ok: true as const, intent, toast: { title: t.commentDeleted } };
    }
    case "subscribe":
    case "unsubscribe": {
      const result = await runWrite(intent === "subscribe" ? subscribeWrite : unsubscribeWrite, ctx, { threadId: params.threadId });
      if (!result.ok) return writeFailure(result, { intent });
      const on = result.value.subscribed;
      return {
        ok: true as const,
        intent,
        subscribed: on,
        toast: on
          ? { title: tw.subscribed, description: tw.subscribedDescription }
          : { title: tw.unsubscribed, description: tw.unsubscribedDescription },
      };
    }
    case "save":
    case "unsave":
      // 'Spara' / 'Sparad' on the post and each comment (limit `follow`).
      return bookmarkFormAction(services, viewer, request, form);
    case "vote":
      // 'Rösta' / 'Ändra röst' in the thread's poll (limit `vote`).
      return pollVoteFormAction(services, viewer, request, params.threadId, form);
    case "delete-thread": {
      const result = await runWrite(deleteThreadWrite, ctx, { threadId: params.threadId });
      if (!result.ok) return writeFailure(result, { intent, values });
      return redirect(categoryPath(result.value.categoryId), {
        headers: { "Set-Cookie": await setFlash({ toast: { title: t.threadDeleted } }) },
      });
    }
    default:
      // 'Fäst', 'Lås', 'Flytta', 'Slå ihop', 'Långsamt läge' (staff only; 401 for visitors).
      if (THREAD_TOOL_INTENTS.includes(intent)) return threadToolFormAction(services, viewer, request, params.threadId, form);
      if (!viewer) return data({ ok: false as const, intent, error: f.loginToComment, title: t.notLoggedIn }, { status: 401 });
      return badRequest({ intent });
  }
}

/**
 * Title, description and OpenGraph tags, so a shared link previews the thread; the canonical URL
 * of the comment page shown (itself: `?sida=N` after the first) with `rel=prev/next`.
 * A missing thread is `noindex`.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: `${f.threadNotFound} – ${app.name}` }, NOINDEX];
  const { thread, category, url, commentPage, description } = loaderData;
  const title = `${thread.title} – ${category.name} – ${app.name}`;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: thread.title },
    { property: "og:description", content: description },
    { property: "og:type", content: "article" },
    { property: "og:url", content: url },
    { property: "og:site_name", content: app.name },
    { property: "article:published_time", content: thread.createdAt },
    { name: "twitter:card", content: "summary" },
    ...paginationLinks(url, commentPage.page, commentPage.page < commentPage.pages),
    // The thread's feed of its newest comments.
    { tagName: "link", rel: "alternate", type: "application/atom+xml", title: fd.alternate(fd.threadTitle(thread.title)), href: threadFeedPath(category.id, thread.id) },
  ];
};

/** SPEC §2: a URL hash scrolls to that element and highlights it for 2 s after 300 ms. */
function useHashHighlight(ready: boolean) {
  const location = useLocation();
  useEffect(() => {
    if (!ready || !location.hash) return;
    const id = decodeURIComponent(location.hash.slice(1));
    let clear: ReturnType<typeof setTimeout> | undefined;
    const start = setTimeout(() => {
      const el = document.getElementById(id);
      if (!el) return;
      el.scrollIntoView({ behavior: "smooth", block: "center" });
      el.classList.add("highlight-target");
      clear = setTimeout(() => el.classList.remove("highlight-target"), 2000);
    }, 300);
    return () => {
      clearTimeout(start);
      clearTimeout(clear);
    };
  }, [location.hash, ready]);
}

/** The post under the title: collapsed to one line when the viewer mutes its author. */
function ThreadPost({ muted, nickname, children }: { muted: boolean; nickname: string; children: React.ReactNode }) {
  if (!muted) return <>{children}</>;
  return (
    <MutedItem nickname={nickname}>
      <div className="space-y-4">{children}</div>
    </MutedItem>
  );
}

/** The thread page. */
export default function ThreadPage({ loaderData }: Route.ComponentProps) {
  const { thread, category, comments, trend, commentPage, subscribed, url, publicUrl, plainTexts, poll, pollOwn, tools, notices, slowMode, unread } = loaderData;
  const viewer = useViewer();
  // Unread: the divider the member's read tracker places.
  const [divider, setDivider] = useState<string | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  useHashHighlight(true);
  // Comments and reactions by others appear without a reload.
  useLiveThread(thread.id, viewer?.id ?? null);
  const author = thread.author?.nickname ?? f.unknownAuthor;
  // 'Lås': no comment box, 'Svara' or reactions, but for staff (who still moderate).
  const closed = thread.locked && !(tools?.can.exempt ?? false);
  return (
    <ModerationProvider>
      <div className="mx-auto max-w-3xl space-y-6">
        {/* DiscussionForumPosting with this page's comments, for visitors (search engines
            never log in; a member's page is 44 KB lighter without it). */}
        {viewer ? null : (
          <JsonLd
            data={import.meta.env.SSR ? threadJsonLd({ publicUrl, threadUrl: url, pageUrl: pageUrl(url, commentPage.page), thread, category, comments, texts: plainTexts ?? {} }) : null}
          />
        )}
        <nav aria-label={nav.breadcrumb} className="flex flex-wrap gap-1 text-sm text-slate-500">
          <Link to="/forum" className="hover:text-slate-800 hover:underline">
            {f.breadcrumbForum}
          </Link>
          <span aria-hidden>/</span>
          <Link to={categoryPath(category.id)} className="hover:text-slate-800 hover:underline">
            {category.name}
          </Link>
          <span aria-hidden>/</span>
          <span className="max-w-full truncate text-slate-700">{thread.title}</span>
        </nav>

        <article className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 md:p-6">
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 [overflow-wrap:anywhere] md:text-3xl">
              {thread.title}
            </h1>
            <ItemActions kind="thread" id={thread.id} authorId={thread.author?.id ?? null} can={thread.can} edit={{ href: editPath(thread.id) }} tools={tools} />
          </div>
          {thread.pinned ? (
            <div className="flex flex-wrap items-center gap-1">
              <PinnedBadge />
              {trend ? <ThreadBadges {...trend} /> : null}
            </div>
          ) : trend ? (
            <ThreadBadges {...trend} />
          ) : null}
          <ThreadPost muted={thread.muted === true} nickname={author}>
            {/* The author's avatar with the EdgeLevel ring, as on every comment. */}
            <div className="flex items-center gap-2 md:gap-3">
              <EdgeAvatar nickname={author} avatarUrl={thread.author?.avatarUrl ?? null} edgeLevel={thread.author?.edgeLevel ?? 0} />
              <p className="text-sm text-slate-500">
                {thread.author ? (
                  <AuthorButton userId={thread.author.id} nickname={thread.author.nickname} />
                ) : (
                  <span className="font-semibold text-slate-800">{author}</span>
                )}{" "}
                {thread.authorBlocked ? (
                  <>
                    <BlockedBadge />{" "}
                  </>
                ) : null}
                · <RelativeTime iso={thread.createdAt} />
                {thread.editedAt ? (
                  <>
                    {" "}
                    · <EditedMark targetType="thread" id={thread.id} editedAt={thread.editedAt} />
                  </>
                ) : null}
              </p>
            </div>
            {/* Selected text of the post can be quoted into the comment box ('Citera'). */}
            <Quotable nickname={viewer ? (thread.author?.nickname ?? null) : null} href={threadPath(category.id, thread.id, thread.title)} target={TOP_TARGET}>
              <PostBody text={thread.body} html={thread.bodyHtml} stances={thread.stances} className="text-base md:text-lg" />
            </Quotable>
            {poll ? <Poll poll={poll} own={pollOwn} loggedIn={viewer !== null} /> : null}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <ReactionBar
                targetType="thread"
                targetId={thread.id}
                summary={thread.reactions}
                canReact={thread.can.react}
                loggedIn={viewer !== null}
                locked={closed}
              />
              <div className="flex flex-wrap items-center gap-2">
                {viewer ? <SaveButton targetType="thread" targetId={thread.id} saved={thread.saved} /> : null}
                <SubscribeButton subscribed={subscribed} loggedIn={viewer !== null} />
              </div>
            </div>
          </ThreadPost>
        </article>

        <section aria-labelledby="comments-heading" className="space-y-4">
          <h2 id="comments-heading" className="text-xl font-bold text-slate-900">
            {f.commentsHeading(thread.commentsCount)}
          </h2>
          {notices.locked ? <LockedNotice text={notices.locked} /> : null}
          {notices.slowMode ? <SlowModeLine threadId={thread.id} rule={notices.slowMode} state={slowMode} /> : null}
          {closed ? null : viewer ? (
            <div className="rounded-xl border border-slate-200 bg-white p-4">
              <CommentForm
                onDone={(answer) => {
                  // A new top-level comment goes on the last page: go there when this is not it.
                  if (answer?.commentId && commentPage.page < commentPage.pages) navigate(commentPath(answer.commentId));
                }}
              />
            </div>
          ) : (
            <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">
              {f.loginToComment}.{" "}
              <Link to={loginPath(location.pathname)} className="font-semibold text-brand-700 underline">
                {nav.loginLink}
              </Link>{" "}
              {f.orWord}{" "}
              <Link to="/auth/register" className="font-semibold text-brand-700 underline">
                {nav.registerLink.toLowerCase()}
              </Link>
              .
            </p>
          )}
          {commentPage.pages > 1 ? <Pager page={commentPage.page} hasMore={commentPage.page < commentPage.pages} labels="comments" /> : null}
          {viewer ? <ThreadUnreadNotice state={unread} comments={comments} /> : null}
          {viewer ? <ReadTracker threadId={thread.id} unread={unread} comments={comments} onDivider={setDivider} /> : null}
          <UnreadDividerContext value={divider}>
            <CommentThread comments={comments} viewer={viewer} locked={closed} />
          </UnreadDividerContext>
          {commentPage.pages > 1 ? <Pager page={commentPage.page} hasMore={commentPage.page < commentPage.pages} labels="comments" /> : null}
        </section>
      </div>
    </ModerationProvider>
  );
}

/** Missing thread or category: the spec's text; the 503 page when the database is unavailable. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBox error={error} text={f.threadNotFound} />;
}
