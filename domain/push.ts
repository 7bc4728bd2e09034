/**
 * Web Push rules both sides agree on: what a browser push subscription must look like
 * to be stored (its endpoint on a known push service, `domain/push-services.ts`), and what a
 * push says. Pure: no database, no Node built-ins.
 * docs/decisions/031-web-push.md.
 *
 * @module
 */
import { z } from "zod";
import { webPush as wp } from "./i18n/sv";
import { PUSH_ENDPOINT_MAX } from "./limits";
import { notificationHref, notificationText } from "./notifications";
import { pushEndpointProblem } from "./push-services";

/** Base64url without padding, as `PushSubscription.toJSON().keys` gives them. */
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The zod schema of a device's subscription as the toggle posts it (`endpoint`, `p256dh`,
 * `auth`, the fields of `PushSubscription.toJSON()`), with Swedish messages.
 *
 * - `endpoint`: an `https:` URL on the default port without user info, of at most
 *   {@link PUSH_ENDPOINT_MAX} characters (else `invalidEndpoint`), whose host is a known push
 *   service (`domain/push-services.ts`: the browsers' own plus `serviceHosts`; else
 *   `unknownService`). `http:` and other ports only when `allowHttp` (tests' local receivers;
 *   never in production);
 * - `p256dh`: base64url of an uncompressed P-256 point (65 bytes → 87 characters);
 * - `auth`: base64url of the 16-byte auth secret (22 characters).
 *
 * @param options.allowHttp accept `http:` endpoints and any port (default false; tests only)
 * @param options.serviceHosts the operator's extra push-service host patterns
 *   (`AppConfig.pushServiceHosts`; default none)
 * @returns the schema; its output is `{ endpoint, p256dh, auth }`
 */
export function pushSubscriptionSchema(options: { allowHttp?: boolean; serviceHosts?: readonly string[] } = {}) {
  const rules = { allowHttpForTests: options.allowHttp === true, extraHosts: options.serviceHosts ?? [] };
  return z.object({
    endpoint: z
      .string(wp.invalidEndpoint)
      .trim()
      .max(PUSH_ENDPOINT_MAX, wp.endpointTooLong)
      .superRefine((value, ctx) => {
        const problem = pushEndpointProblem(value, rules);
        if (problem) ctx.addIssue({ code: "custom", message: problem === "invalid" ? wp.invalidEndpoint : wp.unknownService });
      }),
    p256dh: z.string(wp.invalidKeys).trim().length(87, wp.invalidKeys).regex(BASE64URL, wp.invalidKeys),
    auth: z.string(wp.invalidKeys).trim().length(22, wp.invalidKeys).regex(BASE64URL, wp.invalidKeys),
  });
}

/** A stored device subscription as {@link pushSubscriptionSchema} accepts it. */
export type PushSubscriptionInput = z.output<ReturnType<typeof pushSubscriptionSchema>>;

/** The JSON a push carries; the service worker shows it (`app/pwa/notifications.ts`). */
export interface PushPayload {
  /** Always 'Börssnack'. */
  title: string;
  /** Who did what, in Swedish (`notificationText`). */
  body: string;
  /** Where a click leads (`notificationHref`: the comment anchor or the thread). */
  url: string;
  /**
   * Replaces an earlier notification with the same tag on the device: one per thread for
   * `thread_activity` batches, one per ticker for `ticker_mention`, else one per notification row.
   */
  tag: string;
}

/**
 * The push of one notification row.
 *
 * @param row the row's stored fields (`id` uuid, `type`, actor nickname, title, count, ticker,
 *   category/thread/reference ids)
 * @returns the {@link PushPayload}
 */
export function pushPayload(row: {
  id: string;
  type: string;
  actorNickname: string | null;
  title: string | null;
  count: number;
  ticker: string | null;
  categoryId: string | null;
  threadId: string | null;
  referenceId: string | null;
}): PushPayload {
  const tag =
    row.type === "thread_activity" && row.threadId
      ? `thread-${row.threadId}`
      : row.type === "ticker_mention" && row.ticker
        ? `ticker-${row.ticker}`
        : `notification-${row.id}`;
  return {
    title: wp.notificationTitle,
    body: notificationText(row),
    url: notificationHref(row),
    tag,
  };
}
