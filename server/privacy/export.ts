/**
 * A member's own data as one JSON document (data export; GDPR art. 15 access and
 * art. 20 portability; docs/decisions/006-privacy.md). Served by `GET /api/my-data`.
 *
 * Every query names its columns. The export never contains a password hash, a session token, a
 * verification token or another member's e-mail address: other members appear by nickname only.
 * Timestamps are ISO 8601 strings (UTC).
 *
 * @module
 */
import { watchlistForExport } from "../watchlist/queries";
import { mutesForExport } from "../mutes/commands";
import { bookmarksForExport, type BookmarkExport } from "../bookmarks/queries";
import { subscriptionsForExport } from "../subscriptions/commands";
import { getNotificationSettings } from "../notifications/settings";
import type { NotificationSettingsView } from "../../domain/notifications";
import { pushDevicesForExport, type PushDeviceExport } from "../push/devices";
import { pollVotesForExport, type PollVoteExport } from "../polls/queries";
import { exportConversations, getMessagesFrom, type ConversationExport } from "../messages/queries";
import type { MessagesFrom } from "../../domain/values";
import { and, asc, eq, isNotNull, isNull, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import {
  account,
  blockedUsers,
  categories,
  comments,
  notifications,
  postRevisions,
  userActivity,
  profiles,
  reactions,
  reports,
  session,
  threads,
  user,
  userFollows,
} from "../db/schema";

/** Version tag of the export format, so a reader can tell later changes apart. */
export const EXPORT_FORMAT = "borssnack-export/1";

/** The member's profile and account fields. */
export interface ExportProfile {
  id: string;
  nickname: string;
  email: string;
  emailVerified: boolean;
  /** Role id as stored (`member`, `moderator`, `admin`). */
  role: string;
  bio: string | null;
  avatarUrl: string | null;
  bannerUrl: string | null;
  /** EdgeLevel, 0..1. */
  edgeLevel: number;
  /** When the account was registered (ISO). */
  createdAt: string;
  /** Last forum activity (ISO) or null. */
  lastActivityAt: string | null;
  counters: { threads: number; comments: number; reactionsGiven: number; reactionsReceived: number };
  /** Whether a password is set (the hash itself is never exported). */
  hasPassword: boolean;
  /** Present when the account is blocked: since when and the reason given. */
  blocked: { since: string; reason: string | null } | null;
}

/** A login session: when and from where (the cookie token is never exported). */
export interface ExportSession {
  createdAt: string;
  expiresAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

/** A thread the member started. */
export interface ExportThread {
  id: string;
  categoryId: string;
  categoryName: string;
  title: string;
  body: string;
  createdAt: string;
  commentsCount: number;
  reactionsCount: number;
}

/** A comment or reply the member wrote. */
export interface ExportComment {
  id: string;
  threadId: string;
  threadTitle: string;
  /** Set on a reply: the comment it answers. */
  parentId: string | null;
  body: string;
  createdAt: string;
  reactionsCount: number;
}

/**
 * A kept edit the member made, or someone (staff) made of the member's post:
 * the text before and after.
 */
export interface ExportRevision {
  targetType: string;
  threadId: string;
  /** Set for a comment or reply. */
  commentId: string | null;
  /** The editor's nickname at the time. */
  editorNickname: string;
  /** True when the member made the edit. */
  editedByMe: boolean;
  oldTitle: string | null;
  newTitle: string | null;
  oldBody: string;
  newBody: string;
  createdAt: string;
}

/** A reaction the member gave. */
export interface ExportReaction {
  targetType: string;
  targetId: string;
  reactionType: string;
  createdAt: string;
}

/** One follow edge, the other member by nickname. */
export interface ExportFollow {
  nickname: string;
  since: string;
}

/** A notification the member received. */
export interface ExportNotification {
  type: string;
  title: string | null;
  /** Who caused it, as shown to the member (nickname or null). */
  actorNickname: string | null;
  threadId: string | null;
  read: boolean;
  createdAt: string;
  /** Comments a batched `thread_activity` row stands for; 1 otherwise. */
  count: number;
}

/** A report the member filed. */
export interface ExportReport {
  targetType: string;
  targetId: string;
  reason: string;
  details: string | null;
  status: string;
  createdAt: string;
}

/** The whole export. */
export interface MemberExport {
  format: typeof EXPORT_FORMAT;
  /** When the export was made (ISO). */
  exportedAt: string;
  profile: ExportProfile;
  sessions: ExportSession[];
  threads: ExportThread[];
  comments: ExportComment[];
  /** Edits of the member's posts and edits the member made. */
  revisions: ExportRevision[];
  reactions: ExportReaction[];
  follows: { following: ExportFollow[]; followers: ExportFollow[] };
  /** Watched tickers, oldest first (watchlist 'Bevakning'). */
  watchlist: Array<{ ticker: string; since: string }>;
  /** Members the member mutes ('Dölj medlem'), by nickname, oldest first. */
  mutes: Array<{ nickname: string; since: string }>;
  /** Saved threads and comments ('Spara'), oldest saved first. */
  bookmarks: BookmarkExport[];
  /** Threads the member watches or muted (`subscribed: false`), oldest first ('Bevaka tråd'). */
  threadSubscriptions: Array<{ threadId: string; title: string; subscribed: boolean; since: string }>;
  /**
   * Notification settings 'Notiser': the level of each kind, the e-mail master switch,
   * the weekly summary and automatic subscription; the defaults when never changed.
   */
  notificationSettings: NotificationSettingsView;
  /** Devices with Web Push on: the push service's origin and dates, never the keys. */
  pushDevices: PushDeviceExport[];
  /** Votes in polls ('Omröstning'): the poll's thread and title, the option, when; oldest first. */
  pollVotes: PollVoteExport[];
  /**
   * Private conversations ('Inkorg') the member is or was in: participants' nicknames and every
   * message the member can see, theirs and the others', oldest first; 'Vem får starta en
   * konversation med dig'.
   */
  conversations: ConversationExport[];
  messagesFrom: MessagesFrom;
  notifications: ExportNotification[];
  reports: ExportReport[];
  /** Activity log (SPEC §7 log_user_activity): one entry per local date and hour active. */
  activity: Array<{ date: string; hour: number }>;
}

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Collects everything the forum stores about one member.
 *
 * @param db database handle
 * @param userId the member's user id (= profile id)
 * @returns the {@link MemberExport}, or `null` when no such member exists
 */
export async function exportMemberData(db: Db, userId: string): Promise<MemberExport | null> {
  const [me] = await db
    .select({
      id: profiles.id,
      nickname: profiles.nickname,
      email: user.email,
      emailVerified: user.emailVerified,
      role: profiles.roleId,
      bio: profiles.bio,
      avatarUrl: profiles.avatarUrl,
      bannerUrl: profiles.bannerUrl,
      edgeLevel: profiles.edgeLevel,
      createdAt: user.createdAt,
      lastActivityAt: profiles.lastActivityAt,
      threadsCount: profiles.threadsCount,
      commentsCount: profiles.commentsCount,
      reactionsGiven: profiles.reactionsGiven,
      reactionsReceived: profiles.reactionsReceived,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, userId))
    .limit(1);
  if (!me) return null;

  const followed = alias(profiles, "followed");
  const follower = alias(profiles, "follower");

  const revisionThread = alias(threads, "revision_thread");
  const revisionComment = alias(comments, "revision_comment");
  const [credential, block, sessions, myThreads, myComments, myReactions, following, followers, myNotifications, myReports, myActivity, myRevisions] =
    await Promise.all([
      db
        .select({ id: account.id })
        .from(account)
        .where(and(eq(account.userId, userId), eq(account.providerId, "credential"), isNotNull(account.password)))
        .limit(1),
      db
        .select({ createdAt: blockedUsers.createdAt, reason: blockedUsers.reason })
        .from(blockedUsers)
        .where(eq(blockedUsers.userId, userId))
        .limit(1),
      db
        .select({
          createdAt: session.createdAt,
          expiresAt: session.expiresAt,
          ipAddress: session.ipAddress,
          userAgent: session.userAgent,
        })
        .from(session)
        .where(eq(session.userId, userId))
        .orderBy(asc(session.createdAt)),
      db
        .select({
          id: threads.id,
          categoryId: threads.categoryId,
          categoryName: categories.name,
          title: threads.title,
          body: threads.body,
          createdAt: threads.createdAt,
          commentsCount: threads.commentsCount,
          reactionsCount: threads.reactionsCount,
        })
        .from(threads)
        .innerJoin(categories, eq(categories.id, threads.categoryId))
        .where(eq(threads.authorId, userId))
        .orderBy(asc(threads.createdAt), asc(threads.id)),
      db
        .select({
          id: comments.id,
          threadId: comments.threadId,
          threadTitle: threads.title,
          parentId: comments.parentId,
          body: comments.body,
          createdAt: comments.createdAt,
          reactionsCount: comments.reactionsCount,
        })
        .from(comments)
        .innerJoin(threads, eq(threads.id, comments.threadId))
        .where(eq(comments.authorId, userId))
        .orderBy(asc(comments.createdAt), asc(comments.id)),
      db
        .select({
          targetType: reactions.targetType,
          targetId: reactions.targetId,
          reactionType: reactions.reactionType,
          createdAt: reactions.createdAt,
        })
        .from(reactions)
        .where(eq(reactions.userId, userId))
        .orderBy(asc(reactions.createdAt)),
      db
        .select({ nickname: followed.nickname, since: userFollows.createdAt })
        .from(userFollows)
        .innerJoin(followed, eq(followed.id, userFollows.followingId))
        .where(eq(userFollows.followerId, userId))
        .orderBy(asc(userFollows.createdAt)),
      db
        .select({ nickname: follower.nickname, since: userFollows.createdAt })
        .from(userFollows)
        .innerJoin(follower, eq(follower.id, userFollows.followerId))
        .where(eq(userFollows.followingId, userId))
        .orderBy(asc(userFollows.createdAt)),
      db
        .select({
          type: notifications.type,
          title: notifications.title,
          actorNickname: notifications.actorNickname,
          threadId: notifications.threadId,
          read: notifications.read,
          createdAt: notifications.createdAt,
          count: notifications.count,
        })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.createdAt)),
      db
        .select({
          targetType: reports.targetType,
          targetId: reports.targetId,
          reason: reports.reason,
          details: reports.details,
          status: reports.status,
          createdAt: reports.createdAt,
        })
        .from(reports)
        .where(eq(reports.userId, userId))
        .orderBy(asc(reports.createdAt)),
      db
        .select({ date: userActivity.activityDate, hour: userActivity.activityHour })
        .from(userActivity)
        .where(eq(userActivity.userId, userId))
        .orderBy(asc(userActivity.activityDate), asc(userActivity.activityHour)),
      db
        .select({
          targetType: postRevisions.targetType,
          threadId: postRevisions.threadId,
          commentId: postRevisions.commentId,
          editorId: postRevisions.editorId,
          editorNickname: postRevisions.editorNickname,
          oldTitle: postRevisions.oldTitle,
          newTitle: postRevisions.newTitle,
          oldBody: postRevisions.oldBody,
          newBody: postRevisions.newBody,
          createdAt: postRevisions.createdAt,
        })
        .from(postRevisions)
        .innerJoin(revisionThread, eq(revisionThread.id, postRevisions.threadId))
        .leftJoin(revisionComment, eq(revisionComment.id, postRevisions.commentId))
        .where(
          or(
            eq(postRevisions.editorId, userId),
            and(isNull(postRevisions.commentId), eq(revisionThread.authorId, userId)),
            eq(revisionComment.authorId, userId),
          ),
        )
        .orderBy(asc(postRevisions.createdAt), asc(postRevisions.id)),
    ]);

  const blocked = block[0];
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    profile: {
      id: me.id,
      nickname: me.nickname,
      email: me.email,
      emailVerified: me.emailVerified,
      role: me.role,
      bio: me.bio,
      avatarUrl: me.avatarUrl,
      bannerUrl: me.bannerUrl,
      edgeLevel: me.edgeLevel,
      createdAt: iso(me.createdAt),
      lastActivityAt: isoOrNull(me.lastActivityAt),
      counters: {
        threads: me.threadsCount,
        comments: me.commentsCount,
        reactionsGiven: me.reactionsGiven,
        reactionsReceived: me.reactionsReceived,
      },
      hasPassword: credential.length > 0,
      blocked: blocked ? { since: iso(blocked.createdAt), reason: blocked.reason } : null,
    },
    sessions: sessions.map((s) => ({ ...s, createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt) })),
    threads: myThreads.map((t) => ({ ...t, createdAt: iso(t.createdAt) })),
    comments: myComments.map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
    revisions: myRevisions.map(({ editorId, ...r }) => ({ ...r, editedByMe: editorId === userId, createdAt: iso(r.createdAt) })),
    reactions: myReactions.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    follows: {
      following: following.map((f) => ({ nickname: f.nickname, since: iso(f.since) })),
      followers: followers.map((f) => ({ nickname: f.nickname, since: iso(f.since) })),
    },
    watchlist: await watchlistForExport(db, userId),
    mutes: await mutesForExport(db, userId),
    bookmarks: await bookmarksForExport(db, userId),
    threadSubscriptions: await subscriptionsForExport(db, userId),
    notificationSettings: await getNotificationSettings(db, userId),
    pushDevices: await pushDevicesForExport(db, userId),
    pollVotes: await pollVotesForExport(db, userId),
    conversations: await exportConversations(db, userId),
    messagesFrom: await getMessagesFrom(db, userId),
    notifications: myNotifications.map((n) => ({ ...n, createdAt: iso(n.createdAt) })),
    reports: myReports.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    activity: myActivity,
  };
}

/**
 * The download file name for a member's export: `borssnack-data-<nickname>.json`.
 *
 * @param nickname the member's nickname (may contain å, ä, ö)
 * @returns `{ ascii, utf8 }`: an ASCII fallback (å/ä → a, ö → o, anything else outside
 *   `[A-Za-z0-9._-]` → `_`) for `filename=`, and the exact name for `filename*=`
 */
export function exportFileName(nickname: string): { ascii: string; utf8: string } {
  const ascii = nickname
    .replace(/[åäÅÄ]/g, (c) => (c === c.toLowerCase() ? "a" : "A"))
    .replace(/[öÖ]/g, (c) => (c === "ö" ? "o" : "O"))
    .replace(/[^A-Za-z0-9._-]/g, "_");
  return { ascii: `borssnack-data-${ascii}.json`, utf8: `borssnack-data-${nickname}.json` };
}
