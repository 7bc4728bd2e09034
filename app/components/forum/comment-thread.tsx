/**
 * Comments with their replies (SPEC §2 Thread page): oldest first, one level only (a reply has
 * no Svara button), 'Dölj N svar' / 'Visa N svar', reply form prefilled with '@author ',
 * `#comment-{id}` anchors. Plain elements per comment. Selected text of a comment or reply
 * can be quoted into the top-level comment's reply form ('Citera'), and a reply form with a local
 * draft opens by itself. A comment or reply by a member the viewer mutes is one line
 * 'Dolt inlägg från @nick – visa' until opened; members get 'Spara' / 'Sparad' on each.
 *
 * @module
 */

import { useEffect, useState } from "react";
import { useParams } from "react-router";
import type { CommentWithCan } from "../../../domain/views";
import { forum as f } from "../../../domain/i18n/sv";
import { commentPath } from "../../../domain/paths";
import type { ClientViewer } from "../../lib/viewer";
import { AuthorButton } from "../profile/profile-drawer";
import { BlockedBadge } from "../moderation/blocked-badge";
import { EdgeAvatar } from "../ui/edge-level";
import { CommentForm, loadMemberParts, MutedItem, SaveButton, UnreadDivider } from "./member-parts-lazy";
import { EditedMark } from "./edit-history";
import { ItemActions } from "./moderation";
import { PostBody } from "./post-body";
import { Quotable, useQuoteReceiver } from "./quote-selection";
import { ReactionBar } from "./reaction-bar";
import { RelativeTime } from "./relative-time";

/**
 * A comment as the thread page's loader sends it: with `can`, `muted`, `saved` and, for staff
 * only, `authorBlocked` (the author is blocked: 'Blockerad' beside the name).
 */
export type ThreadComment = Omit<CommentWithCan, "replies"> & { muted?: true; saved?: boolean; authorBlocked?: true; replies: ThreadComment[] };

