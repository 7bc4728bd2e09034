/**
 * Abuse limits on sign-in, sign-up, magic link, password reset and verification resend, per IP
 * and per e-mail, kept in the database (`abuse_limits`) with rate-limiter-flexible's Drizzle
 * store, so they hold across instances (README "Abuse limits").
 *
 * Numbers (README "Abuse limits"): 10 requests per minute per IP on each auth action, as GitLab
 * throttles its auth paths; 5 per 30 minutes per e-mail for magic links, resets and resends, as
 * Mastodon does for password resets; 5 failed sign-ins for an e-mail from one address (an IPv6
 * client by its /64) in 15 minutes lock that address out of that e-mail for 15 minutes, while
 * sign-ins for the e-mail from elsewhere are only slowed down (a growing delay, at most 10 s), so
 * an attacker cannot keep a member — or the admin — out. 5 wrong current
 * passwords on `/auth/set-password` lock the member's password check for 15 minutes. Counting
 * per e-mail happens whether or not an account exists, so the answers reveal nothing.
 *
 * @module
 */
import { lt } from "drizzle-orm";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "../db/client";
import { ipLimitKey } from "../http/client-ip";
import { abuseLimits } from "../db/schema";

/** A limit: `points` requests per `duration` seconds; `blockDuration` s of lock once exceeded. */
export interface LimitRule {
  points: number;
  /** Window length (s). */
  duration: number;
  /** How long (s) a key stays refused after going over (default: until the window ends). */
  blockDuration?: number;
}

/** How long (ms) a counter row stays after it expired before {@link sweepExpiredLimits} deletes it (rate-limiter-flexible's own sweep used 1 hour). */
export const LIMIT_ROWS_KEPT_MS = 60 * 60 * 1000;

/**
 * Deletes the counter rows of every limit (abuse limits and per-action limits share the
 * `abuse_limits` table) that expired more than {@link LIMIT_ROWS_KEPT_MS} ago. Run by the
 * `limit-sweep` job (server/jobs/forum-jobs.ts) every 5 minutes, once for all instances and
 * worker processes; it replaces the timer rate-limiter-flexible would start in every process,
 * which also kept a closed database reachable after its forum was stopped.
 *
 * @param db database handle
 * @param now the current time (ms since the epoch; default `Date.now()`)
 * @returns the number of rows deleted
 * @throws the database's error, for the job queue to retry
 */
export async function sweepExpiredLimits(db: Db, now = Date.now()): Promise<number> {
  const deleted = await db
    .delete(abuseLimits)
    .where(lt(abuseLimits.expire, new Date(now - LIMIT_ROWS_KEPT_MS)))
    .returning({ key: abuseLimits.key });
  return deleted.length;
}

/** Every limit by name. */
export const ABUSE_LIMITS = {
  signInIp: { points: 10, duration: 60 },
  /** Failed sign-ins per (e-mail, address): the lockout. */
  signInFailures: { points: 5, duration: 15 * 60, blockDuration: 15 * 60 },
  /** Failed sign-ins per e-mail from anywhere: only counted, for the slowdown ({@link signInDelayMs}). */
  signInEmailFailures: { points: 1_000_000, duration: 15 * 60 },
  /** Wrong current passwords on /auth/set-password per member: 5, then 15 minutes' lock. */
  currentPasswordFailures: { points: 5, duration: 15 * 60, blockDuration: 15 * 60 },
  signUpIp: { points: 10, duration: 60 },
  magicLinkIp: { points: 10, duration: 60 },
  magicLinkEmail: { points: 5, duration: 30 * 60 },
  resetIp: { points: 10, duration: 60 },
  resetEmail: { points: 5, duration: 30 * 60 },
  resendIp: { points: 10, duration: 60 },
  resendEmail: { points: 5, duration: 30 * 60 },
} as const satisfies Record<string, LimitRule>;

/**
 * The limits with the per-IP ones set to `perMinute` requests per minute (config
 * `AUTH_IP_LIMIT_PER_MINUTE`); per-e-mail limits and the lockout are fixed.
 *
 * @param perMinute requests per minute per IP on each auth action
 */
export function abuseLimitsWithIpRate(perMinute: number): Record<LimitName, LimitRule> {
  const perIp = { points: perMinute, duration: 60 };
  return { ...ABUSE_LIMITS, signInIp: perIp, signUpIp: perIp, magicLinkIp: perIp, resetIp: perIp, resendIp: perIp };
}

/**
 * The slowdown of sign-ins for an e-mail with many failures from anywhere (captcha-free): the
 * first {@link SIGN_IN_FREE_FAILURES} failures in 15 minutes cost nothing; after that each attempt
 * for the e-mail — right or wrong, from any address — waits 1 s, then 2, 4, 8 and at most 10 s
 * before the password is checked. The member still gets in; a guesser gets a few tries a minute
 * per address, and each address is locked after 5.
 */
export const SIGN_IN_FREE_FAILURES = 5;
/** Longest sign-in delay (ms). */
export const SIGN_IN_MAX_DELAY_MS = 10_000;

/**
 * @param failures failed sign-ins for the e-mail in the last 15 minutes, from any address
 * @returns how long (ms) the next sign-in for it waits: 0 up to 5 failures, then 1 000 · 2^(n−6), at most 10 000
 */
export function signInDelayMs(failures: number): number {
  if (failures <= SIGN_IN_FREE_FAILURES) return 0;
  return Math.min(SIGN_IN_MAX_DELAY_MS, 1000 * 2 ** (failures - SIGN_IN_FREE_FAILURES - 1));
}

/** Name of a limit in {@link ABUSE_LIMITS}. */
export type LimitName = keyof typeof ABUSE_LIMITS;

