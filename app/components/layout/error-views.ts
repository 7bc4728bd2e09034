/**
 * The error views (`not-found.tsx`: 404, not-found box, 'Anslutningsproblem', unavailable), loaded
 * only by a page that shows one: on the server and before such a page hydrates at once
 * (`errorViewModule`, app/lib/lazy.ts; a first visit to a thread downloads none of it).
 * Each renders like the component it stands for.
 *
 * @module
 */
import { errorViewModule } from "../../lib/lazy";

const views = errorViewModule(() => import("./not-found"));

/** `NotFound`: the 404 page. */
export const NotFound = views.component((m) => m.NotFound);
/** `ConnectionProblem`: 'Anslutningsproblem' (SPEC §8). */
export const ConnectionProblem = views.component((m) => m.ConnectionProblem);
/** `Unavailable`: 'Forumet är tillfälligt otillgängligt'. */
export const Unavailable = views.component((m) => m.Unavailable);
/** `RouteErrorBox`: a forum route's error boundary (unavailable, or its not-found box). */
export const RouteErrorBox = views.component((m) => m.RouteErrorBox);
