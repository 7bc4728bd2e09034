/**
 * The forum header's member-only components (`member-header-parts.ts`), loaded as one module: on
 * the server and before a member's page hydrates at once, for a visitor never
 * (`memberModule`, app/lib/lazy.ts).
 *
 * @module
 */
import { memberModule } from "../../lib/lazy";

const parts = memberModule(() => import("./member-header-parts"));

/** `MemberHeaderControls` (./member-header-controls.tsx): activity log, 'Inkorg' and the bell. */
export const MemberHeaderControls = parts.component((m) => m.MemberHeaderControls);
