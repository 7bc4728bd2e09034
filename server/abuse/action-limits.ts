/**
 * Abuse limits per action beyond the auth ones: new threads,
 * comments and replies, reactions, poll votes, reports, follows, uploads and avatar removal, searches, the
 * @mention picker, bio, preview, activity pings, notifications marked read and the mail opt-out —
 * per member, with stricter limits for accounts younger than a day; per address for visitors,
 * and for members only a ceiling high enough for a shared (CGNAT) address. Every rule is checked
 * before any point is spent; moderators and admins are exempt. Counted in the database
 * (`abuse_limits`, rate-limiter-flexible's Drizzle store, like `server/accounts/sign-in-lockout.ts`), so every
 * instance on one database shares them. A refusal is a {@link RateLimitedError}: HTTP 429, a
 * Swedish message saying when to try again, and `Retry-After`.
 *
 * Every number, and where it comes from, is in README "Abuse limits" and
 * docs/decisions/014-abuse-limits.md.
 *
 * @module
 */
import { eq } from "drizzle-orm";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { abuseLimits as al, inbox as ib, polls as pl } from "../../domain/i18n/sv";
import { isStaffRole, type Role } from "../../domain/roles";
import type { Db } from "../db/client";
import { abuseLimits, user } from "../db/schema";
import { RateLimitedError } from "../platform/errors";
import { IDENTICAL_TEXT_WINDOW_S } from "../forum/submissions";
import { ipLimitKey } from "../http/client-ip";

/** An action with limits of its own. */
export type LimitedAction =
  | "thread"
  | "comment"
  | "edit"
  | "reaction"
  | "report"
  | "follow"
  | "conversation"
  | "message"
  | "vote"
  | "upload"
  | "search"
  | "mention"
  | "bio"
  | "preview"
  | "presence"
  | "read"
  | "notifications"
  | "unsubscribe"
  | "theme"
  | "logout";

/**
 * Whose requests a rule counts: `member` every logged-in member by id, `newMember` members whose
 * account is younger than {@link NEW_ACCOUNT_MS}, `visitorIp` requests without a session by
 * client address, `memberIp` requests with a session by client address — a ceiling high enough
 * for the many members one mobile operator puts behind one IPv4 address (docs/decisions/014).
 * Addresses are keyed by {@link ipLimitKey} (an IPv6 client by its /64).
 */
export type LimitScope = "member" | "newMember" | "visitorIp" | "memberIp";

/** One limit: at most `points` requests per `duration` seconds for one key of its scope. */
export interface ActionRule {
  /** Unique name; prefix of the keys in `abuse_limits`. */
  name: string;
  scope: LimitScope;
  points: number;
  /** Window (s). */
  duration: number;
  /** The Swedish refusal, given the wait in seconds (catalogue group `abuseLimits`). */
  message: (seconds: number) => string;
}

/** An account is "new" for its first 24 hours (Discourse's first-day limits). */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

const DAY = 24 * 60 * 60;

/**
 * Every per-action limit (README "Abuse limits"). Threads and comments follow Discourse's
 * defaults: 15 s between topics (`rate_limit_create_topic`), 5 s between posts
 * (`rate_limit_create_post`), 20 topics a day (`max_topics_per_day`), 3 topics and 10 replies in
 * the first day (`max_topics_in_first_day`, `max_replies_in_first_day`); reports 20 a day
 * (`max_flags_per_day`); edits 30 a day (`max_edits_per_day`); searches 30 a minute for a member and 15 for a visitor
 * (`rate_limit_search_user`, `rate_limit_search_anon_user`). The per-address ceilings for members
 * (`memberIp`) are ten times the old per-address numbers, so one CGNAT address shared by many
 * subscribers does not lock its members out. The rest are our choice
 * (docs/decisions/014-abuse-limits.md).
 */
