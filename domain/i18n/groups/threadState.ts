/**
 * The two words of a thread's moderation state that a thread page's first visit carries: the
 * 'Fäst' badge (lists and the thread) and 'Tråden är låst' (the notice's heading, the disabled
 * reaction chips' hint, the server's refusal). Everything longer (the notice's text, the slow-mode
 * line) comes from `threadTools` through the loader, so the first visit stays small
 * (tests/build/thread-page-js.test.ts; docs/decisions/053-thread-tools.md).
 */
export const threadState = {
  pinned: "Fäst",
  locked: "Tråden är låst",
} as const;
