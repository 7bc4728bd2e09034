/**
 * Drizzle schema: better-auth's tables (user, session, account, verification, rate_limit) and
 * every forum entity of SPEC §3 (profiles, categories, threads, comments, reactions, user_follows,
 * blocked_users, notifications, reports).
 *
 * Counters (threads_count, comments_count, replies_count, reactions_count, reactions_given,
 * reactions_received) are maintained by triggers in the custom migration `0001_forum_triggers.sql`,
 * so every write path — including cascades — keeps them right in the same transaction and never
 * below 0 (SPEC §4 Reaction, §7 Writes).
 *
 * The SQL migrations are the truth for existing databases; this file must describe what they
 * create (names of indexes, constraints and foreign keys included): `server/db/schema-drift.test.ts`
 * compares the two, and `npm run db:check` (CI) fails when `drizzle-kit generate` would write a
 * migration. Objects only hand-written SQL can make (functions, triggers, views, the hot-formula
 * indexes) are in the migrations alone; docs/hot-formula.md.
 *
 * @module
 */
import { sql } from "drizzle-orm";
import {
  LIMITS,
  MAIL_JOB_STATUSES,
  MAIL_RECIPIENT_STATUSES,
  MODERATION_ACTIONS,
  SLOW_MODE_MINUTES,
  NOTIFICATION_TYPES,
  NOTIFICATION_CHANNELS,
  DEFAULT_NOTIFICATION_CHANNELS,
  type NotificationKind,
  REACTION_TYPES,
  REPORT_REASONS,
  REPORT_RESOLUTIONS,
  REPORT_STATUSES,
  TARGET_TYPES,
  AUTHOR_SENTIMENTS,
  POSITIONS,
  MESSAGES_FROM,
  sqlInList,
} from "../../domain/values";
import { searchableTextSql } from "../search/document";
import {
  bigint,
  boolean,
  check,
  customType,
  foreignKey,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const counter = (name: string) => integer(name).notNull().default(0);

/** PostgreSQL `tsvector` (full-text search document; never written by the app). */
const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

// ---------------------------------------------------------------------------------------------
// better-auth (field names are better-auth's; columns are snake_case)
// ---------------------------------------------------------------------------------------------

/** better-auth user: login identity. `username` is the lower-cased nickname (unique). */
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  username: text("username").unique(),
  displayUsername: text("display_username"),
});

/** better-auth session (cookie token). */
export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

/** better-auth account: the credential (password hash) or an external provider link. */
export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

/** better-auth verification tokens (e-mail verification, password reset, magic link). */
export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** better-auth rate-limit counters, kept in the database so every instance shares them. */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * Abuse-limit counters (rate-limiter-flexible's Drizzle store): one row per limited key, e.g.
 * `signin_ip:127.0.0.1`. In the database so every instance shares them.
 */
export const abuseLimits = pgTable(
  "abuse_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull().default(0),
    expire: timestamp("expire", { withTimezone: true }),
  },
  (t) => [index("abuse_limits_expire_idx").on(t.expire)],
);

// ---------------------------------------------------------------------------------------------
// Forum (SPEC §3)
// ---------------------------------------------------------------------------------------------

// Allowed values (roles, reaction types, …) live in `domain/values.ts`; the CHECK constraints
// below are built from them (`server/db/values-constraints.test.ts` compares them with the database).

/** Public member profile (SPEC §3 profiles); id equals the better-auth user id. */
export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    nickname: text("nickname").notNull(),
    avatarUrl: text("avatar_url"),
    bannerUrl: text("banner_url"),
    bio: text("bio"),
    createdAt: createdAt(),
    edgeLevel: real("edge_level").notNull().default(0),
    roleId: text("role_id").notNull().default("member"),
    threadsCount: counter("threads_count"),
    commentsCount: counter("comments_count"),
    reactionsGiven: counter("reactions_given"),
    reactionsReceived: counter("reactions_received"),
    followersCount: counter("followers_count"),
    followingCount: counter("following_count"),
    /** `bio` cooked to sanitised HTML at write time (server/content/cook.ts). */
    bioHtml: text("bio_html"),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }),
    /**
     * The `last_activity_at` of the member's previous visit (a visit starts after an hour without
     * activity): threads started since then and never opened carry the unread dot.
     */
    previousVisitAt: timestamp("previous_visit_at", { withTimezone: true }),
    /** 'Markera alla som lästa' for the whole forum: every comment and thread up to this is read. */
    allReadAt: timestamp("all_read_at", { withTimezone: true }),
    /** True when the member refused the admins' bulk mail (List-Unsubscribe; 0009_moderation). */
    adminMailOptOut: boolean("admin_mail_opt_out").notNull().default(false),
    /** Who may start a private conversation with the member (`MESSAGES_FROM`; 'Inkorg'). */
    messagesFrom: text("messages_from").notNull().default("everyone"),
  },
  (t) => [
    uniqueIndex("profiles_nickname_lower_idx").on(sql`lower(${t.nickname})`),
    check("profiles_edge_level_range", sql`${t.edgeLevel} >= 0 AND ${t.edgeLevel} <= 1`),
    check(
      "profiles_counters_nonnegative",
      sql`${t.threadsCount} >= 0 AND ${t.commentsCount} >= 0 AND ${t.reactionsGiven} >= 0 AND ${t.reactionsReceived} >= 0`,
    ),
    check("profiles_follow_counters_nonnegative", sql`${t.followersCount} >= 0 AND ${t.followingCount} >= 0`),
    check("profiles_messages_from_check", sql`${t.messagesFrom} IN ${sql.raw(sqlInList(MESSAGES_FROM))}`),
    index("profiles_last_activity_idx").on(t.lastActivityAt),
    /** Nickname search by similarity (pg_trgm, created by 0004_profiles_social_triggers.sql). */
    index("profiles_nickname_trgm_idx").using("gin", sql`lower(${t.nickname}) gin_trgm_ops`),
  ],
);