/** Outcome of a check: allowed, or refused with the wait in seconds. */
export type LimitResult = { ok: true } | { ok: false; retryAfterS: number };

/** The limits of one server instance, backed by the shared table. */
export interface AbuseLimits {
  /**
   * Counts one request against each named limit for its key; refused when any is over. Every
   * limit is checked before any is spent, so a refused request costs the others nothing.
   *
   * @param checks pairs of limit name and key (an IP or a lower-cased e-mail)
   * @returns {@link LimitResult}; the longest wait when several are over
   */
  hit(...checks: Array<[LimitName, string]>): Promise<LimitResult>;
  /**
   * Whether an e-mail is locked for one client address after repeated failed sign-ins from it.
   * @param email lower-cased e-mail
   * @param ip client address (keyed by {@link ipLimitKey})
   * @returns {@link LimitResult}
   */
  signInLocked(email: string, ip: string): Promise<LimitResult>;
  /**
   * How long the next sign-in for an e-mail waits, from its failures from any address.
   * @returns milliseconds ({@link signInDelayMs})
   */
  signInDelay(email: string): Promise<number>;
  /** Counts a failed sign-in for an e-mail from an address (the lock and the slowdown). */
  signInFailed(email: string, ip: string): Promise<void>;
  /** Forgets the failed sign-ins of an e-mail (from that address and in all) after a successful one. */
  signInSucceeded(email: string, ip: string): Promise<void>;
  /**
   * Whether a member's current-password check (/auth/set-password) is locked after 5 wrong ones.
   * @param userId the member's id
   * @returns {@link LimitResult}
   */
  passwordCheckLocked(userId: string): Promise<LimitResult>;
  /** Counts a wrong current password of a member. */
  passwordCheckFailed(userId: string): Promise<void>;
  /** Forgets a member's wrong current passwords after a right one. */
  passwordCheckSucceeded(userId: string): Promise<void>;
}

/**
 * Creates the limiters over the database.
 *
 * @param db database handle (PGlite or PostgreSQL)
 * @param rules limits to use (tests may pass smaller windows); default {@link ABUSE_LIMITS}
 * @returns {@link AbuseLimits}. A database failure while counting lets the request through and
 *   is logged: an outage of the counter must not lock every member out.
 */
export function createAbuseLimits(db: Db, rules: Record<LimitName, LimitRule> = ABUSE_LIMITS): AbuseLimits {
  const limiters = new Map<LimitName, RateLimiterDrizzle>();
  const limiter = (name: LimitName) => {
    let l = limiters.get(name);
    if (!l) {
      const rule = rules[name];
      l = new RateLimiterDrizzle({
        storeClient: db,
        schema: abuseLimits,
        keyPrefix: name,
        points: rule.points,
        duration: rule.duration,
        blockDuration: rule.blockDuration ?? 0,
        // No timer of the library's per limiter set: the `limit-sweep` job deletes expired rows
        // once for every instance ({@link sweepExpiredLimits}).
        clearExpiredByTimeout: false,
      });
      limiters.set(name, l);
    }
    return l;
  };
  const waitOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  const failureKey = (email: string, ip: string) => `${email} ${ipLimitKey(ip)}`;
  /** Locked when the failures of `key` reached the rule's points. */
  async function locked(name: LimitName, key: string): Promise<LimitResult> {
    try {
      const res = await limiter(name).get(key);
      if (res && res.consumedPoints >= rules[name].points) return { ok: false, retryAfterS: waitOf(res) };
    } catch (error) {
      console.error(`[limits] ${name}:`, (error as Error).message);
    }
    return { ok: true };
  }
  async function count(name: LimitName, key: string): Promise<void> {
    try {
      await limiter(name).consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) console.error(`[limits] ${name}:`, (error as Error).message);
    }
  }
  async function forget(name: LimitName, key: string): Promise<void> {
    try {
      await limiter(name).delete(key);
    } catch (error) {
      console.error(`[limits] ${name}:`, (error as Error).message);
    }
  }

  return {
    async hit(...checks) {
      // Check every limit first and spend only when all allow: a request refused by the per-IP
      // limit does not use up the e-mail's count.
      let wait = 0;
      for (const [name, key] of checks) {
        try {
          const res = await limiter(name).get(key);
          if (res && res.consumedPoints >= rules[name].points) wait = Math.max(wait, waitOf(res));
        } catch (error) {
          console.error(`[limits] ${name}:`, (error as Error).message);
        }
      }
      if (wait > 0) return { ok: false, retryAfterS: wait };
      for (const [name, key] of checks) {
        try {
          await limiter(name).consume(key);
        } catch (error) {
          if (error instanceof RateLimiterRes) wait = Math.max(wait, waitOf(error));
          else console.error(`[limits] ${name}:`, (error as Error).message);
        }
      }
      return wait > 0 ? { ok: false, retryAfterS: wait } : { ok: true };
    },
    async signInLocked(email, ip) {
      return locked("signInFailures", failureKey(email, ip));
    },
    async signInDelay(email) {
      try {
        const res = await limiter("signInEmailFailures").get(email);
        return signInDelayMs(res?.consumedPoints ?? 0);
      } catch (error) {
        console.error("[limits] signInEmailFailures:", (error as Error).message);
        return 0;
      }
    },
    async signInFailed(email, ip) {
      await count("signInFailures", failureKey(email, ip));
      await count("signInEmailFailures", email);
    },
    async signInSucceeded(email, ip) {
      await forget("signInFailures", failureKey(email, ip));
      await forget("signInEmailFailures", email);
    },
    passwordCheckLocked: (userId) => locked("currentPasswordFailures", userId),
    passwordCheckFailed: (userId) => count("currentPasswordFailures", userId),
    passwordCheckSucceeded: (userId) => forget("currentPasswordFailures", userId),
  };
}
