/**
 * The comment the thread page's 'Nya kommentarer' divider goes before (docs/decisions/052):
 * provided by the thread page, set by the member's read tracker, read by each comment's
 * `UnreadDivider` (member-only, ./unread-divider.tsx). Its own module so visitors' code holds
 * only this.
 *
 * @module
 */
import { createContext } from "react";

/** The id of the comment the divider goes before; null: none. */
export const UnreadDividerContext = createContext<string | null>(null);
