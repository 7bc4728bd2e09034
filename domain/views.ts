/**
 * The shapes that loaders send to the browser: thread lists, the thread page with its comments,
 * profiles. Server queries (`server/forum/queries.ts`, `server/forum/can.ts`,
 * `server/profiles/queries.ts`) build them; components render them. Dates are ISO 8601 strings.
 *
 * @module
 */
import type { ItemCan } from "./policy/forum";
import type { ReactionType, TargetType } from "./values";
import type { PostStance } from "./stances";

/** Embedded author of a post or comment on the thread page. */
export interface AuthorView {
  id: string;
  nickname: string;
  avatarUrl: string | null;
  /** 0..1 */
  edgeLevel: number;
  roleId: string;
}

/** A category card (SPEC §2 Forum home: name, description, thread count). */
export interface CategoryCard {
  id: string;
  name: string;
  description: string;
  threadsCount: number;
}

/** A thread row (SPEC §2 Thread row). */
export interface ThreadRow {
  id: string;
  categoryId: string;
  categoryName: string;
  title: string;
  /** ISO timestamp. */
  createdAt: string;
  commentsCount: number;
  reactionsCount: number;
  /** Null when the author account was deleted (shown as 'Okänd'). */
  author: { id: string; nickname: string } | null;
  /** Listed first as pinned ('Fäst', docs/decisions/053-thread-tools.md); absent elsewhere. */
  pinned?: true;
  /** 'Aktiva' rows only: the newest comment or the thread itself (ISO), who wrote it, the most active participants. */
  activity?: ThreadActivity;
}

/** A thread's last activity as the 'Aktiva' list shows it ('Senast av @nick, 5 min sedan'). */
export interface ThreadActivity {
  /** ISO time of the newest comment, or of the thread when it has none. */
  at: string;
  /** Who wrote it; null when their account was deleted. */
  by: { id: string; nickname: string } | null;
  /** Up to five members with the most posts in the thread (opening post included), most first. */
  participants: Array<{ id: string; nickname: string; avatarUrl: string | null }>;
}

/**
 * A member's unread state of a listed thread (docs/decisions/052-unread-and-links.md): comments
 * after their read point ('N nya', linking to the first), or a thread started since their
 * previous visit that they never opened (the dot). Absent: nothing unread.
 */
export type UnreadState = { newComments: number; firstUnreadId: string } | { newThread: true };

/** Reaction state of one target: count per type and which types the viewer has on. */
export interface ReactionSummary {
  counts: Record<ReactionType, number>;
  mine: ReactionType[];
}

/** A comment with its replies (one level, SPEC §2 Thread page). */
export interface CommentView {
  id: string;
  parentId: string | null;
  body: string;
  /** Sanitised HTML cooked at write time ('' for rows not yet cooked). */
  bodyHtml: string;
  createdAt: string;
  /** ISO time of the last kept edit ('redigerad'), or null. */
  editedAt: string | null;
  repliesCount: number;
  reactionsCount: number;
  author: AuthorView | null;
  reactions: ReactionSummary;
  /** The author's stated 'Din syn' / 'Innehav' per ticker; only tickers that state something. */
  stances: PostStance[];
  /** Replies oldest first; always empty on a reply. */
  replies: CommentView[];
}

/** Everything the thread page shows. */
export interface ThreadPage {
  thread: {
    id: string;
    title: string;
    body: string;
    /** Sanitised HTML cooked at write time ('' for rows not yet cooked). */
    bodyHtml: string;
    createdAt: string;
    /** ISO time of the last kept edit ('redigerad'), or null. */
    editedAt: string | null;
    commentsCount: number;
    reactionsCount: number;
    author: AuthorView | null;
    reactions: ReactionSummary;
    /** The author's stated 'Din syn' / 'Innehav' per ticker; only tickers that state something. */
    stances: PostStance[];
    /** 'Fäst': first in its category. */
    pinned: boolean;
    /** 'Fäst på startsidan': also first on the forum home. */
    pinnedHome: boolean;
    /** 'Lås': no new comments, replies or reactions (staff excepted). */
    locked: boolean;
    /** 'Långsamt läge': one comment per member per this many minutes (staff excepted); null when off. */
    slowModeMinutes: number | null;
  };
  category: { id: string; name: string };
  /** This page's top-level comments oldest first, each with all its replies. */
  comments: CommentView[];
  /** Which page of top-level comments this is (1-based) and how many there are (≥ 1). */
  commentPage: { page: number; pages: number };
}

/** A comment with what the viewer may do with it, and its replies likewise. */
export interface CommentWithCan extends Omit<CommentView, "replies"> {
  can: ItemCan;
  replies: CommentWithCan[];
}

