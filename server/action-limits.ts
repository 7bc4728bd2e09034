/**
 * Abuse limits per action beyond the auth ones (issue "Hardening"): new threads, comments and
 * replies, reactions, reports, follows, uploads, searches and the @mention picker, per member and
 * per IP, with stricter limits for accounts younger than a day. Counted in the database
 * (`abuse_limits`, rate-limiter-flexible's Drizzle store, like `server/limits.ts`), so every
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
import { abuseLimits as al } from "../domain/i18n/sv";
import type { Db } from "./db/client";
import { abuseLimits, user } from "./db/schema";
import { RateLimitedError } from "./errors";
import { IDENTICAL_TEXT_WINDOW_S } from "./forum/submissions";

/** An action with limits of its own. */
export type LimitedAction = "thread" | "comment" | "reaction" | "report" | "follow" | "upload" | "search" | "mention";

/**
 * Whose requests a rule counts: `member` every logged-in member by id, `newMember` members whose
 * account is younger than {@link NEW_ACCOUNT_MS}, `ip` every request by client IP, `visitorIp`
 * requests without a session by client IP.
 */
export type LimitScope = "member" | "newMember" | "ip" | "visitorIp";

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
 * (`max_flags_per_day`); searches 30 a minute for a member and 15 for a visitor
 * (`rate_limit_search_user`, `rate_limit_search_anon_user`). The rest are our choice
 * (docs/decisions/014-abuse-limits.md).
 */
export const ACTION_LIMITS: Record<LimitedAction, ActionRule[]> = {
  thread: [
    { name: "threadInterval", scope: "member", points: 1, duration: 15, message: al.threadInterval },
    { name: "threadFirstDay", scope: "newMember", points: 3, duration: DAY, message: al.threadFirstDay },
    { name: "threadDay", scope: "member", points: 20, duration: DAY, message: al.threadPerDay },
    { name: "threadIp", scope: "ip", points: 30, duration: 3600, message: al.fromYourAddress },
  ],
  comment: [
    { name: "commentInterval", scope: "member", points: 1, duration: 5, message: al.commentInterval },
    { name: "commentFirstDay", scope: "newMember", points: 10, duration: DAY, message: al.commentFirstDay },
    { name: "commentDay", scope: "member", points: 300, duration: DAY, message: al.commentPerDay },
    { name: "commentIp", scope: "ip", points: 300, duration: 3600, message: al.fromYourAddress },
  ],
  reaction: [
    { name: "reactionMember", scope: "member", points: 60, duration: 60, message: al.reaction },
    { name: "reactionIp", scope: "ip", points: 300, duration: 60, message: al.reaction },
  ],
  report: [
    { name: "reportMember", scope: "member", points: 20, duration: DAY, message: al.report },
    { name: "reportFirstDay", scope: "newMember", points: 5, duration: DAY, message: al.report },
    { name: "reportIp", scope: "ip", points: 60, duration: 3600, message: al.report },
  ],
  follow: [
    { name: "followMember", scope: "member", points: 30, duration: 60, message: al.follow },
    { name: "followIp", scope: "ip", points: 120, duration: 60, message: al.follow },
  ],
  upload: [
    { name: "uploadMember", scope: "member", points: 10, duration: 600, message: al.upload },
    { name: "uploadIp", scope: "ip", points: 30, duration: 600, message: al.upload },
  ],
  search: [
    { name: "searchMember", scope: "member", points: 30, duration: 60, message: al.search },
    { name: "searchVisitorIp", scope: "visitorIp", points: 15, duration: 60, message: al.search },
    { name: "searchIp", scope: "ip", points: 150, duration: 60, message: al.search },
  ],
  mention: [
    { name: "mentionMember", scope: "member", points: 60, duration: 60, message: al.mention },
    { name: "mentionVisitorIp", scope: "visitorIp", points: 30, duration: 60, message: al.mention },
    { name: "mentionIp", scope: "ip", points: 300, duration: 60, message: al.mention },
  ],
};

/** Who is acting: the member's id (or `null` for a visitor) and the client IP. */
export interface LimitSubject {
  userId: string | null;
  ip: string;
}

/** The per-action limits of one server instance, backed by the shared table. */
export interface ActionLimits {
  /**
   * Counts one request of `action` against every rule that applies to the subject.
   *
   * @param action what is being done
   * @param subject member id (or null) and client IP
   * @throws {RateLimitedError} 429 when any rule is over: the message of the rule with the
   *   longest wait and `retryAfterS` in seconds. A database failure while counting lets the
   *   request through and is logged (an outage of the counter must not stop the forum).
   */
  enforce(action: LimitedAction, subject: LimitSubject): Promise<void>;
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
  let first = true;
  const limiter = (rule: ActionRule) => {
    let l = limiters.get(rule.name);
    if (!l) {
      l = new RateLimiterDrizzle({
        storeClient: db,
        schema: abuseLimits,
        keyPrefix: `act_${rule.name}`,
        points: rule.points * multiplier,
        duration: rule.duration,
        // One limiter sweeps expired rows (of the whole table) hourly, as in server/limits.ts:
        // an instance that never sees a sign-in still cleans up.
        clearExpiredByTimeout: first,
      });
      first = false;
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
    async enforce(action, subject) {
      const applying: Array<[ActionRule, string]> = [];
      let young: boolean | undefined;
      for (const rule of rules[action]) {
        if (rule.scope === "ip") applying.push([rule, subject.ip]);
        else if (rule.scope === "visitorIp") {
          if (!subject.userId) applying.push([rule, subject.ip]);
        } else if (subject.userId) {
          if (rule.scope === "newMember") {
            young ??= await isNewAccount(subject.userId).catch(() => false);
            if (!young) continue;
          }
          applying.push([rule, subject.userId]);
        }
      }
      let worst: { rule: ActionRule; wait: number } | null = null;
      for (const [rule, key] of applying) {
        try {
          await limiter(rule).consume(key);
        } catch (error) {
          if (error instanceof RateLimiterRes) {
            const wait = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
            if (!worst || wait > worst.wait) worst = { rule, wait };
          } else console.error(`[limits] ${rule.name}:`, (error as Error).message);
        }
      }
      if (worst) throw new RateLimitedError(worst.rule.message(worst.wait), worst.wait, al.title);
    },
  };
}