export const ACTION_LIMITS: Record<LimitedAction, ActionRule[]> = {
  thread: [
    { name: "threadInterval", scope: "member", points: 1, duration: 15, message: al.threadInterval },
    { name: "threadFirstDay", scope: "newMember", points: 3, duration: DAY, message: al.threadFirstDay },
    { name: "threadDay", scope: "member", points: 20, duration: DAY, message: al.threadPerDay },
    { name: "threadIp", scope: "memberIp", points: 300, duration: 3600, message: al.fromYourAddress },
  ],
  comment: [
    { name: "commentInterval", scope: "member", points: 1, duration: 5, message: al.commentInterval },
    { name: "commentFirstDay", scope: "newMember", points: 10, duration: DAY, message: al.commentFirstDay },
    { name: "commentDay", scope: "member", points: 300, duration: DAY, message: al.commentPerDay },
    { name: "commentIp", scope: "memberIp", points: 3000, duration: 3600, message: al.fromYourAddress },
  ],
  edit: [
    { name: "editMember", scope: "member", points: 10, duration: 60, message: al.edit },
    { name: "editDay", scope: "member", points: 30, duration: DAY, message: al.editPerDay },
    { name: "editIp", scope: "memberIp", points: 600, duration: 3600, message: al.edit },
  ],
  reaction: [
    { name: "reactionMember", scope: "member", points: 60, duration: 60, message: al.reaction },
    { name: "reactionIp", scope: "memberIp", points: 3000, duration: 60, message: al.reaction },
  ],
  report: [
    { name: "reportMember", scope: "member", points: 20, duration: DAY, message: al.report },
    { name: "reportFirstDay", scope: "newMember", points: 5, duration: DAY, message: al.report },
    { name: "reportIp", scope: "memberIp", points: 600, duration: 3600, message: al.report },
  ],
  follow: [
    { name: "followMember", scope: "member", points: 30, duration: 60, message: al.follow },
    { name: "followIp", scope: "memberIp", points: 1200, duration: 60, message: al.follow },
  ],
  // 'Inkorg': a new conversation counts both (its first message is a message). Scams start in
  // private messages: a new account starts 3 conversations on its first day (Discourse lets a
  // new user message 0 until trust level 1), anyone 10 an hour; 60 messages an hour keep a lively
  // conversation going and stop a bot (docs/decisions/014-abuse-limits.md).
  conversation: [
    { name: "conversationFirstDay", scope: "newMember", points: 3, duration: DAY, message: ib.newAccountConversations },
    { name: "conversationHour", scope: "member", points: 10, duration: 3600, message: ib.tooManyConversations },
    { name: "conversationIp", scope: "memberIp", points: 300, duration: 3600, message: al.fromYourAddress },
  ],
  message: [
    { name: "messageHour", scope: "member", points: 60, duration: 3600, message: ib.tooManyMessages },
    { name: "messageFirstDay", scope: "newMember", points: 30, duration: DAY, message: ib.tooManyMessages },
    { name: "messageIp", scope: "memberIp", points: 3000, duration: 3600, message: al.fromYourAddress },
  ],
  // 'Omröstning': a member votes and changes their vote a few times at most; each vote makes the
  // pages of voters who see the counts reload theirs.
  vote: [
    { name: "voteMember", scope: "member", points: 30, duration: 60, message: pl.tooOften },
    { name: "voteIp", scope: "memberIp", points: 1500, duration: 60, message: pl.tooOften },
  ],
  upload: [
    { name: "uploadMember", scope: "member", points: 10, duration: 600, message: al.upload },
    { name: "uploadIp", scope: "memberIp", points: 300, duration: 600, message: al.upload },
  ],
  search: [
    { name: "searchMember", scope: "member", points: 30, duration: 60, message: al.search },
    { name: "searchVisitorIp", scope: "visitorIp", points: 15, duration: 60, message: al.search },
    { name: "searchIp", scope: "memberIp", points: 1500, duration: 60, message: al.search },
  ],
  mention: [
    { name: "mentionMember", scope: "member", points: 60, duration: 60, message: al.mention },
    { name: "mentionVisitorIp", scope: "visitorIp", points: 30, duration: 60, message: al.mention },
    { name: "mentionIp", scope: "memberIp", points: 3000, duration: 60, message: al.mention },
  ],
  bio: [
    { name: "bioMember", scope: "member", points: 10, duration: 60, message: al.tooOften },
    { name: "bioIp", scope: "memberIp", points: 600, duration: 60, message: al.tooOften },
  ],
  preview: [
    { name: "previewMember", scope: "member", points: 60, duration: 60, message: al.tooOften },
    { name: "previewIp", scope: "memberIp", points: 3000, duration: 60, message: al.tooOften },
  ],
  presence: [
    { name: "presenceMember", scope: "member", points: 10, duration: 60, message: al.tooOften },
    { name: "presenceIp", scope: "memberIp", points: 3000, duration: 60, message: al.tooOften },
  ],
  // Read marks: the thread page reports what was on screen every few seconds while scrolling.
  read: [
    { name: "readMember", scope: "member", points: 120, duration: 60, message: al.tooOften },
    { name: "readIp", scope: "memberIp", points: 6000, duration: 60, message: al.tooOften },
  ],
  notifications: [
    { name: "notificationsMember", scope: "member", points: 60, duration: 60, message: al.tooOften },
    { name: "notificationsIp", scope: "memberIp", points: 3000, duration: 60, message: al.tooOften },
  ],
  unsubscribe: [{ name: "unsubscribeIp", scope: "visitorIp", points: 10, duration: 60, message: al.tooOften }],
  // Endpoints a visitor can POST to that write nothing shared still cost a request each: a
  // person changes the theme or logs out a few times a minute at most.
  theme: [
    { name: "themeVisitorIp", scope: "visitorIp", points: 30, duration: 60, message: al.tooOften },
    { name: "themeMember", scope: "member", points: 30, duration: 60, message: al.tooOften },
    { name: "themeIp", scope: "memberIp", points: 1500, duration: 60, message: al.tooOften },
  ],
  logout: [
    { name: "logoutVisitorIp", scope: "visitorIp", points: 30, duration: 60, message: al.tooOften },
    { name: "logoutIp", scope: "memberIp", points: 1500, duration: 60, message: al.tooOften },
  ],
};

