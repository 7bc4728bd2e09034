/**
 * A member's notification settings ('Notiser'): the channel level of each kind
 * (`NOTIFICATION_KINDS` × `NOTIFICATION_CHANNELS` in domain/values.ts), the e-mail master switch,
 * the weekly summary and automatic subscription; and the SQL that every notification writer uses
 * so a kind set to `off` creates no row. No `notification_settings` row = the defaults
 * (`DEFAULT_NOTIFICATION_CHANNELS`). docs/decisions/029-notification-settings.md.
 *
 * The column of each kind in `notification_settings` has the kind's own name
 * (`followed_thread`, `reply`, …).
 *
 * @module
 */
import { eq, sql, type SQL } from "drizzle-orm";
import { notificationSettings as nst } from "../../domain/i18n/sv";
import { notificationSettingsSchema } from "../../domain/validation";
import {
  DEFAULT_NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_OF,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationKind,
} from "../../domain/values";
import type { NotificationSettingsView } from "../../domain/notifications";
import type { Db, Tx } from "../db/client";
import { memberMutes, notificationSettings } from "../db/schema";
import { defineWrite, parseWith, runWrite, unwrap } from "../writes/pipeline";

/** The settings of a member who never changed them. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettingsView = {
  channels: { ...DEFAULT_NOTIFICATION_CHANNELS },
  emailEnabled: true,
  weeklyDigest: false,
  autoSubscribe: true,
};

/**
 * The member's settings, the defaults where they have no row.
 *
 * @param userId the member's id
 * @returns {@link NotificationSettingsView}
 */
export async function getNotificationSettings(db: Db | Tx, userId: string): Promise<NotificationSettingsView> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)).limit(1);
  if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS, channels: { ...DEFAULT_NOTIFICATION_CHANNELS } };
  return {
    channels: {
      followed_thread: row.followedThread as NotificationChannel,
      reply: row.reply as NotificationChannel,
      watched_thread: row.watchedThread as NotificationChannel,
      mention: row.mention as NotificationChannel,
      quote: row.quote as NotificationChannel,
      watched_ticker: row.watchedTicker as NotificationChannel,
      private_message: row.privateMessage as NotificationChannel,
    },
    emailEnabled: row.emailEnabled,
    weeklyDigest: row.weeklyDigest,
    autoSubscribe: row.autoSubscribe,
  };
}

/**
 * SQL: the channel level (`'off' | 'forum' | 'email' | 'push'`) of `kind` for the member whose id
 * `userId` yields, the default where the member has no settings row.
 *
 * @param userId SQL giving a member id (a column such as `c.user_id`)
 * @param kind a notification kind
 */
export function channelOfKind(userId: SQL, kind: NotificationKind): SQL {
  return sql`COALESCE((SELECT ns.${sql.identifier(kind)} FROM ${notificationSettings} ns WHERE ns.user_id = ${userId}),
    ${DEFAULT_NOTIFICATION_CHANNELS[kind]})`;
}

/**
 * SQL: the channel level of the notification type that `type` yields (a column such as
 * `c.type`) for the member `userId`; `'forum'` for an unknown type.
 *
 * @param userId SQL giving a member id
 * @param type SQL giving a notification type
 */
export function channelOfType(userId: SQL, type: SQL): SQL {
  return sql`COALESCE((SELECT ${settingOfType(sql`ns`, type)} FROM ${notificationSettings} ns WHERE ns.user_id = ${userId}),
    ${defaultOfType(type)})`;
}

/**
 * SQL: as {@link channelOfType}, read from a `notification_settings` row the query already joins
 * (`LEFT JOIN notification_settings <alias> ON <alias>.user_id = …`; all columns null when the
 * member has no row: the defaults). Lets a query over many notifications read each member's
 * settings once per row through the join instead of a subquery per row.
 *
 * @param settings SQL naming the joined `notification_settings` row (its alias, e.g. `sql\`ns\``)
 * @param type SQL giving a notification type
 */