/** Forum category (SPEC §3 categories), listed newest first. */
export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().unique(),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
    threadsCount: counter("threads_count"),
  },
  (t) => [
    index("categories_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    check("categories_threads_count_nonnegative", sql`${t.threadsCount} >= 0`),
  ],
);

/** Thread: a titled post in a category (SPEC §3 threads). Author becomes null if deleted. */
export const threads = pgTable(
  "threads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => profiles.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** `body` cooked to sanitised HTML at write time (server/content/cook.ts). */
    bodyHtml: text("body_html").notNull().default(""),
    emotionTags: text("emotion_tags").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    /** When the last kept edit happened ('redigerad'); null when never, or only within the grace period. */
    editedAt: timestamp("edited_at", { withTimezone: true }),
    commentsCount: counter("comments_count"),
    reactionsCount: counter("reactions_count"),
    /**
     * Creation time of the thread's newest comment or reply, null while it has none; kept by the
     * `comments_counters` trigger (0023_sitemaps.sql; a deleted comment does not move it back).
     * The sitemap's last activity is the newest of this, `created_at` and `edited_at`.
     */
    lastCommentAt: timestamp("last_comment_at", { withTimezone: true }),
    /** 'Aktiva': the newest of the thread's own creation and its newest comment (`last_comment_at`). */
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`COALESCE(last_comment_at, created_at)`),
    /** 'Fäst': pinned threads come first in their category, newest pin first; null when not pinned. */
    pinnedAt: timestamp("pinned_at", { withTimezone: true }),
    /** An admin's pin to the forum home (with `pinned_at` set). */
    pinnedHome: boolean("pinned_home").notNull().default(false),
    /** 'Lås': no new comments, replies or reactions since then; null when open. */
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    /** 'Långsamt läge': at most one comment per member per this many minutes (1, 5, 15, 60); null when off. */
    slowModeMinutes: integer("slow_mode_minutes"),
    /**
     * Swedish full-text document without @mentions: title weight A, body B (migrations
     * 0007_search.sql and 0025_search_without_mentions.sql, server/search/document.ts, docs/search.md).
     */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('swedish'::regconfig, ${sql.raw(searchableTextSql("title"))}), 'A') || setweight(to_tsvector('swedish'::regconfig, ${sql.raw(searchableTextSql("body"))}), 'B')`,
    ),
  },
  (t) => [
    index("threads_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    index("threads_category_created_idx").on(t.categoryId, t.createdAt.desc().nullsFirst()),
    index("threads_author_created_idx").on(t.authorId, t.createdAt.desc().nullsFirst()),
    index("threads_search_idx").using("gin", t.searchVector),
    index("threads_last_activity_idx").on(t.lastActivityAt.desc(), t.id.desc()),
    index("threads_category_last_activity_idx").on(t.categoryId, t.lastActivityAt.desc(), t.id.desc()),
    index("threads_pinned_idx").on(t.pinnedAt).where(sql`${t.pinnedAt} IS NOT NULL`),
    check("threads_slow_mode_minutes", sql`${t.slowModeMinutes} IS NULL OR ${t.slowModeMinutes} IN (${sql.raw(SLOW_MODE_MINUTES.join(", "))})`),
    // Also on threads, declared only in its migration (INCLUDE): `threads_author_created_id_idx`
    // (0017) and `threads_sitemap_idx` (created_at, id) INCLUDE (category_id, edited_at, last_comment_at), the
    // sitemaps' keyset order (0023).
    check(
      "threads_counters_nonnegative",
      sql`${t.commentsCount} >= 0 AND ${t.reactionsCount} >= 0`,
    ),
    check("threads_title_length", sql`char_length(btrim(${t.title})) BETWEEN 1 AND ${sql.raw(String(LIMITS.title))}`),
    check("threads_body_length", sql`char_length(btrim(${t.body})) BETWEEN 1 AND ${sql.raw(String(LIMITS.body))}`),
  ],
);

/** Comment or reply (parent_id set) on a thread; replies nest one level (SPEC §3 comments). */
export const comments = pgTable(
  "comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): any => comments.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => profiles.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    /** `body` cooked to sanitised HTML at write time (server/content/cook.ts). */
    bodyHtml: text("body_html").notNull().default(""),
    createdAt: createdAt(),
    /** When the last kept edit happened ('redigerad'); null when never, or only within the grace period. */
    editedAt: timestamp("edited_at", { withTimezone: true }),
    repliesCount: counter("replies_count"),
    reactionsCount: counter("reactions_count"),
    /**
     * Swedish full-text document of the body without its @mentions, weight B (migrations
     * 0007_search.sql and 0025_search_without_mentions.sql, server/search/document.ts, docs/search.md).
     */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('swedish'::regconfig, ${sql.raw(searchableTextSql("body"))}), 'B')`,
    ),
  },
  (t) => [
    index("comments_thread_created_idx").on(t.threadId, t.createdAt),
    index("comments_parent_created_idx").on(t.parentId, t.createdAt),
    index("comments_author_created_idx").on(t.authorId, t.createdAt.desc().nullsFirst()),
    index("comments_search_idx").using("gin", t.searchVector),
    check(
      "comments_counters_nonnegative",
      sql`${t.repliesCount} >= 0 AND ${t.reactionsCount} >= 0`,
    ),
    check("comments_body_length", sql`char_length(btrim(${t.body})) BETWEEN 1 AND ${sql.raw(String(LIMITS.comment))}`),
  ],
);

