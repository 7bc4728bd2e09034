/**
 * The thread page's poll ('Omröstning', poll.tsx) as a module of its own: a thread without a poll
 * downloads none of it, and a page the server drew a poll into (an element with `data-poll`) loads
 * it before it hydrates (`hydrationModule`, app/lib/lazy.ts), so the first paint's JavaScript
 * budget (tests/build/thread-page-js.test.ts) stays what it was.
 *
 * @module
 */
import { hydrationModule } from "../../lib/lazy";

const parts = hydrationModule(
  () => import("./poll"),
  (doc) => doc.querySelector("[data-poll]") !== null,
);

/** `Poll` (poll.tsx): the poll of a thread, its vote form and results. */
export const Poll = parts.component((m) => m.Poll);
