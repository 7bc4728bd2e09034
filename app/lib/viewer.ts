/**
 * The logged-in member as the browser knows them (from the root loader).
 *
 * @module
 */
import { useRouteLoaderData } from "react-router";
import type { SiteCan } from "../../domain/policy/actor";

/** Public fields of the logged-in member; no e-mail, no secrets. */
export interface ClientViewer {
  id: string;
  nickname: string;
  /** What the viewer may open (header and admin links), from `siteCan` on the server; never a role name. */
  can: SiteCan;
  avatarUrl: string | null;
  /** 0..1, for the avatar ring. */
  edgeLevel: number;
  /** Whether the account has a password (SPEC §4 hasPassword): menu shows 'Ställ in' or 'Byt'. */
  hasPassword: boolean;
}

/**
 * The logged-in member, or `null` for a visitor.
 *
 * @returns {@link ClientViewer} | null
 */
export function useViewer(): ClientViewer | null {
  const data = useRouteLoaderData("root") as { viewer: ClientViewer | null } | undefined;
  return data?.viewer ?? null;
}
