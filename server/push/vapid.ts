/**
 * The forum's VAPID key pair for Web Push: from `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY`
 * when set, else generated once with web-push's `generateVAPIDKeys()` and stored in
 * `push_vapid_keys` — `INSERT … ON CONFLICT DO NOTHING`, then read back, so two instances starting
 * at once end up with the same pair. Never required to start. docs/decisions/031-web-push.md.
 *
 * @module
 */
import { eq } from "drizzle-orm";
import webpush from "web-push";
import type { AppConfig } from "../platform/config";
import type { Db, Tx } from "../db/client";
type DbOrTx = Db | Tx;
import { pushVapidKeys } from "../db/schema";

/** A VAPID key pair, base64url (65-byte public P-256 point, 32-byte private scalar). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** What signs a push: the key pair and the contact (`mailto:` or `https:`). */
export interface VapidDetails extends VapidKeys {
  subject: string;
}

const cache = new WeakMap<object, Promise<VapidKeys>>();

/**
 * The stored pair, generating and storing one first when the table is empty.
 *
 * @param db the forum database
 * @returns the pair every instance on this database uses
 * @throws when the database is unavailable
 */
export async function storedVapidKeys(db: DbOrTx): Promise<VapidKeys> {
  const generated = webpush.generateVAPIDKeys();
  await db.insert(pushVapidKeys).values({ id: 1, ...generated }).onConflictDoNothing();
  const [row] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, 1)).limit(1);
  if (!row) throw new Error("push_vapid_keys: the stored pair could not be read back");
  return { publicKey: row.publicKey, privateKey: row.privateKey };
}

/**
 * The forum's VAPID details: the configured pair, else the stored one (read once per database
 * handle and cached; a failed read is not cached).
 *
 * @param db the forum database
 * @param config `vapidKeys` (optional pair) and `vapidSubject`
 * @returns keys and subject for web-push
 * @throws when the database is unavailable (only without configured keys)
 */
export async function vapidDetails(db: Db, config: Pick<AppConfig, "vapidKeys" | "vapidSubject">): Promise<VapidDetails> {
  if (config.vapidKeys) return { ...config.vapidKeys, subject: config.vapidSubject };
  let keys = cache.get(db);
  if (!keys) {
    keys = storedVapidKeys(db);
    cache.set(db, keys);
    keys.catch(() => cache.delete(db));
  }
  return { ...(await keys), subject: config.vapidSubject };
}
