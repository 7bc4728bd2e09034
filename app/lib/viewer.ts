/**
 * The logged-in member as the browser knows them (from the root loader, or on a page from the
 * shared member render, from the page's personal states: `domain/personal.ts`).
 *
 * @module
 */
import { useRouteLoaderData } from "react-router";
import { GENERIC_VIEWER_ID, VIEWER_PART, type OverlayViewer } from "../../domain/personal";
import { pageStates } from "./personal";

/**
 * Public fields of the logged-in member; no e-mail, no secrets. `can` is what the viewer may open
 * (header and admin links), from `siteCan` on the server, never a role name; `edgeLevel` 0..1 for
 * the avatar ring; `hasPassword` (SPEC §4) makes the menu show 'Ställ in' or 'Byt'.
 */
export type ClientViewer = OverlayViewer;

/**
 * The logged-in member, or `null` for a visitor. On a page from the shared member render the root
 * loader's viewer is the generic member; the browser then takes the member from the page's states (the
 * server rendered the header for the same member, so hydration matches).
 *
 * @returns {@link ClientViewer} | null
 */
export function useViewer(): ClientViewer | null {
  const data = useRouteLoaderData("root") as { viewer: ClientViewer | null } | undefined;
  const viewer = data?.viewer ?? null;
  if (viewer?.id === GENERIC_VIEWER_ID) return (pageStates()?.[VIEWER_PART] as ClientViewer | undefined) ?? viewer;
  return viewer;
}