/**
 * One kept edit of a thread or comment: who edited, when, the text before and
 * after. A post target (`domain/post-target.ts`): `target_type` says which; `thread_id` is always
 * set and `comment_id` for a comment, both with ON DELETE CASCADE, so deleting a thread, a
 * comment or a reply deletes its revisions.
 */
export const postRevisions = pgTable(
  "post_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    targetType: text("target_type").notNull(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    /** The editor; null once their account is deleted (the nickname is then 'Okänd', decision 006). */
    editorId: text("editor_id").references(() => profiles.id, { onDelete: "set null" }),
    editorNickname: text("editor_nickname").notNull(),
    /** Thread title before and after (null for a comment). */
    oldTitle: text("old_title"),
    newTitle: text("new_title"),
    oldBody: text("old_body").notNull(),
    newBody: text("new_body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("post_revisions_thread_idx").on(t.threadId, t.createdAt),
    index("post_revisions_comment_idx").on(t.commentId, t.createdAt),
    index("post_revisions_editor_idx").on(t.editorId),
    check("post_revisions_target_type_check", sql`${t.targetType} IN ${sql.raw(sqlInList(TARGET_TYPES))}`),
    check("post_revisions_target_shape", sql`(${t.targetType} = 'comment') = (${t.commentId} IS NOT NULL)`),
  ],
);

/**
 * Companies listed on Nasdaq Stockholm (../shared/data/se_listed_companies.csv, FinanceDatabase,
 * MIT), loaded at start-up; the cashtag vocabulary.
 */
export const companies = pgTable(
  "companies",
  {
    /** Nasdaq Stockholm ticker, upper case, e.g. `VOLV-B`. */
    ticker: text("ticker").primaryKey(),
    name: text("name").notNull(),
    sector: text("sector"),
    industry: text("industry"),
    /** Company website from the data set, `http(s)://` only (ticker page link). */
    website: text("website"),
  },
  (t) => [
    index("companies_name_lower_idx").on(sql`lower(${t.name})`),
    /** Company search by similarity (pg_trgm, created by 0004_profiles_social_triggers.sql). */
    index("companies_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

/** A known $TICKER mentioned in a thread or comment (for the ticker page). */
export const postTickers = pgTable(
  "post_tickers",
  {
    ticker: text("ticker")
      .notNull()
      .references(() => companies.ticker, { onDelete: "cascade" }),
    targetType: text("target_type").notNull(),
    targetId: uuid("target_id").notNull(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    /** The post's author (trending counts distinct members, sentiment one vote per member); NULL once the account is gone. */
    authorId: text("author_id").references(() => profiles.id, { onDelete: "set null" }),
    /** The author's stated view of this ticker in this post ('Din syn'); NULL = none. */
    sentiment: text("sentiment"),
    /** The author's position disclosure for this ticker in this post ('Innehav'); NULL = not stated. */
    position: text("position"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "post_tickers_pkey", columns: [t.ticker, t.targetType, t.targetId] }),
    index("post_tickers_ticker_created_idx").on(t.ticker, t.createdAt.desc()),
    index("post_tickers_target_idx").on(t.targetType, t.targetId),
    /** Trending tickers scan the last 48 hours of mentions. */
    index("post_tickers_created_idx").on(t.createdAt.desc()),
    check("post_tickers_target_type_check", sql`${t.targetType} IN ${sql.raw(sqlInList(TARGET_TYPES))}`),
    check("post_tickers_sentiment_check", sql`${t.sentiment} IS NULL OR ${t.sentiment} IN ${sql.raw(sqlInList(AUTHOR_SENTIMENTS))}`),
    check("post_tickers_position_check", sql`${t.position} IS NULL OR ${t.position} IN ${sql.raw(sqlInList(POSITIONS))}`),
  ],
);

/** One user's reaction of one type on one thread or comment (SPEC §3 reactions). */
export const reactions = pgTable(
  "reactions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    targetType: text("target_type").notNull(),
    targetId: uuid("target_id").notNull(),
    reactionType: text("reaction_type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({
      name: "reactions_pkey",
      columns: [t.userId, t.targetType, t.targetId, t.reactionType],
    }),
    index("reactions_target_idx").on(t.targetType, t.targetId),
    index("reactions_created_at_idx").on(t.createdAt),
    check("reactions_target_type_check", sql`${t.targetType} IN ${sql.raw(sqlInList(TARGET_TYPES))}`),
    check(
      "reactions_reaction_type_check",
      sql`${t.reactionType} IN ${sql.raw(sqlInList(REACTION_TYPES))}`,
    ),
  ],
);

/** Follow edge: follower follows following (SPEC §3 user_follows); one per pair. */
export const userFollows = pgTable(
  "user_follows",
  {
    followerId: text("follower_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    followingId: text("following_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "user_follows_pkey", columns: [t.followerId, t.followingId] }),
    index("user_follows_following_idx").on(t.followingId),
    check("user_follows_not_self", sql`${t.followerId} <> ${t.followingId}`),
  ],
);

/**
 * A member's watched ticker (watchlist 'Bevakning'): one row per member and ticker.
 * At most `WATCHLIST_MAX` (domain/limits.ts) per member, counted inside the watch write under a
 * row lock on the member's profile (server/watchlist/commands.ts). Gone with the account or the
 * company (ON DELETE CASCADE).
 */
