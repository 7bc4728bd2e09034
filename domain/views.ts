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
}

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
  body: string;
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
  /** Plain text of the post (the page shows an excerpt). */
  body: string;
  authorNickname: string | null;
  /** The author's id, null when the account is deleted (the viewer's mutes collapse by it). */
  authorId: string | null;
  /** When this thread or comment was written (ISO 8601), whichever of the two mentions the ticker. */
  createdAt: string;
}
