/**
 * The header's member-only controls, in the order they sit: the activity log (renders nothing),
 * 'Inkorg' with its badge and the notification bell. One component, so the visitor's header
 * carries one lazy wrapper for them all.
 *
 * @module
 */
import { InboxLink } from "../inbox/inbox-link";
import { NotificationBell } from "../notifications/notification-bell";
import { ActivityTracker } from "../presence/activity-tracker";
import { useViewer } from "../../lib/viewer";

/** The controls; the unread conversation count is the viewer's (no props: the visitor's header code stays smaller). */
export function MemberHeaderControls() {
  return (
    <>
      <ActivityTracker />
      <InboxLink unread={useViewer()?.inboxUnread ?? 0} />
      <NotificationBell />
    </>
  );
}