export const watchlistTickers = pgTable(
  "watchlist_tickers",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    ticker: text("ticker")
      .notNull()
      .references(() => companies.ticker, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "watchlist_tickers_pkey", columns: [t.userId, t.ticker] }),
    index("watchlist_tickers_ticker_idx").on(t.ticker),
  ],
);

/**
 * A member's muted member ('Dölj medlem'): one row per muter and muted member; nobody
 * mutes themselves (CHECK). Private: only the muter reads it (their account page, their lists and
 * notification filter). At most `MUTES_MAX` (domain/limits.ts) per member, counted inside the
 * mute write (server/mutes/commands.ts). Gone with either profile (ON DELETE CASCADE).
 */
export const memberMutes = pgTable(
  "member_mutes",
  {
    muterId: text("muter_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    mutedId: text("muted_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "member_mutes_pkey", columns: [t.muterId, t.mutedId] }),
    index("member_mutes_muted_idx").on(t.mutedId),
    check("member_mutes_not_self", sql`${t.muterId} <> ${t.mutedId}`),
  ],
);

/**
 * A member's saved thread or comment ('Spara'). A post target (`domain/post-target.ts`)
 * like `post_revisions`: `thread_id` is always set, `comment_id` for a comment, both with ON
 * DELETE CASCADE, so deleted content leaves the member's 'Sparade' list; gone with the member
 * too. One row per member and target (two partial unique indexes). At most `BOOKMARKS_MAX`
 * (domain/limits.ts) per member (server/bookmarks/commands.ts).
 */
export const bookmarks = pgTable(
  "bookmarks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    targetType: text("target_type").notNull(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bookmarks_thread_unique_idx").on(t.userId, t.threadId).where(sql`${t.commentId} IS NULL`),
    uniqueIndex("bookmarks_comment_unique_idx").on(t.userId, t.commentId).where(sql`${t.commentId} IS NOT NULL`),
    index("bookmarks_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("bookmarks_thread_idx").on(t.threadId),
    index("bookmarks_comment_idx").on(t.commentId),
    check("bookmarks_target_type_check", sql`${t.targetType} IN ${sql.raw(sqlInList(TARGET_TYPES))}`),
    check("bookmarks_target_shape", sql`(${t.targetType} = 'comment') = (${t.commentId} IS NOT NULL)`),
  ],
);

/** A blocked member (SPEC §3 blocked_users); one row per blocked user. */
export const blockedUsers = pgTable("blocked_users", {
  userId: text("user_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  blockedBy: text("blocked_by").references(() => profiles.id, { onDelete: "set null" }),
  reason: text("reason"),
  createdAt: createdAt(),
});

/** In-app notification (SPEC §3 notifications). */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => profiles.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    referenceId: uuid("reference_id"),
    title: text("title"),
    actorNickname: text("actor_nickname"),
    read: boolean("read").notNull().default(false),
    categoryId: uuid("category_id"),
    threadId: uuid("thread_id"),
    createdAt: createdAt(),
    /** Monotonic number: the SSE event id and the pg_notify range (migration 0008). */
    seq: bigint("seq", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    /**
     * How many comments a batched `thread_activity` row stands for ('Bevaka tråd');
     * 1 for every other type.
     */
    count: integer("count").notNull().default(1),
    /**
     * The watched ticker of a batched `ticker_mention` row ('Notiser': "watched ticker
     * mentioned"), upper case; null for every other type.
     */
    ticker: text("ticker"),
  },
  (t) => [
    uniqueIndex("notifications_seq_idx").on(t.seq),
    index("notifications_user_seq_idx").on(t.userId, t.seq),
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.seq.desc().nullsFirst()),
    index("notifications_user_unread_idx")
      .on(t.userId, t.createdAt.desc().nullsFirst(), t.seq.desc().nullsFirst())
      .where(sql`${t.read} = false`),
    check("notifications_type_check", sql`${t.type} IN ${sql.raw(sqlInList(NOTIFICATION_TYPES))}`),
    check("notifications_count_positive", sql`${t.count} >= 1`),
    /**
     * At most one unread `thread_activity` row per member and thread: the subscribers'
     * batch upsert targets it, so concurrent comments cannot create two unread rows.
     */
    uniqueIndex("notifications_thread_activity_unread_idx")
      .on(t.userId, t.threadId)
      .where(sql`${t.type} = 'thread_activity' AND ${t.read} = false`),
    /** At most one unread `private_message` row per member and conversation (`reference_id`), the batch's target. */
    uniqueIndex("notifications_private_message_unread_idx")
      .on(t.userId, t.referenceId)
      .where(sql`${t.type} = 'private_message' AND ${t.read} = false`),
    /** At most one unread `ticker_mention` row per member and ticker, the batch's target. */
    uniqueIndex("notifications_ticker_mention_unread_idx")
      .on(t.userId, t.ticker)
      .where(sql`${t.type} = 'ticker_mention' AND ${t.read} = false`),
  ],
);

/**
 * A member's subscription to a thread ('Bevaka tråd'): `subscribed = true` gets a
 * batched `thread_activity` notification per new comment; `subscribed = false` is an explicit
 * 'Sluta bevaka' that sticks (commenting again does not re-subscribe). Written automatically
 * when a member creates or comments in a thread (unless `notification_settings.auto_subscribe`
 * is off), and by the toggle on the thread page. Gone with the member or the thread.
 */
export const threadSubscriptions = pgTable(
  "thread_subscriptions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    subscribed: boolean("subscribed").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: "thread_subscriptions_pkey", columns: [t.userId, t.threadId] }),
    index("thread_subscriptions_thread_idx").on(t.threadId).where(sql`${t.subscribed}`),
  ],
);