export function channelOfTypeJoined(settings: SQL, type: SQL): SQL {
  return sql`COALESCE(${settingOfType(settings, type)}, ${defaultOfType(type)})`;
}

/** `CASE type …`: the settings column of the type's kind in the row `settings`; null for an unknown type. */
function settingOfType(settings: SQL, type: SQL): SQL {
  const columns = sql.join(
    NOTIFICATION_TYPES.map((t) => sql`WHEN ${t} THEN ${settings}.${sql.identifier(NOTIFICATION_KIND_OF[t])}`),
    sql` `,
  );
  return sql`CASE ${type} ${columns} END`;
}

/** `CASE type …`: the default level of the type's kind; `'forum'` for an unknown type. */
function defaultOfType(type: SQL): SQL {
  const defaults = sql.join(
    NOTIFICATION_TYPES.map((t) => sql`WHEN ${t} THEN ${DEFAULT_NOTIFICATION_CHANNELS[NOTIFICATION_KIND_OF[t]]}`),
    sql` `,
  );
  return sql`CASE ${type} ${defaults} ELSE 'forum' END`;
}

/**
 * SQL condition: the member `userId` has not muted the member `actorId` ('Dölj medlem':
 * "notifications from them are not created"). Part of {@link wantsKind} and {@link wantsType},
 * so every notification writer applies it.
 *
 * @param userId SQL giving the recipient's id
 * @param actorId SQL giving the acting member's id (who replied, mentioned, posted …)
 */
