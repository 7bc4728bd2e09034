/**
 * Every allowed value of the forum, in one place. The Zod enums (`domain/validation.ts`), the
 * database CHECK constraints (`server/db/schema.ts` builds them with {@link sqlInList}), the UI
 * order (reaction bar, report reasons, role picker) and the catalogue's label groups
 * (`domain/i18n/sv.ts`, typed `Record<Value, string>`) are all derived from the lists below.
 *
 * Adding a value is a change here, one migration that replaces the CHECK constraint, and its
 * Swedish label in the catalogue (the compiler points at the label). Guards:
 * `domain/values.test.ts` fails when a second literal list of these values appears in the source;
 * `server/db/values-constraints.test.ts` fails when a CHECK constraint of the migrated database
 * disagrees with a list here.
 *
 * @module
 */

/**
 * Colour theme preferences: `system` follows the device's
 * `prefers-color-scheme` (the default when no cookie is set), `light` and `dark` are fixed.
 * Stored in the `theme` cookie (domain/theme.ts), never in the database.
 */
export const THEME_PREFERENCES = ["system", "light", "dark"] as const;
/** system, light or dark. */
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

/** Reaction types in display order (SPEC §3 reactions, §9 labels: Bullish, Bearish, Like, Hot). */
export const REACTION_TYPES = ["bull", "bear", "like", "fire"] as const;
/** bull, bear, like or fire. */
export type ReactionType = (typeof REACTION_TYPES)[number];
/** The reaction types that state a view on a stock, counted by the ticker page's sentiment bar. */
export const SENTIMENT_REACTIONS = ["bull", "bear"] as const satisfies readonly ReactionType[];

/**
 * The author's own view of a ticker named in their post ('Din syn', Stocktwits' message
 * sentiment): stored per (post, ticker) in `post_tickers.sentiment`; none = NULL.
 */
export const AUTHOR_SENTIMENTS = ["bullish", "bearish"] as const;
/** bullish or bearish. */
export type AuthorSentiment = (typeof AUTHOR_SENTIMENTS)[number];

/**
 * Position disclosure per (post, ticker) ('Innehav'): the author owns the stock or does
 * not; not stated = NULL. Stored in `post_tickers.position`.
 */
export const POSITIONS = ["owns", "does_not_own"] as const;
/** owns or does_not_own. */
export type Position = (typeof POSITIONS)[number];

/** What a reaction, report or ticker mention points at (SPEC §3): threads and comments are separate tables. */
export const TARGET_TYPES = ["thread", "comment"] as const;
/** thread or comment. */
export type TargetType = (typeof TARGET_TYPES)[number];

/**
 * Who may start a private conversation with a member ('Vem får skicka meddelanden till dig'):
 * everyone (the default), the members they follow, or nobody. Stored in `profiles.messages_from`.
 */
export const MESSAGES_FROM = ["everyone", "following", "nobody"] as const;
/** everyone, following or nobody. */
export type MessagesFrom = (typeof MESSAGES_FROM)[number];

/** Roles in rising order of power (SPEC §5 Roles, §6); any other stored role id counts as member. */
export const ROLES = ["member", "moderator", "admin"] as const;
/** A forum role. */
export type Role = (typeof ROLES)[number];
/** The roles that moderate (SPEC §6 "Moderator-or-admin"). */
export type StaffRole = Exclude<Role, "member">;

/** Report reasons in the order the report dialog lists them (SPEC §9). */
export const REPORT_REASONS = ["spam", "harassment", "misinformation", "inappropriate", "offensive", "other"] as const;
/** One report reason. */
export type ReportReason = (typeof REPORT_REASONS)[number];
/** Report states (SPEC §3 reports). */
export const REPORT_STATUSES = ["open", "resolved"] as const;
/** How a resolved report was closed (docs/decisions/012-moderation-admin.md). */
export const REPORT_RESOLUTIONS = ["dismissed", "content_deleted", "author_blocked"] as const;

/**
 * Notification types (SPEC §3 notifications, plus `mention` and `thread_activity`,
 * 'Bevaka tråd': one batched row per watched thread while unread).
 */
export const NOTIFICATION_TYPES = ["new_thread", "new_comment", "mention", "thread_activity", "quote", "ticker_mention", "private_message"] as const;
/** One notification type. */
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * The kinds a member sets a channel for on the settings page 'Notiser', in the order
 * the page lists them: a new thread by someone I follow, a reply to me (a comment on my thread or
 * a reply to my comment), a comment in a thread I watch, a mention, a quote, a watched ticker
 * mentioned, a private message ('Privat meddelande', one batched row per conversation while
 * unread). Each notification type belongs to one kind ({@link NOTIFICATION_KIND_OF}).
 */
export const NOTIFICATION_KINDS = ["followed_thread", "reply", "watched_thread", "mention", "quote", "watched_ticker", "private_message"] as const;
/** One notification kind. */
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kind each notification type belongs to ('Notiser'). */
export const NOTIFICATION_KIND_OF: Record<NotificationType, NotificationKind> = {
  new_thread: "followed_thread",
  new_comment: "reply",
  thread_activity: "watched_thread",
  mention: "mention",
  quote: "quote",
  ticker_mention: "watched_ticker",
  private_message: "private_message",
};

