/**
 * The forum header's member-only components in one module (a visitor's first visit
 * downloads none of them): the activity log, the 'Inkorg' link with its badge and the
 * notification bell with its live count (`MemberHeaderControls`). Loaded through
 * `member-header-lazy.ts` (`memberModule`, app/lib/lazy.ts); import from there, never from here.
 *
 * @module
 */
export { MemberHeaderControls } from "./member-header-controls";
