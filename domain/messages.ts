/**
 * Private messages ('Inkorg', docs/decisions/055-private-messages.md): the numbers and the shapes
 * the pages get. Conversations are one to one or groups of up to {@link CONVERSATION_MAX_MEMBERS}
 * members; messages use the post Markdown. Pure: no database, no DOM.
 *
 * @module
 */
import type { MessagesFrom, ReportReason } from "./values";

/** 'Inkorg': the member's private conversations (not in domain/paths.ts: a visitor's first visit needs none of these). */
export const INBOX_PATH = "/forum/inkorg";
/** 'Nytt meddelande', optionally to one member by nickname (`?till=`). */
export const newMessagePath = (nickname?: string) => (nickname ? `${INBOX_PATH}/ny?till=${encodeURIComponent(nickname)}` : `${INBOX_PATH}/ny`);
/** One conversation; `before` pages backwards ('Visa äldre') to the messages before that number. */
export const conversationPath = (conversationId: string, before?: number) =>
  `${INBOX_PATH}/${conversationId}${before ? `?fore=${before}` : ""}`;

/** Members of one conversation, the sender included (Discourse's default group PM size is larger; 10 keeps a group personal). */
export const CONVERSATION_MAX_MEMBERS = 10;
/** Recipients of a new conversation: everyone but the sender. */
export const RECIPIENTS_MAX = CONVERSATION_MAX_MEMBERS - 1;
/** Messages per page of a conversation (the newest first loaded; 'Visa äldre' pages backwards). */
export const MESSAGES_PAGE_SIZE = 30;
/** Conversations per page of the inbox. */
export const INBOX_PAGE_SIZE = 30;
/** A message can be edited this long after it was sent (s), as a post (SPEC §5 grace period). */
export const MESSAGE_EDIT_WINDOW_S = 5 * 60;
/** A reported message is shown to moderators with this many messages before it. */
export const REPORT_CONTEXT_MESSAGES = 5;
/**
 * The same text to many members: a message whose text the sender already sent in this many other
 * conversations within {@link SAME_TEXT_WINDOW_S} is refused.
 */
export const SAME_TEXT_CONVERSATIONS = 3;
/** The window of {@link SAME_TEXT_CONVERSATIONS} (s). */
export const SAME_TEXT_WINDOW_S = 60 * 60;
/** The inbox's latest line is cut to this many characters. */
export const LATEST_LINE_CHARS = 120;

/** A participant as the pages show them. */
export interface ParticipantView {
  id: string;
  nickname: string;
  avatarUrl: string | null;
  /** 0..1 (SPEC §3 EdgeLevel), the avatar ring. */
  edgeLevel: number;
}

/** One row of the inbox. */
export interface InboxRow {
  id: string;
  /** The other participants (not the viewer), at most 9. */
  others: ParticipantView[];
  isGroup: boolean;
  /** Plain text of the latest message the viewer may see, cut to {@link LATEST_LINE_CHARS}; '' when none. */
  latestLine: string;
  /** The latest message was the viewer's own. */
  latestMine: boolean;
  /** The latest message was deleted. */
  latestDeleted: boolean;
  /** ISO time of the latest message. */
  lastMessageAt: string;
  /** Messages the viewer has not read. */
  unreadCount: number;
}

/** A page of the inbox. */
export interface InboxPage {
  rows: InboxRow[];
  /** 1-based. */
  page: number;
  hasMore: boolean;
}

/** One message as the conversation page shows it. */
export interface MessageView {
  id: string;
  /** 1.. in the conversation. */
  seq: number;
  /** Null: the author's account is deleted ('Okänd'). */
  author: ParticipantView | null;
  /** Sanitised HTML; '' when deleted, held for another member, or from a muted member. */
  html: string;
  /** The Markdown, only for the author's own message that may still be edited. */
  body: string | null;
  createdAt: string;
  editedAt: string | null;
  deleted: boolean;
  /** Held for review: shown only to its author, marked 'Väntar på granskning'. */
  held: boolean;
  /** From a member the viewer mutes: collapsed. */
  muted: boolean;
  /** The viewer wrote it (shown on their side). */
  mine: boolean;
  /** What the viewer may do with it. */
  can: { edit: boolean; delete: boolean; report: boolean };
}

/** A conversation page. */
export interface ConversationView {
  id: string;
  isGroup: boolean;
  /** Every current participant, the viewer included, by nickname. */
  participants: ParticipantView[];
  /** The current participants but the viewer, by nickname (the page's heading and avatars). */
  others: ParticipantView[];
  /** Oldest first. */
  messages: MessageView[];
  /** The `seq` to page back from ('Visa äldre'), or null at the start. */
  olderBefore: number | null;
  /** This page is not the newest ('Visa senaste'). */
  paged: boolean;
  /** Messages of others held for review that the viewer cannot see yet. */
  heldForViewer: number;
  /** Whether the viewer may write here (false: the other member no longer takes their messages). */
  canSend: boolean;
}

/** The viewer's setting and whether it was saved. */
export interface MessagesFromView {
  messagesFrom: MessagesFrom;
}

/** A message as staff see it in the held queue or the report queue. */
export interface StaffMessageView {
  id: string;
  conversationId: string;
  seq: number;
  authorNickname: string | null;
  authorId: string | null;
  html: string;
  createdAt: string;
  deleted: boolean;
}

/** A reported message with its reports and the messages before it. */
export interface ReportedMessageView {
  message: StaffMessageView;
  reasons: ReportReason[];
  reportCount: number;
  details: string[];
  firstReportedAt: string;
  /** Up to {@link REPORT_CONTEXT_MESSAGES} messages before it, oldest first. */
  before: StaffMessageView[];
}

/**
 * Whether a cooked message links outside the forum (an `<a href>` that is not a mention, a cashtag
 * or a forum path): such a message from an account younger than a day is held.
 *
 * @param html sanitised HTML of server/content/cook.ts
 * @returns true when it has an external link
 */
export function linksOutside(html: string): boolean {
  for (const match of html.matchAll(/<a\s[^>]*href="([^"]*)"/gi)) {
    const href = match[1] ?? "";
    if (/^(https?:)?\/\//i.test(href) || /^(mailto|tel|ftp):/i.test(href)) return true;
  }
  return false;
}

/**
 * The text the same-text rule compares: lower case, whitespace collapsed, trimmed.
 *
 * @param body the Markdown
 * @returns the normalised text
 */
export function sameTextKey(body: string): string {
  return body.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}
