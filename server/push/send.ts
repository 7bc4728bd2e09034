/**
 * Sending Web Push (issue 18): for each new or bumped notification row whose member has that
 * kind at `push` (`channelOfType`), one push to each of the member's devices, exactly once
 * across instances. docs/decisions/031-web-push.md.
 *
 * **Exactly once.** A push is claimed by inserting its `(device, seq)` row into `push_deliveries`
 * (`INSERT … SELECT … ON CONFLICT DO NOTHING RETURNING`): of several senders working on the same
 * `seq` range (every instance hears the `notifications` event) only one gets the row. A bumped
 * batch row (`thread_activity`, `ticker_mention`) has a new `seq`, so each bump is pushed once.
 * After a failure the claim is released (`claimed_at = NULL`) and the retry — the `push-send`
 * job's pg-boss back-off, or the minute sweep — claims it again (`UPDATE … WHERE claimed_at IS
 * NULL OR claimed_at < now() - 2 min`; the row lock makes that exclusive too). A sender that dies
 * between the push service's answer and `sent_at` may cause one repeat after 2 minutes.
 *
 * **At send time** the notification must still exist with that `seq` and be unread; otherwise
 * the claim is closed without a push. The push service's answer: 2xx → `sent_at`, the device's
 * `last_used_at`; **404/410 → the device is deleted** (its claims cascade); anything else
 * (5xx, 429, a network error, a timeout) → released for a retry, at most
 * {@link PUSH_MAX_ATTEMPTS} attempts.
 *
 * Transport: web-push builds the request (aes128gcm encryption of the payload, the VAPID JWT,
 * `TTL`, `Urgency`) with `generateRequestDetails`, and `fetch` sends it — so a test's local
 * `http://` receiver works the same as a push service's `https://` endpoint (web-push's own
 * `sendNotification` speaks only `https`).
 *
 * @module
 */
import { sql, type SQL } from "drizzle-orm";
import webpush from "web-push";
import { pushPayload, type PushPayload } from "../../domain/push";
import type { Db } from "../db/client";
import { channelOfType } from "../notifications/settings";
import type { VapidDetails } from "./vapid";

/** Attempts of one push (first + retries) before it is given up. */
export const PUSH_MAX_ATTEMPTS = 8;
/** How long a push is kept by the push service for an offline device: a day, in seconds. */
export const PUSH_TTL_S = 24 * 60 * 60;
/** A claim older than this is taken to be a crashed sender's and claimed again (seconds). */
export const PUSH_CLAIM_LEASE_S = 120;
/** Longest wait for a push service's answer (ms). */
export const PUSH_TIMEOUT_MS = 10_000;
/** Pushes sent at the same time by one sender. */
const PARALLEL = 8;

/** Which notification rows a run looks at. */
export type PushScope =
  /** Rows with `seq` in `[from, to]` (the `notifications` event of a write). */
  | { from: number; to: number }
  /** Rows created or bumped in the last `minutes` (the sweep). */
  | { sinceMinutes: number };

/** What a run did. */
export interface PushRunResult {
  /** Pushes the push service accepted. */
  sent: number;
  /** Devices deleted because the push service answered 404 or 410. */
  gone: number;
  /** Pushes that failed and were released for a retry. */
  failed: number;
  /** Claims closed without a push (the notification was read or bumped meanwhile). */
  skipped: number;
}

interface Claim extends Record<string, unknown> {
  subscription_id: string;
  seq: number | string;
  endpoint: string;
  p256dh: string;
  auth: string;
  id: string | null;
  type: string | null;
  actor_nickname: string | null;
  title: string | null;
  count: number | null;
  ticker: string | null;
  category_id: string | null;
  thread_id: string | null;
  reference_id: string | null;
  read: boolean | null;
}

/** Options of {@link sendPushes}. */
export interface PushSendOptions {
  /** The signing keys and contact (`server/push/vapid.ts`). */
  vapid: VapidDetails;
  /** Wait for an answer (ms), default {@link PUSH_TIMEOUT_MS}. */
  timeoutMs?: number;
}

/**
 * Claims and sends the pushes due in `scope` (module comment).
 *
 * @param db the forum database
 * @param scope a `seq` range or the last N minutes
 * @param options VAPID details, timeout
 * @returns counts of what happened ({@link PushRunResult}); never throws for a push service's
 *   answer or a network error
 * @throws only when the database fails
 */
