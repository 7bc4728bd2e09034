/**
 * Sending Web Push: for each new or bumped notification row whose member has that
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
 * **Where a push may go.** Before anything is sent, the endpoint must pass the same rules as at
 * save time (`https:`, port 443, host on the push-service list, `domain/push-services.ts`, plus
 * `PUSH_SERVICE_HOSTS`), and every address its host resolves to must be public
 * (`server/push/address.ts`); the connection is then made to exactly those addresses. A device
 * that fails either check is **deleted without any request** (counted as `refused`, logged):
 * it can never receive a push, retrying would not change that, and the member sees the same as
 * for a 404/410 — no connection result of any kind reaches them.
 *
 * **Slow push services.** Pushes to one origin (scheme, host and port of the endpoint — one
 * push service node) run at most {@link PUSH_HOST_CONCURRENCY} at a time in this process, in a
 * queue of their own, so a service that hangs holds back only its own devices. Each request has
 * {@link PUSH_TIMEOUT_MS}; a run stops starting pushes after {@link PUSH_RUN_DEADLINE_MS} and
 * releases the rest (without counting an attempt) for the retry.
 *
 * Transport: web-push builds the request (aes128gcm encryption of the payload, the VAPID JWT,
 * `TTL`, `Urgency`) with `generateRequestDetails`, and Node's `http`/`https` send it with a
 * `lookup` pinned to the vetted addresses (web-push's own `sendNotification` resolves the host
 * again and speaks only `https`, so a test's local `http://` receiver needs our transport anyway).
 *
 * @module
 */
import http from "node:http";
import https from "node:https";
import type { LookupAddress } from "node:dns";
import { sql, type SQL } from "drizzle-orm";
import pLimit, { type LimitFunction } from "p-limit";
import webpush, { type RequestDetails } from "web-push";
import { pushPayload, type PushPayload } from "../../domain/push";
import { pushEndpointProblem } from "../../domain/push-services";
import type { Db } from "../db/client";
import { preparedRows } from "../db/prepared";
import { channelOfType } from "../notifications/settings";
import { pinnedLookup, resolvePublicAddresses, type PushLookup } from "./address";
import type { VapidDetails } from "./vapid";

/** Attempts of one push (first + retries) before it is given up. */
export const PUSH_MAX_ATTEMPTS = 8;
/** How long a push is kept by the push service for an offline device: a day, in seconds. */
export const PUSH_TTL_S = 24 * 60 * 60;
/** A claim older than this is taken to be a crashed sender's and claimed again (seconds). */
export const PUSH_CLAIM_LEASE_S = 120;
/**
 * Longest time for one push, from the host lookup to the push service's status line (ms). Push
 * services answer in well under a second; a hanging one should not hold its queue long.
 */
export const PUSH_TIMEOUT_MS = 5_000;
/** A run starts no push after this long (ms); the rest is released for the retry. */
export const PUSH_RUN_DEADLINE_MS = 15_000;
/** Pushes to one origin (scheme, host, port) in flight at once, per process. */
export const PUSH_HOST_CONCURRENCY = 4;

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
  /**
   * Pushes that failed (5xx, 429, network, timeout, a host that did not resolve) or were not
   * started before the run's deadline; released for a retry.
   */
  failed: number;
  /** Claims closed without a push (the notification was read or bumped meanwhile). */
  skipped: number;
  /**
   * Devices deleted without a request: the endpoint is not on the push-service list or its host
   * resolves to a non-public address.
   */
  refused: number;
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

/**
 * Allowances for tests' local receivers (`http://…` on a loopback port). **Tests only**: no
 * production path (the jobs and the trigger as `server/http/app.ts` and `server/jobs/forum-jobs.ts`
 * start them, the API route) ever sets them.
 */
export interface PushTestingOptions {
  /** Accept `http:` endpoints and any port. */
  allowHttp?: boolean;
  /** Skip the public-address check (loopback receivers). */
  allowPrivateAddresses?: boolean;
  /** Resolve host names with this instead of `dns.lookup` (a fake name for the receiver). */
  lookup?: PushLookup;
}

