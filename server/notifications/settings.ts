/**
 * A member's notification settings (issue 18 'Notiser'): the channel level of each kind
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
import {
  DEFAULT_NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_OF,

  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationKind,
} from "../../domain/values";
import type { NotificationSettingsView } from "../../domain/notifications";
import type { Db, Tx } from "../db/client";
import { notificationSettings } from "../db/schema";

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
  const columns = sql.join(
    NOTIFICATION_TYPES.map((t) => sql`WHEN ${t} THEN ns.${sql.identifier(NOTIFICATION_KIND_OF[t])}`),
    sql` `,
  );
  const defaults = sql.join(
    NOTIFICATION_TYPES.map((t) => sql`WHEN ${t} THEN ${DEFAULT_NOTIFICATION_CHANNELS[NOTIFICATION_KIND_OF[t]]}`),
    sql` `,
  );
  return sql`COALESCE((SELECT CASE ${type} ${columns} END FROM ${notificationSettings} ns WHERE ns.user_id = ${userId}),
    CASE ${type} ${defaults} ELSE 'forum' END)`;
}

/**
 * SQL condition: the member `userId` wants notifications of `kind` at all (its level is not
 * `off`). Every writer of notification rows filters its recipients with this or
 * {@link wantsType}, so `off` means no row, no live event, no mail and no push.
 */
export function wantsKind(userId: SQL, kind: NotificationKind): SQL {
  return sql`${channelOfKind(userId, kind)} <> 'off'`;
}

/** SQL condition: like {@link wantsKind} for a notification type given as SQL. */
export function wantsType(userId: SQL, type: SQL): SQL {
  return sql`${channelOfType(userId, type)} <> 'off'`;
}



