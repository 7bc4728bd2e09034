/**
 * The forum header's member-only components (`member-header-parts.ts`), loaded as one module: on
 * the server and before a member's page hydrates at once, for a visitor never
 * (`memberModule`, app/lib/lazy.ts).
 *
 * @module
 */
import { memberModule } from "../../lib/lazy";

const parts = memberModule(() => import("./member-header-parts"));

/** `NotificationBell` (notifications/notification-bell.tsx): the bell with its unread count. */
export const NotificationBell = parts.component((m) => m.NotificationBell);
/** `ActivityTracker` (presence/activity-tracker.tsx): logs the member's activity, throttled. */
export const ActivityTracker = parts.component((m) => m.ActivityTracker);