export async function sendPushes(db: Db, scope: PushScope, options: PushSendOptions): Promise<PushRunResult> {
  const inScope = (seq: SQL, createdAt: SQL): SQL =>
    "from" in scope
      ? sql`${seq} BETWEEN ${scope.from} AND ${scope.to}`
      : sql`${createdAt} > now() - make_interval(mins => ${scope.sinceMinutes})`;
  const fields = sql`c.subscription_id, c.seq, s.endpoint, s.p256dh, s.auth, n.id, n.type, n.actor_nickname, n.title,
    n.count, n.ticker, n.category_id, n.thread_id, n.reference_id, n.read`;
  const fresh = rows<Claim>(
    await db.execute(sql`
      WITH c AS (
        INSERT INTO push_deliveries (subscription_id, seq)
        SELECT s.id, n.seq FROM notifications n JOIN push_subscriptions s ON s.user_id = n.user_id
        WHERE ${inScope(sql`n.seq`, sql`n.created_at`)} AND n.read = false
          AND ${channelOfType(sql`n.user_id`, sql`n.type`)} = 'push'
        ON CONFLICT DO NOTHING
        RETURNING subscription_id, seq)
      SELECT ${fields} FROM c JOIN push_subscriptions s ON s.id = c.subscription_id
        LEFT JOIN notifications n ON n.seq = c.seq AND n.user_id = s.user_id`),
  );
  const retried = rows<Claim>(
    await db.execute(sql`
      WITH c AS (
        UPDATE push_deliveries d SET claimed_at = now(), attempts = d.attempts + 1
        WHERE d.sent_at IS NULL AND d.attempts < ${PUSH_MAX_ATTEMPTS}
          AND (d.claimed_at IS NULL OR d.claimed_at < now() - make_interval(secs => ${PUSH_CLAIM_LEASE_S}))
          AND ${inScope(sql`d.seq`, sql`d.created_at`)}
        RETURNING d.subscription_id, d.seq)
      SELECT ${fields} FROM c JOIN push_subscriptions s ON s.id = c.subscription_id
        LEFT JOIN notifications n ON n.seq = c.seq AND n.user_id = s.user_id`),
  );
  const result: PushRunResult = { sent: 0, gone: 0, failed: 0, skipped: 0 };
  const claims = [...fresh, ...retried];
  for (let i = 0; i < claims.length; i += PARALLEL) {
    await Promise.all(claims.slice(i, i + PARALLEL).map((claim) => deliver(db, claim, options, result)));
  }
  return result;
}

/** Sends one claimed push and records the outcome. */
async function deliver(db: Db, claim: Claim, options: PushSendOptions, result: PushRunResult): Promise<void> {
  const key = sql`subscription_id = ${claim.subscription_id} AND seq = ${Number(claim.seq)}`;
  if (!claim.id || !claim.type || claim.read !== false) {
    await db.execute(sql`UPDATE push_deliveries SET sent_at = now() WHERE ${key}`);
    result.skipped += 1;
    return;
  }
  const payload = pushPayload({
    id: claim.id,
    type: claim.type,
    actorNickname: claim.actor_nickname,
    title: claim.title,
    count: Number(claim.count ?? 1),
    ticker: claim.ticker,
    categoryId: claim.category_id,
    threadId: claim.thread_id,
    referenceId: claim.reference_id,
  });
  const status = await post({ endpoint: claim.endpoint, p256dh: claim.p256dh, auth: claim.auth }, payload, options);
  if (status >= 200 && status < 300) {
    await db.execute(sql`UPDATE push_deliveries SET sent_at = now() WHERE ${key}`);
    await db.execute(sql`UPDATE push_subscriptions SET last_used_at = now() WHERE id = ${claim.subscription_id}`);
    result.sent += 1;
  } else if (status === 404 || status === 410) {
    await db.execute(sql`DELETE FROM push_subscriptions WHERE id = ${claim.subscription_id}`);
    result.gone += 1;
  } else {
    await db.execute(sql`UPDATE push_deliveries SET claimed_at = NULL WHERE ${key}`);
    result.failed += 1;
  }
}

/**
 * Encrypts and posts one push.
 *
 * @returns the push service's HTTP status, or 0 for a network error or timeout
 */
async function post(
  device: { endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
  options: PushSendOptions,
): Promise<number> {
  try {
    const request = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: options.vapid,
        TTL: PUSH_TTL_S,
        urgency: "normal",
        contentEncoding: "aes128gcm",
      },
    );
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? PUSH_TIMEOUT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  } catch (error) {
    console.error("[push] sändningen misslyckades:", (error as Error).message);
    return 0;
  }
}

/**
 * The sweep (every minute): pushes of the last 15 minutes that no sender claimed (an event lost
 * while an instance was down) or that failed and wait for a retry; and deletes claims older than
 * a day.
 *
 * @returns what the run did
 */
export async function sweepPushes(db: Db, options: PushSendOptions): Promise<PushRunResult> {
  const result = await sendPushes(db, { sinceMinutes: 15 }, options);
  await db.execute(sql`DELETE FROM push_deliveries WHERE created_at < now() - interval '1 day'`);
  return result;
}

function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