/** One comment or reply. */
function CommentItem({
  comment,
  viewer,
  onReply,
  quoteTarget,
  locked,
}: {
  comment: ThreadComment;
  viewer: ClientViewer | null;
  onReply?: () => void;
  /** The top-level comment whose reply form gets quotes of this one. */
  quoteTarget: string;
  /** The thread is locked for the viewer ('Tråden är låst' on the reaction chips). */
  locked: boolean;
}) {
  const nickname = comment.author?.nickname ?? f.unknownAuthor;
  // 'Redigera' in the menu swaps the text for the same composer, prefilled.
  const [editing, setEditing] = useState(false);
  const item = (
    <article id={`comment-${comment.id}`} className="comment">
      <EdgeAvatar nickname={nickname} avatarUrl={comment.author?.avatarUrl ?? null} edgeLevel={comment.author?.edgeLevel ?? 0} />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="comment-head">
          <div className="comment-meta">
            {comment.author ? (
              <AuthorButton userId={comment.author.id} nickname={comment.author.nickname} />
            ) : (
              <span className="font-semibold text-slate-900">{nickname}</span>
            )}
            {comment.authorBlocked ? <BlockedBadge /> : null}
            <RelativeTime iso={comment.createdAt} className="text-slate-500" />
            {comment.editedAt ? <EditedMark targetType="comment" id={comment.id} editedAt={comment.editedAt} /> : null}
          </div>
          <ItemActions
            kind="comment"
            id={comment.id}
            authorId={comment.author?.id ?? null}
            can={comment.can}
            edit={{ onEdit: () => setEditing(true) }}
          />
        </div>
        {editing && comment.can.edit ? (
          <CommentForm
            edit={{ commentId: comment.id, asStaff: comment.can.editReason }}
            initialText={comment.body}
            initialStances={comment.stances}
            autoFocus
            onDone={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <Quotable nickname={viewer ? (comment.author?.nickname ?? null) : null} href={commentPath(comment.id)} target={quoteTarget}>
            <PostBody text={comment.body} html={comment.bodyHtml} stances={comment.stances} />
          </Quotable>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <ReactionBar
            targetType="comment"
            targetId={comment.id}
            summary={comment.reactions}
            canReact={comment.can.react}
            loggedIn={viewer !== null}
            locked={locked}
          />
          {onReply ? (
            <button type="button" onClick={onReply} className="reply-button">
              {f.reply}
            </button>
          ) : null}
          {/* Not while the edit form (with its own 'Spara') is open. */}
          {viewer && !editing ? <SaveButton targetType="comment" targetId={comment.id} saved={comment.saved === true} /> : null}
        </div>
      </div>
    </article>
  );
  // A muted member's comment is one line until 'visa'; the anchor stays on the line. The
  // 'Nya kommentarer' divider goes before the member's first unread comment.
  return (
    <>
      {viewer ? <UnreadDivider commentId={comment.id} /> : null}
      {comment.muted ? (
        <MutedItem nickname={nickname} id={`comment-${comment.id}`} className="p-1.5 md:p-2">
          {item}
        </MutedItem>
      ) : (
        item
      )}
    </>
  );
}

/** A top-level comment, its replies and its reply form; no 'Svara' while the thread is locked for the viewer. */
function CommentBlock({ comment, viewer, locked }: { comment: ThreadComment; viewer: ClientViewer | null; locked: boolean }) {
  const [showReplies, setShowReplies] = useState(true);
  const [replying, setReplying] = useState(false);
  const [quote, setQuote] = useState<string | undefined>(undefined);
  const [fromDraft, setFromDraft] = useState(false);
  const { threadId } = useParams();
  const n = comment.replies.length;
  // 'Citera' on this comment or a reply opens the reply form with the quote (an open
  // form takes it itself); a reply left as a draft opens again after a reload.
  useQuoteReceiver(viewer && !replying && !locked ? comment.id : null, (markdown) => {
    setFromDraft(false);
    setQuote(markdown);
    setReplying(true);
  });
  function openReply() {
    setFromDraft(false);
    setReplying(true);
  }
  useEffect(() => {
    if (!viewer || !threadId || locked) return;
    let current = true;
    // The drafts code is member-only (member-parts.ts); a member's page has it loaded already.
    loadMemberParts()
      .then(({ draftKeys, hasDraft }) => {
        if (current && hasDraft(draftKeys.comment(threadId, comment.id))) {
          setFromDraft(true);
          setReplying(true);
        }
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [viewer, threadId, comment.id, locked]);
  return (
    <li className="comment-card">
      <CommentItem comment={comment} viewer={viewer} onReply={viewer && !locked ? openReply : undefined} quoteTarget={comment.id} locked={locked} />
      {n > 0 ? (
        <div className="ml-2 border-l-2 border-slate-100 pl-2 md:ml-12 md:pl-3">
          <button
            type="button"
            onClick={() => setShowReplies((v) => !v)}
            aria-expanded={showReplies}
            className="mb-1 rounded-md px-2 py-1 text-sm font-semibold text-slate-600 hover:bg-slate-100"
          >
            {showReplies ? f.hideReplies(n) : f.showReplies(n)}
          </button>
          {showReplies ? (
            <ul className="space-y-1">
              {comment.replies.map((reply) => (
                <li key={reply.id}>
                  <CommentItem comment={reply} viewer={viewer} quoteTarget={comment.id} locked={locked} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {replying && viewer && !locked ? (
        <div className="ml-2 pl-2 md:ml-12 md:pl-3">
          <CommentForm
            parentId={comment.id}
            initialText={comment.author ? `@${comment.author.nickname} ` : ""}
            quote={quote}
            autoFocus={!fromDraft}
            onDone={() => {
              setReplying(false);
              setQuote(undefined);
              setShowReplies(true);
            }}
            onCancel={() => {
              setReplying(false);
              setQuote(undefined);
            }}
          />
        </div>
      ) : null}
    </li>
  );
}

/**
 * All comments of a thread, or the empty state.
 *
 * @param props.locked the thread is locked and the viewer is not staff: no 'Svara', no reply forms
 */
export function CommentThread({ comments, viewer, locked = false }: { comments: ThreadComment[]; viewer: ClientViewer | null; locked?: boolean }) {
  if (comments.length === 0) {
    return <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">{f.noComments}</p>;
  }
  return (
    <ul className="space-y-3">
      {comments.map((c) => (
        <CommentBlock key={c.id} comment={c} viewer={viewer} locked={locked} />
      ))}
    </ul>
  );
}