/**
 * Where a kind of notification reaches the member ('Notiser'), a ladder: `off` (nothing,
 * not even in the forum), `forum` (the bell and the notifications page), `email` (the forum plus
 * the e-mail digest while away), `push` (the forum, the digest and a push message to each device
 * the member turned push on for). docs/decisions/029-notification-settings.md.
 */
export const NOTIFICATION_CHANNELS = ["off", "forum", "email", "push"] as const;
/** One channel level. */
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * The defaults ("replies, mentions and quotes on with e-mail digest; watched-thread
 * comments in the forum only"); the two kinds it does not name stay in the forum.
 */
export const DEFAULT_NOTIFICATION_CHANNELS: Record<NotificationKind, NotificationChannel> = {
  followed_thread: "forum",
  reply: "email",
  watched_thread: "forum",
  mention: "email",
  quote: "email",
  watched_ticker: "forum",
  private_message: "email",
};

/** Actions recorded in the moderation log (docs/decisions/012-moderation-admin.md). */
export const MODERATION_ACTIONS = [
  "delete_thread",
  "delete_comment",
  "block_user",
  "unblock_user",
  "dismiss_reports",
  "delete_user",
  "change_role",
  "send_message",
  "edit_thread",
  "edit_comment",
  "pin_thread",
  "unpin_thread",
  "lock_thread",
  "unlock_thread",
  "move_thread",
  "merge_thread",
  "set_slow_mode",
  "release_message",
  "delete_message",
  "dismiss_message_reports",
] as const;
/** 'Långsamt läge' choices in minutes: at most one comment per member per this many minutes. */
export const SLOW_MODE_MINUTES = [1, 5, 15, 60] as const;
/** One 'Långsamt läge' choice. */
export type SlowModeMinutes = (typeof SLOW_MODE_MINUTES)[number];

/** One moderation-log action. */
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** States of an admin e-mail job and of each of its recipients (docs/decisions/012). */
export const MAIL_JOB_STATUSES = ["sending", "done"] as const;
/** @see MAIL_JOB_STATUSES */
export const MAIL_RECIPIENT_STATUSES = ["pending", "sent", "skipped", "failed"] as const;

/** Search result kinds, in the order the results page lists its filters (SPEC §3 Search result). */
export const SEARCH_KINDS = ["thread", "comment", "member"] as const;
/** One search result kind. */
export type SearchKind = (typeof SEARCH_KINDS)[number];

/**
 * Trend badge thresholds (SPEC §2 Thread row, §9; docs/trending.md): 'Hettar till' when
 * hot_score > `hotAbove`, 'Snabb' when reactions in the last hour ≥ `fastFrom`, 'Top 10%' when the
 * percentile rank (0..1) ≥ `topFrom`.
 */
export const BADGE_THRESHOLDS = { hotAbove: 1, fastFrom: 3, topFrom: 0.9 } as const;

/**
 * Text length caps in characters (docs/decisions/001-limits.md); the database CHECKs of titles
 * and bodies use the same numbers.
 */
export const LIMITS = {
  /** Thread title. */
  title: 200,
  /** Thread body. */
  body: 20_000,
  /** Comment or reply. */
  comment: 10_000,
  /** Report details (docs/decisions/012-moderation-admin.md). */
  reportDetails: 2000,
  /** Block reason (docs/decisions/012-moderation-admin.md). */
  blockReason: 500,
  /** Reason of a staff edit of someone else's post (shown in the moderation log). */
  editReason: 500,
  /** Search text; the rest is ignored (docs/search.md). */
  searchQuery: 200,
  /** Nickname, fewest characters (SPEC §5 Nickname; docs/decisions/001-limits.md). */
  nicknameMin: 2,
  /** Nickname, most characters. */
  nicknameMax: 30,
  /** A private message ('Inkorg'), as a comment. */
  message: 10_000,
} as const;

/**
 * True when `value` is one of `list` (narrows its type).
 *
 * @param list one of the lists above
 * @param value any value, e.g. a stored column or a form field
 * @returns whether `value` is in `list`
 */
export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (list as readonly string[]).includes(value);
}

/**
 * The SQL list `('a', 'b', …)` of a value list, for a CHECK constraint. The values are the
 * constants above (lower-case ASCII and underscores), never user input; a quote is refused.
 *
 * @param list one of the lists above
 * @returns the parenthesised, quoted list
 * @throws Error when a value contains a quote
 */
export function sqlInList(list: readonly string[]): string {
  for (const v of list) if (v.includes("'")) throw new Error(`sqlInList: quote in ${v}`);
  return `(${list.map((v) => `'${v}'`).join(", ")})`;
}

/**
 * The SQL array `ARRAY['a', 'b', …]` of a value list, e.g. to pick a random value in generated
 * data. Same rules as {@link sqlInList}.
 *
 * @param list one of the lists above
 * @returns the array literal
 * @throws Error when a value contains a quote
 */
export function sqlArray(list: readonly string[]): string {
  return `ARRAY[${sqlInList(list).slice(1, -1)}]`;
}