/**
 * Whether a role is exempt from the per-action limits: moderators and admins are (Discourse
 * exempts staff from its rate limits), so the first admin of a fresh forum can post its welcome
 * threads at once. The one place that decides it.
 *
 * @param role the actor's effective role, or undefined when unknown (not exempt)
 */
export function exemptFromActionLimits(role: Role | undefined): boolean {
  return role !== undefined && isStaffRole(role);
}

/** Who is acting: the member's id (or `null` for a visitor) and the client IP. */
export interface LimitSubject {
  userId: string | null;
  ip: string;
  /** The member's effective role; moderators and admins are exempt ({@link exemptFromActionLimits}). */
  role?: Role;
  /** When the member's account was made (ms since the epoch), if known: else the first-day rules read it. */
  joinedAtMs?: number;
}

/** The per-action limits of one server instance, backed by the shared table. */
export interface ActionLimits {
  /**
   * Counts one request of each action against every rule that applies to the subject: every
   * rule is checked first, and points are consumed only when all allow, so a refused request
   * spends nothing (a refusal by the per-address ceiling does not eat a member's first-day
   * quota). Moderators and admins are not counted.
   *
   * @param actions what is being done (one action, or several counted together)
   * @param subject member id (or null), client IP and role
   * @throws {RateLimitedError} 429 when any rule is over: the message of the rule with the
   *   longest wait and `retryAfterS` in seconds. A database failure while counting lets the
   *   request through and is logged (an outage of the counter must not stop the forum).
   */
  enforce(actions: LimitedAction | LimitedAction[], subject: LimitSubject): Promise<void>;
  /**
   * Seconds for which identical post text by the same author is refused: 300 (Discourse's
   * `unique_posts_mins` = 5) divided by the multiplier, so raised limits in tests turn it off.
   */
  identicalTextWindowS: number;
}

/**
 * Creates the per-action limiters over the database.
 *
 * @param db database handle (PGlite or PostgreSQL)
 * @param options `multiplier`: factor on every rule's `points` (config `ACTION_LIMIT_MULTIPLIER`,
 *   default 1); `rules`: replacement table (default {@link ACTION_LIMITS})
 * @returns {@link ActionLimits}
 */
