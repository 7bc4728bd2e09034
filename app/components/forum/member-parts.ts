/**
 * The thread page's member-only components in one module (a visitor's first visit to a
 * thread downloads none of them): the comment form with its image upload, drafts and stances, the
 * 'Spara' button, the 'Åtgärder' menu and delete confirmation, the quote-selection button and the
 * collapsed post of a muted member, and the read tracker. Loaded through `member-parts-lazy.ts` (`memberModule`,
 * app/lib/lazy.ts); import the components from there, never from here.
 *
 * @module
 */
export { CommentForm } from "./comment-form";
export { SaveButton } from "./save-button";
export { DeleteProvider, ModerationMenu } from "./moderation-menu";
export { MutedItem } from "./muted-item";
export { SelectableQuote } from "./quotable";
export { ReadTracker } from "./read-tracker";
export { ThreadUnreadNotice, UnreadDivider } from "./unread-divider";
export { draftKeys, hasDraft } from "../../lib/drafts";