/**
 * A pending subscriber batch of a new comment on a thread with many subscribers
 * ('Bevaka tråd'; server/subscriptions/fanout.ts): written in the comment's transaction, worked
 * off after commit in batches; `cursor` is the last subscriber id already done. `told_ids` are
 * the members the comment's own notifications reached (commenter, thread and parent authors,
 * the mentioned), left out of the batch.
 */
export const subscriptionFanouts = pgTable("subscription_fanouts", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  threadId: uuid("thread_id")
    .notNull()
    .references(() => threads.id, { onDelete: "cascade" }),
  commentId: uuid("comment_id")
    .notNull()
    .references(() => comments.id, { onDelete: "cascade" }),
  categoryId: uuid("category_id").notNull(),
  title: text("title").notNull(),
  actorId: text("actor_id").notNull(),
  actorNickname: text("actor_nickname").notNull(),
  toldIds: text("told_ids").array().notNull(),
  cursor: text("cursor").notNull().default(""),
  createdAt: createdAt(),
});

const channelColumn = (name: string, kind: NotificationKind) =>
  text(name).notNull().default(DEFAULT_NOTIFICATION_CHANNELS[kind]);

/**
 * A member's notification settings ('Notiser'); no row = the defaults
 * (`DEFAULT_NOTIFICATION_CHANNELS`). One channel level per kind (`NOTIFICATION_CHANNELS`: off,
 * forum, email, push), `email_enabled` ('Stäng av alla e-postnotiser' and the digest's one-click
 * opt-out set it false; nothing is mailed while false), `weekly_digest` ('Veckans hetaste trådar',
 * off by default) and `auto_subscribe` (subscribe to threads one creates or comments in).
 * docs/decisions/029-notification-settings.md.
 */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    autoSubscribe: boolean("auto_subscribe").notNull().default(true),
    followedThread: channelColumn("followed_thread", "followed_thread"),
    reply: channelColumn("reply", "reply"),
    watchedThread: channelColumn("watched_thread", "watched_thread"),
    mention: channelColumn("mention", "mention"),
    quote: channelColumn("quote", "quote"),
    watchedTicker: channelColumn("watched_ticker", "watched_ticker"),
    privateMessage: channelColumn("private_message", "private_message"),
    emailEnabled: boolean("email_enabled").notNull().default(true),
    weeklyDigest: boolean("weekly_digest").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...(
      [
        ["followed_thread", t.followedThread],
        ["reply", t.reply],
        ["watched_thread", t.watchedThread],
        ["mention", t.mention],
        ["quote", t.quote],
        ["watched_ticker", t.watchedTicker],
        ["private_message", t.privateMessage],
      ] as const
    ).map(([name, column]) =>
      check(`notification_settings_${name}_check`, sql`${column} IN ${sql.raw(sqlInList(NOTIFICATION_CHANNELS))}`),
    ),
  ],
);

/**
 * A member's e-mail digest cursor (server/digest/digest.ts,
 * docs/decisions/030-email-digest.md): when the last digest went out and the highest notification
 * `seq` it covered (later digests mail only rows above it), and when the last weekly summary
 * 'Veckans hetaste trådar' went out. A sender claims the row (`FOR UPDATE SKIP LOCKED`, due only
 * when `last_sent_at` is older than the interval) in the transaction that moves the cursor, so two
 * instances never mail the same window twice.
 */
export const notificationDigests = pgTable("notification_digests", {
  userId: text("user_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  /** Last digest sent; `-infinity` until the first. */
  lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().default(sql`'-infinity'`),
  /** Highest notification `seq` mailed so far (0 = none). */
  lastSeq: bigint("last_seq", { mode: "number" }).notNull().default(0),
  /** Last weekly summary sent; `-infinity` until the first. */
  weeklySentAt: timestamp("weekly_sent_at", { withTimezone: true }).notNull().default(sql`'-infinity'`),
});

/**
 * A pending follower fan-out of a new thread (migration 0008; server/notifications/fanout.ts):
 * written in the thread's transaction when the author has many followers, worked off after
 * commit in batches; `cursor` is the last follower id already notified.
 */
export const notificationFanouts = pgTable("notification_fanouts", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  actorId: text("actor_id")
    .notNull()
    .references(() => profiles.id, { onDelete: "cascade" }),
  actorNickname: text("actor_nickname").notNull(),
  threadId: uuid("thread_id")
    .notNull()
    .references(() => threads.id, { onDelete: "cascade" }),
  categoryId: uuid("category_id").notNull(),
  title: text("title").notNull(),
  cursor: text("cursor").notNull().default(""),
  createdAt: createdAt(),
});

/**
 * Activity log of SPEC §7 `log_user_activity` (p_user_id, p_date, p_hour): one row per member,
 * date and local hour, so logging is idempotent (migration 0008).
 */
export const userActivity = pgTable(
  "user_activity",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    activityDate: date("activity_date", { mode: "string" }).notNull(),
    activityHour: smallint("activity_hour").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "user_activity_pkey", columns: [t.userId, t.activityDate, t.activityHour] }),
    check("user_activity_hour_range", sql`${t.activityHour} >= 0 AND ${t.activityHour} <= 23`),
  ],
);

