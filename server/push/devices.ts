/**
 * A member's push devices ('Aktivera pushnotiser på den här enheten'): saving and
 * removing this browser's subscription through the write pipeline, and the list the data export
 * shows. Only endpoints on known push services are stored (`domain/push-services.ts`). docs/decisions/031-web-push.md.
 *
 * @module
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { webPush as wp } from "../../domain/i18n/sv";
import { PUSH_DEVICES_MAX, PUSH_ENDPOINT_MAX } from "../../domain/limits";
import { pushSubscriptionSchema, type PushSubscriptionInput } from "../../domain/push";
import type { Db, Tx } from "../db/client";
import { profiles, pushSubscriptions } from "../db/schema";
import { ForumError } from "../platform/errors";
import { defineWrite, parseWith, type WriteScope } from "../writes/pipeline";

/** The raw fields of the toggle's request (`PushSubscription.toJSON()` flattened). */
export interface PushDeviceRaw {
  endpoint?: string;
  p256dh?: string;
  auth?: string;
}

/**
 * The write that stores this device's subscription for the logged-in member (login → zod:
 * an `https:` endpoint on a known push service, `domain/push-services.ts` → not blocked → limit
 * `notifications` → upsert). An endpoint already stored (the same browser, perhaps another
 * account before) is moved to this member with the new keys. Beyond {@link PUSH_DEVICES_MAX}
 * devices the least recently used ones are removed, under a lock on the member's profile row.
 *
 * @param options.serviceHosts the operator's extra push-service host patterns
 *   (`AppConfig.pushServiceHosts`); the API route passes the configured ones
 * @param options.allowHttp accept `http:` endpoints on any port — tests' local receivers only;
 *   the API route never sets it
 * @returns the write; its value is `{ id }` of the stored device
 * @throws nothing: 401 for visitors; 400 with a Swedish message for a bad endpoint
 *   (`invalidEndpoint`), a host that is no known push service (`unknownService`) or bad keys;
 *   403 (`blocked`) for a blocked member; 429 over the limit — all come back as the write's failure
 */
export function savePushDeviceWriteFor(options: { allowHttp?: boolean; serviceHosts?: readonly string[] } = {}) {
  const schema = pushSubscriptionSchema(options);
  return defineWrite({
    name: "push-subscribe",
    // This device's own delivery: no cached page shows it.
    changes: () => [],
    login: { message: wp.loginToSubscribe, title: wp.saveTitle },
    parse: (raw: PushDeviceRaw): PushSubscriptionInput => parseWith(schema, raw, { title: wp.saveTitle }),
    // A blocked member adds no way to be reached; removing a device stays open to them.
    policy: ({ actor }: WriteScope) => {
      if (actor.blocked === true) throw new ForumError(403, wp.blocked, wp.saveTitle);
    },
    limits: "notifications",
    transaction: async (tx, { actor }, input) => {
      await tx.execute(sql`SELECT 1 FROM ${profiles} WHERE ${profiles.id} = ${actor.id} FOR UPDATE`);
      const [row] = await tx
        .insert(pushSubscriptions)
        .values({ userId: actor.id, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: actor.id, p256dh: input.p256dh, auth: input.auth, createdAt: sql`now()`, lastUsedAt: null },
        })
        .returning({ id: pushSubscriptions.id });
      await tx.execute(sql`
        DELETE FROM ${pushSubscriptions} WHERE id IN (
          SELECT id FROM ${pushSubscriptions} WHERE user_id = ${actor.id}
          ORDER BY COALESCE(last_used_at, created_at) DESC, created_at DESC OFFSET ${PUSH_DEVICES_MAX})`);
      return { id: row!.id };
    },
  });
}

/**
 * {@link savePushDeviceWriteFor} as the API uses it: `https:` endpoints on the browsers' push
 * services plus `hosts`, never `http:`. Cached per host list (the configuration's array).
 *
 * @param hosts `AppConfig.pushServiceHosts`
 * @returns the write
 */
export function savePushDeviceWrite(hosts: readonly string[]) {
  let write = productionWrites.get(hosts);
  if (!write) {
    write = savePushDeviceWriteFor({ serviceHosts: hosts });
    productionWrites.set(hosts, write);
  }
  return write;
}
const productionWrites = new WeakMap<readonly string[], ReturnType<typeof savePushDeviceWriteFor>>();

/**
 * The write that removes this device's subscription ('Stäng av pushnotiser på den här enheten').
 * Only the member's own device is removed; an unknown endpoint is not an error.
 *
 * @returns the write; its value is `{ removed }` (false when there was nothing to remove)
 */
export const removePushDeviceWrite = defineWrite({
  name: "push-unsubscribe",
  changes: () => [],
  login: { message: wp.loginToSubscribe, title: wp.saveTitle },
  parse: (raw: { endpoint?: string }) =>
    parseWith(z.object({ endpoint: z.string(wp.invalidEndpoint).trim().min(1, wp.invalidEndpoint).max(PUSH_ENDPOINT_MAX, wp.endpointTooLong) }), raw, {
      title: wp.saveTitle,
    }),
  limits: "notifications",
  transaction: async (tx, { actor }, input) => {
    const gone = await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, actor.id), eq(pushSubscriptions.endpoint, input.endpoint)))
      .returning({ id: pushSubscriptions.id });
    return { removed: gone.length > 0 };
  },
});

/** A device as the member's data export lists it: where it receives push, never its keys. */
export interface PushDeviceExport {
  /** The push service's origin, e.g. `https://fcm.googleapis.com`. */
  service: string;
  /** ISO 8601 */
  createdAt: string;
  /** ISO 8601, or null before the first push. */
  lastUsedAt: string | null;
}

/**
 * The member's push devices for the data export, newest first.
 *
 * @param db database handle
 * @param userId the member's id
 * @returns one {@link PushDeviceExport} per device
 */
export async function pushDevicesForExport(db: Db | Tx, userId: string): Promise<PushDeviceExport[]> {
  const rows = await db
    .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt, lastUsedAt: pushSubscriptions.lastUsedAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt));
  return rows.map((r) => ({
    service: originOf(r.endpoint),
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt ? r.lastUsedAt.toISOString() : null,
  }));
}

function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return "";
  }
}
