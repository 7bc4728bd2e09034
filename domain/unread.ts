/**
 * Names of the unread personal parts (docs/decisions/052-unread-and-links.md), shared by the
 * pages that declare them and the readers that fill them.
 *
 * @module
 */

/** A thread row's unread mark ('N nya' or the new-thread dot); its state is an `UnreadState` or null. */
export const unreadPart = (threadId: string) => `unread:${threadId}`;

/** The thread page's unread notice and landing; its state is the member's `ThreadReadState` or null. */
export const THREAD_UNREAD_PART = "thread-unread";
