/**
 * How a page's loader declares its personal parts' reader (domain/personal.ts) to the page cache
 * (./page-cache.ts). A generic member render asks React Router for the page with
 * `GENERIC_RENDER_HEADER` set to this process's secret and a fresh {@link PersonalParts} in
 * {@link personalContext}: `getViewer` then answers the generic member, each loader adds its
 * reader with {@link sharePersonal}, and each `<Personal>` adds its part (app/entry.server.tsx).
 *
 * @module
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { PersonalParts, PersonalReader } from "../../domain/personal";
import type { Viewer } from "../accounts/session";

export { GENERIC_RENDER_HEADER, genericRenderSecret, isGenericRender } from "../accounts/session";

/** The personal parts a generic render collects; null for every other render. */
export const personalContext = createContext<PersonalParts<Viewer> | null>(null);

/**
 * Called by a page's loader: declares what the member's own parts of the page need. A no-op
 * outside a generic render.
 *
 * @param context the loader's context
 * @param reader reads a member's states of the page's parts, or null to render the page for them alone
 * @param renew strings of the loader's data that each answer replaces with a new UUID (a form's
 *   idempotency key)
 * @returns `{ shared: true }` in a generic render (spread into the loader data, so the browser
 *   knows the data is the generic member's and takes the member's states while it hydrates),
 *   else `{}`
 */
export function sharePersonal(context: Readonly<RouterContextProvider>, reader: PersonalReader<Viewer>, renew: string[] = []): { shared?: true } {
  const parts = context.get(personalContext);
  if (!parts) return {};
  parts.readers.push(reader);
  parts.renew.push(...renew);
  return { shared: true };
}

/**
 * The reader of a list page (threads, search results): no parts of its own; a member who mutes a
 * listed author gets the page rendered alone (the list collapses that author's posts).
 *
 * @param authorIds the ids of the listed posts' authors (null: deleted, or not a post)
 * @returns the reader
 */
export function listReader(authorIds: ReadonlyArray<string | null | undefined>): PersonalReader<Viewer> {
  const ids = [...new Set(authorIds)].filter((id): id is string => Boolean(id));
  return (member) => (ids.some((id) => member.mutedIds.has(id)) ? null : {});
}