/** Options of {@link sendPushes}. */
export interface PushSendOptions {
  /** The signing keys and contact (`server/push/vapid.ts`). */
  vapid: VapidDetails;
  /** Extra push-service host patterns (`AppConfig.pushServiceHosts`); default none. */
  serviceHosts?: readonly string[];
  /** Longest time for one push (ms), default {@link PUSH_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** No push is started after this long into the run (ms), default {@link PUSH_RUN_DEADLINE_MS}. */
  deadlineMs?: number;
  /** Tests only ({@link PushTestingOptions}). */
  testing?: PushTestingOptions;
}

/**
 * Claims and sends the pushes due in `scope` (module comment).
 *
 * @param db the forum database
 * @param scope a `seq` range or the last N minutes
 * @param options VAPID details, extra push-service hosts, per-push timeout and run deadline (ms)
 * @returns counts of what happened ({@link PushRunResult}), after at most about the deadline plus
 *   one timeout; never throws for a push service's answer, a refused endpoint, a lookup or
 *   network error
 * @throws only when the database fails
 */
export async function sendPushes(db: Db, scope: PushScope, options: PushSendOptions): Promise<PushRunResult> {
  const inScope = (seq: SQL, createdAt: SQL): SQL =>
    "from" in scope
      ? sql`${seq} BETWEEN ${scope.from} AND ${scope.to}`
      : sql`${createdAt} > now() - make_interval(mins => ${scope.sinceMinutes})`;
  const fields = sql`c.subscription_id, c.seq, s.endpoint, s.p256dh, s.auth, n.id, n.type, n.actor_nickname, n.title,
    n.count, n.ticker, n.category_id, n.thread_id, n.reference_id, n.read`;
  // Prepared (one name per scope kind, whose text differs): it runs after every notification, and
  // planning it was most of its cost (0.55 ms a run, bench of private messages).
  const kind = "from" in scope ? "range" : "recent";
  const fresh = await preparedRows<Claim>(
    db,
    `push-claim-${kind}`,
    sql`
      WITH c AS (
        INSERT INTO push_deliveries (subscription_id, seq)
        SELECT s.id, n.seq FROM notifications n JOIN push_subscriptions s ON s.user_id = n.user_id
        WHERE ${inScope(sql`n.seq`, sql`n.created_at`)} AND n.read = false
          AND ${channelOfType(sql`n.user_id`, sql`n.type`)} = 'push'
        ON CONFLICT DO NOTHING
        RETURNING subscription_id, seq)
      SELECT ${fields} FROM c JOIN push_subscriptions s ON s.id = c.subscription_id
        LEFT JOIN notifications n ON n.seq = c.seq AND n.user_id = s.user_id`,
  );
  const retried = await preparedRows<Claim>(
    db,
    `push-retry-${kind}`,
    sql`
      WITH c AS (
        UPDATE push_deliveries d SET claimed_at = now(), attempts = d.attempts + 1
        WHERE d.sent_at IS NULL AND d.attempts < ${PUSH_MAX_ATTEMPTS}
          AND (d.claimed_at IS NULL OR d.claimed_at < now() - make_interval(secs => ${PUSH_CLAIM_LEASE_S}))
          AND ${inScope(sql`d.seq`, sql`d.created_at`)}
        RETURNING d.subscription_id, d.seq)
      SELECT ${fields} FROM c JOIN push_subscriptions s ON s.id = c.subscription_id
        LEFT JOIN notifications n ON n.seq = c.seq AND n.user_id = s.user_id`,
  );
  const result: PushRunResult = { sent: 0, gone: 0, failed: 0, skipped: 0, refused: 0 };
  const deadline = Date.now() + (options.deadlineMs ?? PUSH_RUN_DEADLINE_MS);
  await Promise.all([...fresh, ...retried].map((claim) => deliver(db, claim, options, deadline, result)));
  return result;
}

/** One push's fate: an HTTP status, or why no answer came. */
type Attempt =
  | { kind: "status"; status: number }
  | { kind: "refused"; reason: string }
  | { kind: "failed" }
  | { kind: "deferred" };