export function notMuting(userId: SQL, actorId: SQL): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${memberMutes} mm WHERE mm.muter_id = ${userId} AND mm.muted_id = ${actorId})`;
}

/**
 * SQL condition: the member `userId` wants notifications of `kind` from `actorId` at all: its
 * level is not `off` ('Notiser') and `userId` has not muted `actorId`. Every
 * writer of notification rows filters its recipients with this or {@link wantsType}, so `off` or
 * a mute means no row, no live event, no mail and no push.
 *
 * @param userId SQL giving the recipient's id
 * @param kind the notification kind
 * @param actorId SQL giving the acting member's id
 */
export function wantsKind(userId: SQL, kind: NotificationKind, actorId: SQL): SQL {
  return sql`${channelOfKind(userId, kind)} <> 'off' AND ${notMuting(userId, actorId)}`;
}

/** SQL condition: like {@link wantsKind} for a notification type given as SQL (`c.type`). */
export function wantsType(userId: SQL, type: SQL, actorId: SQL): SQL {
  return sql`${channelOfType(userId, type)} <> 'off' AND ${notMuting(userId, actorId)}`;
}

/** The fields of a `notification_settings` row that the member's choices set. */
type SettingsColumns = Partial<Omit<typeof notificationSettings.$inferInsert, "userId" | "updatedAt">>;

function columnsOf(view: Partial<NotificationSettingsView>): SettingsColumns {
  const c = view.channels;
  return {
    ...(c
      ? {
          followedThread: c.followed_thread,
          reply: c.reply,
          watchedThread: c.watched_thread,
          mention: c.mention,
          quote: c.quote,
          watchedTicker: c.watched_ticker,
          privateMessage: c.private_message,
        }
      : {}),
    ...(view.emailEnabled !== undefined ? { emailEnabled: view.emailEnabled } : {}),
    ...(view.weeklyDigest !== undefined ? { weeklyDigest: view.weeklyDigest } : {}),
    ...(view.autoSubscribe !== undefined ? { autoSubscribe: view.autoSubscribe } : {}),
  };
}

/**
 * Stores some of a member's settings: inserts their row (the defaults for every field not
 * given) or updates only the given fields of it. Used by the writes below, and by scripts and
 * tests (no login, validation or limits here: callers pass checked values).
 *
 * @param userId the member
 * @param changes the fields to set (`channels` replaces all six levels)
 * @returns the member's settings afterwards
 */
export async function updateNotificationSettings(
  db: Db | Tx,
  userId: string,
  changes: Partial<NotificationSettingsView>,
): Promise<NotificationSettingsView> {
  const set = columnsOf(changes);
  await db
    .insert(notificationSettings)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...set, updatedAt: sql`now()` } });
  return getNotificationSettings(db, userId);
}

/**
 * Turns the automatic subscription on or off ('Bevaka trådar jag skapar eller
 * kommenterar'); other settings stay.
 *
 * @param userId the member
 * @param autoSubscribe false = creating or commenting no longer subscribes
 */
export async function setAutoSubscribe(db: Db | Tx, userId: string, autoSubscribe: boolean): Promise<void> {
  await updateNotificationSettings(db, userId, { autoSubscribe });
}

/**
 * 'Spara notisinställningar' as a declared write ('Notiser'): the form's fields
 * (`notificationSettingsSchema` in domain/validation.ts: one level per kind, the checkboxes
 * `auto_subscribe` and `weekly_digest`) → the member's {@link NotificationSettingsView}. Steps:
 * login (401 'Du måste vara inloggad för att ändra dina notiser.') → parse (400 'Välj I forumet,
 * + e-post, + push eller Av för varje typ av notis.' with field errors per kind; nothing stored)
 * → limit `follow` (429) → upsert of the six levels, `auto_subscribe` and `weekly_digest`. The
 * e-mail master switch is left as it is (its own write, {@link emailNotificationsWrite}).
 * Blocked members may change their settings (they only concern what reaches them).
 */
export const notificationSettingsWrite = defineWrite({
  name: "notification-settings",
  // A preference: no cached page shows it.
  changes: () => [],
  login: { message: nst.loginToChange, title: nst.saveFailed },
  parse: (raw: Record<string, unknown>) => parseWith(notificationSettingsSchema, raw, { title: nst.saveFailed }),
  limits: "follow",
  transaction: (tx, { actor }, input) => {
    const channels = Object.fromEntries(Object.keys(DEFAULT_NOTIFICATION_CHANNELS).map((k) => [k, input[k as NotificationKind]])) as Record<
      NotificationKind,
      NotificationChannel
    >;
    return updateNotificationSettings(tx, actor.id, {
      channels,
      autoSubscribe: input.auto_subscribe,
      weeklyDigest: input.weekly_digest,
    });
  },
});

/**
 * 'Stäng av alla e-postnotiser' / 'Slå på e-postnotiser' as a declared write (one
 * click): `{ enabled }` → the member's {@link NotificationSettingsView}. Sets only
 * `email_enabled`; the levels the member chose stay, so turning e-mail on restores them. Steps:
 * login (401) → limit `follow` (429) → upsert.
 */
export const emailNotificationsWrite = defineWrite({
  name: "email-notifications",
  // A preference: no cached page shows it.
  changes: () => [],
  login: { message: nst.loginToChange, title: nst.emailSwitchFailed },
  parse: (raw: { enabled: boolean }) => raw.enabled === true,
  limits: "follow",
  transaction: (tx, { actor }, enabled) => updateNotificationSettings(tx, actor.id, { emailEnabled: enabled }),
});

/**
 * Saves the form's settings ({@link notificationSettingsWrite} without abuse limits, throwing on
 * failure; scripts and tests).
 *
 * @param actor the member
 * @param form the fields as a form posts them
 * @returns {@link NotificationSettingsView}
 * @throws {ForumError} 400 invalid level or checkbox value (Swedish message)
 */
export async function saveNotificationSettings(
  db: Db,
  actor: { id: string; nickname?: string },
  form: Record<string, unknown>,
): Promise<NotificationSettingsView> {
  const writeActor = { id: actor.id, role: "member" as const, nickname: actor.nickname ?? "" };
  return unwrap(await runWrite(notificationSettingsWrite, { db, actor: writeActor }, form)).value;
}
