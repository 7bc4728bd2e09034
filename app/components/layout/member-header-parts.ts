/**
 * The forum header's member-only components in one module (a visitor's first visit
 * downloads none of them): the notification bell with its live count and the activity log. Loaded through
 * `member-header-lazy.ts` (`memberModule`, app/lib/lazy.ts); import from there, never from here.
 *
 * @module
 */
export { NotificationBell } from "../notifications/notification-bell";
export { ActivityTracker } from "../presence/activity-tracker";