/** The thread page with `can` on the thread and on every comment and reply. */
export interface ThreadPageWithCan extends Omit<ThreadPage, "thread" | "comments"> {
  thread: ThreadPage["thread"] & { can: ItemCan };
  comments: CommentWithCan[];
}

/** What the profile page and drawer show of a member. */
export interface ProfileView {
  id: string;
  nickname: string;
  bio: string | null;
  /** Sanitised HTML of the bio, or null/empty when not cooked. */
  bioHtml: string | null;
  avatarUrl: string | null;
  bannerUrl: string | null;
  /** ISO timestamp of joining. */
  createdAt: string;
  /** 0..1 */
  edgeLevel: number;
  roleId: string;
  threadsCount: number;
  commentsCount: number;
  reactionsGiven: number;
  reactionsReceived: number;
  followersCount: number;
  followingCount: number;
}

/** A thread in a profile's activity list. */
export interface ProfileThread {
  id: string;
  categoryId: string;
  title: string;
  createdAt: string;
  commentsCount: number;
}

/** A comment in a profile's activity list, with its thread. */
export interface ProfileComment {
  id: string;
  threadId: string;
  categoryId: string;
  threadTitle: string;
  /**
   * Plain-text excerpt of the comment: no Markdown, quotes and images dropped, cut on a word
   * with `…` (`server/content/excerpt.ts`).
   */
  excerpt: string;
  createdAt: string;
}

/** One piece of a word-level diff (jsdiff `diffWords`): unchanged, added or removed text. */
export interface DiffPart {
  value: string;
  added?: boolean;
  removed?: boolean;
}

/** One kept edit of a thread or comment as the history dialog shows it. */
export interface RevisionView {
  id: string;
  /** The editor's nickname at the time. */
  editorNickname: string;
  /** ISO time of the edit. */
  createdAt: string;
  /** Word diff of the title old → new (threads whose title changed), else null. */
  title: DiffPart[] | null;
  /** Word diff of the body old → new (empty when only the title changed). */
  body: DiffPart[];
}

/**
 * A thread or comment that mentions a ticker, as the ticker page and the watchlist feed list it
 * (`server/tickers/queries.ts` `listTickerPosts`, `server/watchlist/queries.ts`).
 */
export interface TickerPost {
  kind: TargetType;
  id: string;
  threadId: string;
  categoryId: string;
  threadTitle: string;
  /**
   * Plain-text excerpt of the post: no Markdown, quotes and images dropped, cut on a word with
   * `…` (`server/content/excerpt.ts`).
   */
  excerpt: string;
  authorNickname: string | null;
  /** The author's id, null when the account is deleted (the viewer's mutes collapse by it). */
  authorId: string | null;
  /** When this thread or comment was written (ISO 8601), whichever of the two mentions the ticker. */
  createdAt: string;
}

/**
 * The counts of a poll ('Omröstning'): votes per option id and how many members voted. In a
 * multiple-choice poll one member counts once in `voters` and once per chosen option in `counts`.
 */
export interface PollResults {
  /** Option id → votes (every option of the poll, 0 included). */
  counts: Record<string, number>;
  /** Members who voted (≥ the largest count; equal to their sum in a single-choice poll). */
  voters: number;
}

/**
 * A thread's poll as every reader sees it alike (shared page data: server/polls/queries.ts
 * `getPollView`). It never carries the counts of an open poll: those are shown only to a member
 * who voted, as their personal part ({@link PollOwnState}); a closed poll's final counts are public.
 */
export interface PollView {
  threadId: string;
  /** 'Flera val': a member may choose several options. */
  multipleChoice: boolean;
  /** ISO time the poll closes ('Stängs …'), or null: it never closes. */
  closesAt: string | null;
  /** Closed when the page data was read (`closesAt` passed). */
  closed: boolean;
  /** Its thread is locked ('Lås'): only acting staff vote. */
  locked: boolean;
  /** The options in their order (`position` 0..9). */
  options: Array<{ id: string; label: string }>;
  /** The final counts of a closed poll; null while it is open. */
  results: PollResults | null;
}

/**
 * One member's own side of a poll: the personal part `poll:<threadId>` of the thread page
 * (domain/polls.ts `pollPart`; app/components/forum/poll.tsx).
 */
export interface PollOwnState {
  /** The option ids the member voted for (empty: not voted). */
  mine: string[];
  /** The live counts, when the member voted on the open poll; else null. */
  results: PollResults | null;
  /** Logged in, not blocked, the thread not locked (domain/policy/polls.ts); whether the poll is open is in {@link PollView}. */
  canVote: boolean;
  /** Why not, when the thread is locked (else the member is blocked or a visitor). */
  refusal?: "locked";
}