/** A member's report of a thread or comment (SPEC §3 reports), created with status open. */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    targetType: text("target_type").notNull(),
    targetId: uuid("target_id").notNull(),
    reason: text("reason").notNull(),
    details: text("details"),
    userId: text("user_id").references(() => profiles.id, { onDelete: "set null" }),
    status: text("status").notNull().default("open"),
    createdAt: createdAt(),
    /** Who closed the report in the queue (0009_moderation). */
    resolvedBy: text("resolved_by"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** How it was closed: dismissed, content_deleted or author_blocked. */
    resolution: text("resolution"),
  },
  (t) => [
    // 0009_moderation.sql declared the reference inline, so PostgreSQL named it.
    foreignKey({ name: "reports_resolved_by_fkey", columns: [t.resolvedBy], foreignColumns: [profiles.id] }).onDelete("set null"),
    index("reports_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst()),
    index("reports_target_idx").on(t.targetType, t.targetId),
    uniqueIndex("reports_one_open_per_member_idx")
      .on(t.userId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    check("reports_status_check", sql`${t.status} IN ${sql.raw(sqlInList(REPORT_STATUSES))}`),
    check(
      "reports_resolution_check",
      sql`${t.resolution} IS NULL OR ${t.resolution} IN ${sql.raw(sqlInList(REPORT_RESOLUTIONS))}`,
    ),
    check("reports_target_type_check", sql`${t.targetType} IN ${sql.raw(sqlInList(TARGET_TYPES))}`),
    check(
      "reports_reason_check",
      sql`${t.reason} IN ${sql.raw(sqlInList(REPORT_REASONS))}`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Trending (SPEC §2 Forum home tabs and Thread row badges, §3 derived fields, §7 Trending views)
// ---------------------------------------------------------------------------------------------

/**
 * The stored trending figures of a thread (docs/trending.md), one row per thread, created with
 * the thread by a trigger and removed with it (ON DELETE CASCADE). The custom migration
 * `0006_trending.sql` defines the functions, triggers and the spec's three views over it.
 *
 * `hot_score` is not stored: it is a pure function of the thread row (`forum_hot_score`), ordered
 * through an expression index on `threads`. `category_id` and `created_at` are copies of the
 * thread's (kept by a trigger) so the Trendar list is one index scan.
 */
export const threadTrending = pgTable(
  "thread_trending",
  {
    threadId: uuid("thread_id")
      .primaryKey()
      .references(() => threads.id, { onDelete: "cascade" }),
    /** Copy of `threads.category_id`. */
    categoryId: uuid("category_id").notNull(),
    /** Copy of `threads.created_at` (the Trendar tie-break). */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** Reactions on the thread and on its comments created in the last hour (SPEC §9 'Snabb'). */
    reactionsLast1h: integer("reactions_last_1h").notNull().default(0),
    /** Percentile (0..1, rounded down to 0.001) of hot_score among all threads; null until computed. */
    pctRank: real("pct_rank"),
  },
  (t) => [
    index("thread_trending_velocity_idx").on(
      t.reactionsLast1h.desc(),
      t.createdAt.desc(),
      t.threadId.desc(),
    ),
    index("thread_trending_category_velocity_idx").on(
      t.categoryId,
      t.reactionsLast1h.desc(),
      t.createdAt.desc(),
      t.threadId.desc(),
    ),
    check("thread_trending_velocity_nonnegative", sql`${t.reactionsLast1h} >= 0`),
    check("thread_trending_pct_rank_range", sql`${t.pctRank} >= 0 AND ${t.pctRank} <= 1`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Moderation and administration (migration 0009_moderation.sql)
// ---------------------------------------------------------------------------------------------

/** Every moderation and admin action: who, what, when, why (visible to admins). */
export const moderationLog = pgTable(
  "moderation_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id"),
    /** The actor's nickname at the time; 'Okänd' once the actor's account is deleted (decision 006). */
    actorNickname: text("actor_nickname").notNull(),
    action: text("action").notNull(),
    /** thread, comment, user or message. */
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    /** A readable label of the target at the time (title, nickname, subject). */
    targetLabel: text("target_label"),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    // 0009_moderation.sql declared the reference inline, so PostgreSQL named it.
    foreignKey({ name: "moderation_log_actor_id_fkey", columns: [t.actorId], foreignColumns: [profiles.id] }).onDelete("set null"),
    index("moderation_log_created_idx").on(t.createdAt.desc().nullsFirst()),
    check(
      "moderation_log_action_check",
      sql`${t.action} IN ${sql.raw(sqlInList(MODERATION_ACTIONS))}`,
    ),
  ],
);

/** A bulk e-mail from an admin (SPEC §3 Admin message payload), sent by the durable queue. */
export const adminMailJobs = pgTable(
  "admin_mail_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdBy: text("created_by"),
    subject: text("subject").notNull(),
    headline: text("headline").notNull(),
    /** Sanitised HTML (server/admin/messages.ts). */
    contentHtml: text("content_html").notNull(),
    buttonLabel: text("button_label"),
    buttonUrl: text("button_url"),
    sendToAll: boolean("send_to_all").notNull().default(false),
    /** Number of recipient rows. */
    total: integer("total").notNull(),
    status: text("status").notNull().default("sending"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    // 0009_moderation.sql declared the reference inline, so PostgreSQL named it.
    foreignKey({ name: "admin_mail_jobs_created_by_fkey", columns: [t.createdBy], foreignColumns: [profiles.id] }).onDelete("set null"),
    check("admin_mail_jobs_status_check", sql`${t.status} IN ${sql.raw(sqlInList(MAIL_JOB_STATUSES))}`),
  ],
);

/** One recipient of a bulk e-mail; the primary key makes one message per (job, address). */
export const adminMailRecipients = pgTable(
  "admin_mail_recipients",
  {
    jobId: uuid("job_id").notNull(),
    /** Lower-cased address. */
    email: text("email").notNull(),
    /** The member with that address when there is one (for the opt-out link). */
    userId: text("user_id"),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: "admin_mail_recipients_pkey", columns: [t.jobId, t.email] }),
    // 0009_moderation.sql declared the reference inline, so PostgreSQL named it.
    foreignKey({ name: "admin_mail_recipients_job_id_fkey", columns: [t.jobId], foreignColumns: [adminMailJobs.id] }).onDelete("cascade"),
    index("admin_mail_recipients_pending_idx")
      .on(t.jobId, t.email)
      .where(sql`${t.status} = 'pending'`),
    check("admin_mail_recipients_status_check", sql`${t.status} IN ${sql.raw(sqlInList(MAIL_RECIPIENT_STATUSES))}`),
  ],
);

/**
 * Idempotent posting (migration 0010): the hidden key of a submitted thread or
 * comment form, claimed before the post is written and then pointed at it, so a double submit
 * lands on the same post (server/forum/submissions.ts).
 */
export const postSubmissions = pgTable(
  "post_submissions",
  {
    userId: text("user_id").notNull(),
    key: text("key").notNull(),
    threadId: uuid("thread_id"),
    commentId: uuid("comment_id"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "post_submissions_pk", columns: [t.userId, t.key] }),
    // 0010_limits.sql declared the references inline, so PostgreSQL named them.
    foreignKey({ name: "post_submissions_user_id_fkey", columns: [t.userId], foreignColumns: [user.id] }).onDelete("cascade"),
    foreignKey({ name: "post_submissions_thread_id_fkey", columns: [t.threadId], foreignColumns: [threads.id] }).onDelete("cascade"),
    foreignKey({ name: "post_submissions_comment_id_fkey", columns: [t.commentId], foreignColumns: [comments.id] }).onDelete("cascade"),
    index("post_submissions_created_idx").on(t.createdAt),
  ],
);

/**
 * Images uploaded for posts (chart screenshots; server/uploads/post-images.ts): one row
 * per stored file, written when the upload is stored, deleted with the file by the orphan sweep
 * once no live thread or comment body refers to it and the grace period has passed. The owner
 * becomes null when the account is deleted (the image may still be in their kept posts).
 */
export const postImages = pgTable(
  "post_images",
  {
    /** Storage key, `posts/<random>-<w>x<h>.webp` (domain/uploads.ts `POST_IMAGE_KEY_PATTERN`). */
    key: text("key").primaryKey(),
    ownerId: text("owner_id").references(() => profiles.id, { onDelete: "set null" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Size of the stored WebP in bytes. */
    bytes: integer("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("post_images_created_idx").on(t.createdAt),
    index("post_images_owner_created_idx").on(t.ownerId, t.createdAt.desc().nullsFirst()),
    check("post_images_size_positive", sql`${t.width} > 0 AND ${t.height} > 0 AND ${t.bytes} > 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Web Push (server/push/*, docs/decisions/031-web-push.md)
// ---------------------------------------------------------------------------------------------

/**
 * The forum's VAPID key pair when `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY` are unset: generated once
 * by the first instance (`INSERT … ON CONFLICT DO NOTHING`, then read back), so every instance on
 * the database signs with the same pair. One row, `id = 1`. Keys are base64url (web-push's format).
 */
export const pushVapidKeys = pgTable(
  "push_vapid_keys",
  {
    id: smallint("id").primaryKey().default(1),
    publicKey: text("public_key").notNull(),
    privateKey: text("private_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("push_vapid_keys_one_row", sql`${t.id} = 1`)],
);

/**
 * One browser push subscription per device ('Aktivera pushnotiser på den här enheten'):
 * the push service's `endpoint` (unique: a device belongs to the member who subscribed last) and
 * the browser's encryption keys `p256dh` (P-256 public key) and `auth` (16-byte secret), both
 * base64url. Cascades with the member; deleted when the push service answers 404/410.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
    /** The last push the push service accepted; null before the first. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint), index("push_subscriptions_user_idx").on(t.userId)],
);

/**
 * The exactly-once claim of a push: one row per device and notification `seq` (a
 * bumped batch row has a new `seq`, so each bump is pushed once). A sender inserts the rows it
 * will send (`ON CONFLICT DO NOTHING RETURNING`: only one sender gets a row), sets `sent_at`
 * when the push service accepted it, and clears `claimed_at` after a failure so the retry (pg-boss
 * back-off) or the sweep claims it again; a claim older than 2 minutes (a crashed sender) is
 * claimed again too. Rows older than a day are deleted by the sweep.
 */
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    seq: bigint("seq", { mode: "number" }).notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.seq] }),
    index("push_deliveries_seq_idx").on(t.seq),
    index("push_deliveries_created_idx").on(t.createdAt),
  ],
);

/**
 * Where a member has read a thread to: every comment created up to `last_read_at` has been on
 * their screen, or is older than a 'Markera alla som lästa' (server/unread/). No row: never opened.
 */
export const threadReads = pgTable(
  "thread_reads",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.threadId] }), index("thread_reads_thread_idx").on(t.threadId)],
);

/** 'Markera alla som lästa' in one category: everything in it up to `read_at` is read. */
export const categoryReads = pgTable(
  "category_reads",
  {
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.categoryId] })],
);

/** A merged thread's old id: its URLs redirect to the thread it was merged into ('Slå ihop'). */
export const threadRedirects = pgTable(
  "thread_redirects",
  {
    fromThreadId: uuid("from_thread_id").primaryKey(),
    toThreadId: uuid("to_thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("thread_redirects_to_idx").on(t.toThreadId)],
);

/** 'Omröstning': a thread's poll, single or multiple choice, open until `closes_at` (null: never closes). */
export const polls = pgTable("polls", {
  threadId: uuid("thread_id")
    .primaryKey()
    .references(() => threads.id, { onDelete: "cascade" }),
  multipleChoice: boolean("multiple_choice").notNull().default(false),
  closesAt: timestamp("closes_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/** One option of a poll (2–10, in `position` order). */
export const pollOptions = pgTable(
  "poll_options",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => polls.threadId, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    label: text("label").notNull(),
  },
  (t) => [
    uniqueIndex("poll_options_thread_position_idx").on(t.threadId, t.position),
    check("poll_options_label_length", sql`char_length(btrim(${t.label})) BETWEEN 1 AND 100`),
    check("poll_options_position_range", sql`${t.position} BETWEEN 0 AND 9`),
  ],
);

/** A member's vote for one option (several rows for a multiple-choice poll). */
export const pollVotes = pgTable(
  "poll_votes",
  {
    optionId: uuid("option_id")
      .notNull()
      .references(() => pollOptions.id, { onDelete: "cascade" }),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => polls.threadId, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.optionId, t.userId] }), index("poll_votes_thread_user_idx").on(t.threadId, t.userId), index("poll_votes_user_idx").on(t.userId)],
);

// ---------------------------------------------------------------------------------------------
// Private messages ('Inkorg', docs/decisions/055-private-messages.md)
// ---------------------------------------------------------------------------------------------

/**
 * A private conversation, one to one or a group of up to 10 members. `pair_key` ("<id>:<id>",
 * the lower id first) makes one one-to-one conversation per pair (null for groups, and cleared
 * when either member is deleted). `message_count` is the `seq` of its latest message.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    isGroup: boolean("is_group").notNull().default(false),
    pairKey: text("pair_key"),
    messageCount: counter("message_count"),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("conversations_pair_key_idx").on(t.pairKey), check("conversations_message_count_nonnegative", sql`${t.messageCount} >= 0`)],
);

/**
 * A member of a conversation and their state in it: `unread_count` messages they have not read
 * (the inbox's marks and the header's badge count rows above 0), `read_seq` the latest they have
 * read, `hidden` (hidden from their inbox until the next message), `left_at` (left the group:
 * they no longer see it). `last_message_at` is the conversation's, copied so a member's inbox is
 * one index scan.
 */
export const conversationMembers = pgTable(
  "conversation_members",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    unreadCount: counter("unread_count"),
    readSeq: counter("read_seq"),
    hidden: boolean("hidden").notNull().default(false),
    leftAt: timestamp("left_at", { withTimezone: true }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "conversation_members_pkey", columns: [t.conversationId, t.userId] }),
    index("conversation_members_inbox_idx")
      .on(t.userId, t.lastMessageAt.desc(), t.conversationId)
      .where(sql`${t.leftAt} IS NULL AND NOT ${t.hidden}`),
    index("conversation_members_unread_idx").on(t.userId).where(sql`${t.unreadCount} > 0 AND ${t.leftAt} IS NULL`),
    check("conversation_members_counts_nonnegative", sql`${t.unreadCount} >= 0 AND ${t.readSeq} >= 0`),
  ],
);

/**
 * One message. `seq` numbers a conversation's messages from 1. A deleted message keeps its row
 * with empty text ('Meddelandet har tagits bort'); a deleted account's messages lose their text
 * and author ('Okänd'). `held`: links from an account younger than a day, shown to others once a
 * moderator or another participant's reply releases it. `same_text` is the normalised text's
 * md5, for the same-text-to-many rule.
 */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    authorId: text("author_id").references(() => profiles.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    bodyHtml: text("body_html").notNull(),
    sameText: text("same_text").notNull().default(""),
    held: boolean("held").notNull().default(false),
    createdAt: createdAt(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("messages_conversation_seq_idx").on(t.conversationId, t.seq),
    // The same-text rule's lookup (a sender's recent messages with one text) and the author's
    // messages in a data export or deletion.
    index("messages_author_same_text_idx").on(t.authorId, t.sameText, t.createdAt),
    index("messages_held_idx").on(t.createdAt).where(sql`${t.held}`),
    check("messages_seq_positive", sql`${t.seq} >= 1`),
    check("messages_body_length", sql`char_length(${t.body}) <= ${sql.raw(String(LIMITS.message))}`),
  ],
);

/**
 * A participant's report of a message ('Anmäl'): the only way staff see a private message (with
 * the 5 before it). Open until a moderator dismisses it or deletes the message.
 */
export const messageReports = pgTable(
  "message_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => profiles.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    details: text("details"),
    status: text("status").notNull().default("open"),
    createdAt: createdAt(),
    resolvedBy: text("resolved_by").references(() => profiles.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolution: text("resolution"),
  },
  (t) => [
    index("message_reports_status_created_idx").on(t.status, t.createdAt.desc()),
    uniqueIndex("message_reports_one_open_per_member_idx").on(t.userId, t.messageId).where(sql`${t.status} = 'open'`),
    check("message_reports_status_check", sql`${t.status} IN ${sql.raw(sqlInList(REPORT_STATUSES))}`),
    check("message_reports_reason_check", sql`${t.reason} IN ${sql.raw(sqlInList(REPORT_REASONS))}`),
    check(
      "message_reports_resolution_check",
      sql`${t.resolution} IS NULL OR ${t.resolution} IN ${sql.raw(sqlInList(REPORT_RESOLUTIONS))}`,
    ),
  ],
);
