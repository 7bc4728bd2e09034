/**
 * Abuse limits on sign-in, sign-up, magic link, password reset and verification resend, per IP
 * and per e-mail, kept in the database (`abuse_limits`) with rate-limiter-flexible's Drizzle
 * store, so they hold across instances (issue "Accounts and privacy", Abuse limits).
 *
 * Numbers (README "Abuse limits"): 10 requests per minute per IP on each auth action, as GitLab
 * throttles its auth paths; 5 per 30 minutes per e-mail for magic links, resets and resends, as
 * Mastodon does for password resets; an e-mail with 5 failed sign-ins in 15 minutes is locked
 * for 15 minutes. Counting per e-mail happens whether or not an account exists, so the answers
 * reveal nothing.
 *
 * @module
 */
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "./db/client";
import { abuseLimits } from "./db/schema";

/** A limit: `points` requests per `duration` seconds; `blockDuration` s of lock once exceeded. */
export interface LimitRule {
  points: number;
  /** Window length (s). */
  duration: number;
  /** How long (s) a key stays refused after going over (default: until the window ends). */
  blockDuration?: number;
}

/** Every limit by name. */
export const ABUSE_LIMITS = {
  signInIp: { points: 10, duration: 60 },
  signInFailures: { points: 5, duration: 15 * 60, blockDuration: 15 * 60 },
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

/** Name of a limit in {@link ABUSE_LIMITS}. */
export type LimitName = keyof typeof ABUSE_LIMITS;

/** Outcome of a check: allowed, or refused with the wait in seconds. */
export type LimitResult = { ok: true } | { ok: false; retryAfterS: number };

/** The limits of one server instance, backed by the shared table. */
export interface AbuseLimits {
  /**
   * Counts one request against each named limit for its key; refused when any is over.
   *
   * @param checks pairs of limit name and key (an IP or a lower-cased e-mail)
   * @returns {@link LimitResult}; the longest wait when several are over
   */
  hit(...checks: Array<[LimitName, string]>): Promise<LimitResult>;
  /**
   * Whether an e-mail is locked after repeated failed sign-ins.
   * @returns {@link LimitResult}
   */
  signInLocked(email: string): Promise<LimitResult>;
  /** Counts a failed sign-in for an e-mail. */
  signInFailed(email: string): Promise<void>;
  /** Forgets the failed sign-ins of an e-mail after a successful one. */
  signInSucceeded(email: string): Promise<void>;
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
  let first = true;
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
        // One instance sweeps expired rows for all of them.
        clearExpiredByTimeout: first,
      });
      first = false;
      limiters.set(name, l);
    }
    return l;
  };
  const waitOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

  return {
    async hit(...checks) {
      let wait = 0;
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
    async signInLocked(email) {
      try {
        const res = await limiter("signInFailures").get(email);
        if (res && res.consumedPoints >= rules.signInFailures.points) return { ok: false, retryAfterS: waitOf(res) };
      } catch (error) {
        console.error("[limits] signInFailures:", (error as Error).message);
      }
      return { ok: true };
    },
    async signInFailed(email) {
      try {
        await limiter("signInFailures").consume(email);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) console.error("[limits] signInFailures:", (error as Error).message);
      }
    },
    async signInSucceeded(email) {
      try {
        await limiter("signInFailures").delete(email);
      } catch (error) {
        console.error("[limits] signInFailures:", (error as Error).message);
      }
    },
  };
}
