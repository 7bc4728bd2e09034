/**
 * The generic member's render
 * (docs/decisions/039-shared-member-render.md): how a page is rendered once for every plain member,
 * and how its loaders say what on the page is personal.
 *
 * The shared member render (`server/cache/member-pages.ts`) asks React Router for the page with
 * the header {@link GENERIC_RENDER_HEADER} set to this process's secret and a render id. For such a
 * request `getViewer` (server/session.ts) answers its `GENERIC_VIEWER`, and the page's loader
 * reports a {@link PageManifest} with {@link reportManifest}: which posts and authors the page
 * shows, so the member's own state can be read for exactly those, and pages a member wrote on or
 * mutes an author of are rendered for them alone. The secret is random per process, so a client
 * cannot ask for a generic render itself (and would only get a page without anything personal).
 *
 * @module
 */
import { randomBytes, timingSafeEqual } from "node:crypto";

/** The request header that marks a generic render: `<secret>:<render id>`. */
export const GENERIC_RENDER_HEADER = "x-borssnack-generic-render";

/** This process's secret (32 hex characters). */
const SECRET = randomBytes(16).toString("hex");
const SECRET_BYTES = Buffer.from(SECRET);

/**
 * What a page's loader says about the page it rendered for the generic member.
 *
 * - `thread`: the thread page; its posts (the thread and every comment and reply shown), each
 *   post's author by post key (`thread:<id>`, `comment:<id>`; deleted authors absent), and the
 *   comment forms' key in the markup.
 * - `list`: a list of threads or search results; the authors shown.
 * - `profile`: another member's profile page; whose it is.
 */
export type PageManifest =
  | { kind: "thread"; threadId: string; commentIds: string[]; authors: Record<string, string>; submitKey: string }
  | { kind: "list"; authorIds: string[]; search: boolean }
  | { kind: "profile"; profileId: string }
  | { kind: "notifications" };

const manifests = new Map<string, PageManifest>();
let renders = 0;

/**
 * Headers for a generic render of a page.
 *
 * @returns `{ header, renderId }`: the header value to send and the id to {@link takeManifest} with
 */
export function genericRenderHeader(): { value: string; renderId: string } {
  renders += 1;
  const renderId = String(renders);
  return { value: `${SECRET}:${renderId}`, renderId };
}

/** The render id of a generic render request, or null for every other request. */
function renderIdOf(request: Request): string | null {
  const value = request.headers.get(GENERIC_RENDER_HEADER);
  if (!value || value.length <= SECRET.length || value[SECRET.length] !== ":") return null;
  const given = Buffer.from(value.slice(0, SECRET.length));
  if (given.length !== SECRET_BYTES.length || !timingSafeEqual(given, SECRET_BYTES)) return null;
  return value.slice(SECRET.length + 1);
}

/**
 * Whether `request` is this process's generic render.
 *
 * @param request a loader's request
 * @returns true only for the requests {@link genericRenderHeader} marked
 */
export function isGenericRender(request: Request): boolean {
  return renderIdOf(request) !== null;
}

/**
 * Called by a page loader: what the page shows, for the shared member render. A no-op for every
 * request that is not a generic render.
 *
 * @param request the loader's request
 * @param manifest what the page shows
 */
export function reportManifest(request: Request, manifest: PageManifest): void {
  const id = renderIdOf(request);
  if (id !== null) manifests.set(id, manifest);
}

/**
 * The manifest a generic render's loader reported, removed from the table.
 *
 * @param renderId from {@link genericRenderHeader}
 * @returns the manifest, or undefined when the page reported none (not a page the shared render
 *   serves: it is rendered for each member as before)
 */
export function takeManifest(renderId: string): PageManifest | undefined {
  const manifest = manifests.get(renderId);
  manifests.delete(renderId);
  return manifest;
}
