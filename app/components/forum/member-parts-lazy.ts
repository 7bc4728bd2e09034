/**
 * The thread page's member-only components (`member-parts.ts`), loaded as one module: on the
 * server and before a member's page hydrates at once, for a visitor never
 * (`memberModule`, app/lib/lazy.ts). Each renders like the component it stands for.
 *
 * @module
 */
import { memberModule } from "../../lib/lazy";

const parts = memberModule(() => import("./member-parts"));

/** `CommentForm` (comment-form.tsx): a comment, reply or edit composer. */
export const CommentForm = parts.component((m) => m.CommentForm);
/** `SaveButton` (save-button.tsx): 'Spara' / 'Sparad' on a thread or comment. */
export const SaveButton = parts.component((m) => m.SaveButton);
/** `DeleteProvider` (moderation-menu.tsx): the page's delete confirmation. */
export const DeleteProvider = parts.component((m) => m.DeleteProvider);
/** `ModerationMenu` (moderation-menu.tsx): the 'Åtgärder' menu of one item. */
export const ModerationMenu = parts.component((m) => m.ModerationMenu);
/** `MutedItem` (muted-item.tsx): a muted member's post collapsed to one line. */
export const MutedItem = parts.component((m) => m.MutedItem);
/** `SelectableQuote` (quotable.tsx): a post body with the 'Citera' button of a selection. */
export const SelectableQuote = parts.component((m) => m.SelectableQuote);
/** `ReadTracker` (read-tracker.tsx): reports the comments on the member's screen as read. */
export const ReadTracker = parts.component((m) => m.ReadTracker);
/** `ThreadUnreadNotice` (unread-divider.tsx): 'N nya kommentarer …' when the first unread is on another page. */
export const ThreadUnreadNotice = parts.component((m) => m.ThreadUnreadNotice);
/** `UnreadDivider` (unread-divider.tsx): 'Nya kommentarer' before the first unread comment. */
export const UnreadDivider = parts.component((m) => m.UnreadDivider);
/** Loads (once) the whole module, e.g. for its draft helpers; resolves with it. */
export const loadMemberParts = parts.preload;