/** Sends one claimed push and records the outcome. */
async function deliver(db: Db, claim: Claim, options: PushSendOptions, deadline: number, result: PushRunResult): Promise<void> {
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
  const attempt = await attemptPush({ endpoint: claim.endpoint, p256dh: claim.p256dh, auth: claim.auth }, payload, options, deadline);
  if (attempt.kind === "status" && attempt.status >= 200 && attempt.status < 300) {
    await db.execute(sql`UPDATE push_deliveries SET sent_at = now() WHERE ${key}`);
    await db.execute(sql`UPDATE push_subscriptions SET last_used_at = now() WHERE id = ${claim.subscription_id}`);
    result.sent += 1;
  } else if (attempt.kind === "status" && (attempt.status === 404 || attempt.status === 410)) {
    await db.execute(sql`DELETE FROM push_subscriptions WHERE id = ${claim.subscription_id}`);
    result.gone += 1;
  } else if (attempt.kind === "refused") {
    console.warn(`[push] pushadressen avvisades (${attempt.reason}); enheten tas bort`);
    await db.execute(sql`DELETE FROM push_subscriptions WHERE id = ${claim.subscription_id}`);
    result.refused += 1;
  } else if (attempt.kind === "deferred") {
    // Never tried: the attempt counted when it was claimed is given back.
    await db.execute(sql`UPDATE push_deliveries SET claimed_at = NULL, attempts = GREATEST(attempts - 1, 0) WHERE ${key}`);
    result.failed += 1;
  } else {
    await db.execute(sql`UPDATE push_deliveries SET claimed_at = NULL WHERE ${key}`);
    result.failed += 1;
  }
}

/** Per-origin queues of this process, with how many pushes use each (dropped at zero). */
const hostQueues = new Map<string, { limit: LimitFunction; users: number }>();

/**
 * Runs `task` in the queue of `origin`: at most {@link PUSH_HOST_CONCURRENCY} at once, shared
 * by every run of this process.
 */
async function inHostQueue<T>(origin: string, task: () => Promise<T>): Promise<T> {
  let queue = hostQueues.get(origin);
  if (!queue) {
    queue = { limit: pLimit(PUSH_HOST_CONCURRENCY), users: 0 };
    hostQueues.set(origin, queue);
  }
  queue.users += 1;
  try {
    return await queue.limit(task);
  } finally {
    queue.users -= 1;
    if (queue.users === 0 && hostQueues.get(origin) === queue) hostQueues.delete(origin);
  }
}

/**
 * Checks the endpoint, waits for its origin's turn, resolves and vets the host, then encrypts
 * and posts one push to the vetted addresses.
 *
 * @returns the push service's status; `refused` (no request made) for an endpoint off the list
 *   or a non-public address; `failed` for a lookup or network error or a timeout; `deferred`
 *   when the run's deadline passed before its turn
 */
async function attemptPush(
  device: { endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
  options: PushSendOptions,
  deadline: number,
): Promise<Attempt> {
  const testing = options.testing ?? {};
  const problem = pushEndpointProblem(device.endpoint, { extraHosts: options.serviceHosts ?? [], allowHttpForTests: testing.allowHttp === true });
  if (problem) return { kind: "refused", reason: problem };
  const url = new URL(device.endpoint);
  return inHostQueue(url.origin, async (): Promise<Attempt> => {
    const left = deadline - Date.now();
    if (left <= 0) return { kind: "deferred" };
    const signal = AbortSignal.timeout(Math.min(options.timeoutMs ?? PUSH_TIMEOUT_MS, left));
    try {
      const resolved = await untilAborted(
        resolvePublicAddresses(url.hostname, { lookup: testing.lookup, allowPrivateForTests: testing.allowPrivateAddresses === true }),
        signal,
      );
      if (!resolved.ok) return { kind: "refused", reason: `${url.hostname} → ${resolved.address}` };
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
      const status = await post(url, resolved.addresses, request, signal);
      return { kind: "status", status };
    } catch (error) {
      console.error("[push] sändningen misslyckades:", (error as Error).message);
      return { kind: "failed" };
    }
  });
}

/** `promise`, or a rejection when `signal` aborts first (a lookup cannot be cancelled). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error as Error);
      },
    );
  });
}

/**
 * Posts one prepared request to `url`, connecting only to `addresses` (TLS still checks the
 * certificate against the URL's host name).
 *
 * @returns the HTTP status once the status line arrives (the body is drained and ignored)
 * @throws on a connection error or when `signal` aborts
 */
function post(url: URL, addresses: LookupAddress[], request: RequestDetails, signal: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === "https:" ? https : http;
    const req = transport.request(
      url,
      {
        method: request.method,
        headers: request.headers as http.OutgoingHttpHeaders,
        lookup: pinnedLookup(addresses) as never,
        agent: false,
        signal,
      },
      (response) => {
        response.on("error", () => undefined);
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(request.body ?? undefined);
  });
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
