/**
 * Who may write to whom and what a member may do with a message ('Inkorg',
 * docs/decisions/055-private-messages.md). Pure functions; the server enforces them in the
 * message writes (server/messages/commands.ts) and the conversation page shows their answers as
 * `can`. Staff have no powers here: a moderator or admin reads only their own conversations
 * (and, in the report queue, the reported messages with the 5 before them).
 *
 * @module
 */
import { MESSAGE_EDIT_WINDOW_S } from "../messages";
import type { MessagesFrom } from "../values";

/** What the rule needs to know about a recipient, as seen from the sender. */
export interface RecipientStance {
  /** The recipient's 'Vem får starta en konversation med dig' setting. */
  messagesFrom: MessagesFrom;
  /** The recipient follows the sender. */
  followsSender: boolean;
  /** The recipient mutes the sender ('Dölj medlem'). */
  mutesSender: boolean;
}

/**
 * Whether a member may start a conversation with a recipient: never with a member who mutes
 * them; otherwise as the recipient's setting says (everyone; only members they follow; nobody).
 *
 * @param recipient {@link RecipientStance}
 * @returns true when allowed
 */
export function mayStartConversation(recipient: RecipientStance): boolean {
  if (recipient.mutesSender) return false;
  if (recipient.messagesFrom === "nobody") return false;
  if (recipient.messagesFrom === "following") return recipient.followsSender;
  return true;
}

/**
 * Whether a member may write in a conversation they are in: not in a one-to-one conversation
 * whose other member now mutes them or has deleted their account (a group goes on; a member who
 * mutes the sender does not see the sender's messages there).
 *
 * @param conversation `isGroup`, and for a one-to-one the other member's stance (null: deleted)
 * @returns true when allowed
 */
export function maySendIn(conversation: { isGroup: boolean; other: { mutesSender: boolean } | null }): boolean {
  if (conversation.isGroup) return true;
  return conversation.other !== null && !conversation.other.mutesSender;
}

/** A message as the rules see it. */
export interface MessageFacts {
  authorId: string | null;
  /** Sent at (ms since epoch). */
  createdAtMs: number;
  deleted: boolean;
}

/**
 * What a participant may do with a message: the author edits it for
 * {@link MESSAGE_EDIT_WINDOW_S} and deletes it any time; anyone else reports it ('Anmäl').
 *
 * @param viewerId the participant
 * @param message {@link MessageFacts}
 * @param nowMs the clock (ms since epoch)
 * @returns `{ edit, delete, report }`
 */
export function messageCan(viewerId: string, message: MessageFacts, nowMs: number): { edit: boolean; delete: boolean; report: boolean } {
  const own = message.authorId !== null && message.authorId === viewerId;
  if (message.deleted) return { edit: false, delete: false, report: false };
  return {
    edit: own && nowMs - message.createdAtMs <= MESSAGE_EDIT_WINDOW_S * 1000,
    delete: own,
    report: !own && message.authorId !== null,
  };
}