export function createActionLimits(
  db: Db,
  options: { multiplier?: number; rules?: Record<LimitedAction, ActionRule[]> } = {},
): ActionLimits {
  const multiplier = options.multiplier ?? 1;
  const rules = options.rules ?? ACTION_LIMITS;
  const limiters = new Map<string, RateLimiterDrizzle>();
  const limiter = (rule: ActionRule) => {
    let l = limiters.get(rule.name);
    if (!l) {
      l = new RateLimiterDrizzle({
        storeClient: db,
        schema: abuseLimits,
        keyPrefix: `act_${rule.name}`,
        points: rule.points * multiplier,
        duration: rule.duration,
        // Expired rows are deleted by the `limit-sweep` job (sweepExpiredLimits in
        // server/accounts/sign-in-lockout.ts), not by a timer per limiter.
        clearExpiredByTimeout: false,
      });
      limiters.set(rule.name, l);
    }
    return l;
  };

  async function isNewAccount(userId: string): Promise<boolean> {
    const [row] = await db.select({ createdAt: user.createdAt }).from(user).where(eq(user.id, userId)).limit(1);
    return row !== undefined && Date.now() - row.createdAt.getTime() < NEW_ACCOUNT_MS;
  }

  return {
    identicalTextWindowS: Math.floor(IDENTICAL_TEXT_WINDOW_S / multiplier),
    async enforce(actions, subject) {
      if (subject.userId && exemptFromActionLimits(subject.role)) return;
      const applying: Array<[ActionRule, string]> = [];
      let young: boolean | undefined;
      const ip = ipLimitKey(subject.ip);
      for (const action of Array.isArray(actions) ? actions : [actions]) {
        for (const rule of rules[action]) {
          if (rule.scope === "visitorIp") {
            if (!subject.userId) applying.push([rule, ip]);
          } else if (rule.scope === "memberIp") {
            if (subject.userId) applying.push([rule, ip]);
          } else if (subject.userId) {
            if (rule.scope === "newMember") {
              young ??=
                subject.joinedAtMs !== undefined ? Date.now() - subject.joinedAtMs < NEW_ACCOUNT_MS : await isNewAccount(subject.userId).catch(() => false);
              if (!young) continue;
            }
            applying.push([rule, subject.userId]);
          }
        }
      }
      const refuse = (rule: ActionRule, res: RateLimiterRes) => {
        const wait = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        return new RateLimitedError(rule.message(wait), wait, al.title);
      };
      const longest = (errors: RateLimitedError[]) => errors.reduce((a, b) => (b.retryAfterS > a.retryAfterS ? b : a));
      // Every rule spends its point side by side (one round trip); when any refuses, every point
      // this request took is given back, the refusing rule's too, so a refused write costs
      // nothing: a refusal by the per-address ceiling does not spend the member's first-day quota.
      const over: RateLimitedError[] = [];
      const taken: Array<[ActionRule, string]> = [];
      await Promise.all(
        applying.map(async ([rule, key]) => {
          try {
            await limiter(rule).consume(key);
            taken.push([rule, key]);
          } catch (error) {
            if (error instanceof RateLimiterRes) {
              over.push(refuse(rule, error));
              // consume() counted this request on the refusing rule too; take it back as well.
              taken.push([rule, key]);
            } else console.error(`[limits] ${rule.name}:`, (error as Error).message);
          }
        }),
      );
      if (over.length) {
        for (const [rule, key] of taken) await limiter(rule).reward(key).catch(() => undefined);
        throw longest(over);
      }
    },
  };
}

/**
 * For JSON endpoints: counts one request and gives the 429 answer when it is refused.
 *
 * @param limits the server's {@link ActionLimits}
 * @param action the action counted
 * @param subject member id (or null), client IP and role
 * @param extra fields added to the refusal's body (e.g. a toast `title`)
 * @returns null when allowed; else a `Response` 429 JSON `{ ok: false, error, ...extra }` with
 *   `Retry-After` and `Cache-Control: no-store`
 */
export async function refusedJson(
  limits: Pick<ActionLimits, "enforce">,
  action: LimitedAction,
  subject: LimitSubject,
  extra: Record<string, string> = {},
): Promise<Response | null> {
  try {
    await limits.enforce(action, subject);
    return null;
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    return Response.json(
      { ok: false, error: error.message, ...extra },
      { status: 429, headers: { "Cache-Control": "no-store", "Retry-After": String(error.retryAfterS) } },
    );
  }
}
