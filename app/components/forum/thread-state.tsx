/**
 * What every reader sees of a thread's moderation state (docs/decisions/053-thread-tools.md):
 * the 'Fäst' badge in lists and on the thread, the 'Tråden är låst' notice in place of the
 * comment box, and the 'Långsamt läge' line with the member's own next time as a personal part
 * (app/lib/personal.tsx). Plain elements. Every byte here is in a thread page's first visit
 * (tests/build/thread-page-js.test.ts), so the longer texts come from the catalogue through the
 * loader (`server/thread-tools/page.ts`), symbols are emoji rather than icons, and only the two
 * words of `threadState` are imported.
 *
 * @module
 */
import { threadState as ts } from "../../../domain/i18n/sv";
import { Personal } from "../../lib/personal";

/** The 'Fäst' pill of a pinned thread (amber, like the other badges it stands beside). */
export function PinnedBadge() {
  return (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      <span aria-hidden>📌 </span>
      {ts.pinned}
    </span>
  );
}

/**
 * The notice of a locked thread, in place of the comment box: 'Tråden är låst' and what it means
 * for the viewer.
 *
 * @param props.text the catalogue's explanation for this viewer (staff: they may still comment)
 */
export function LockedNotice({ text }: { text: string }) {
  return (
    <div role="status" className="space-y-1 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
      <p className="font-semibold">
        <span aria-hidden>🔒 </span>
        {ts.locked}
      </p>
      <p className="text-sm">{text}</p>
    </div>
  );
}

/** A member's slow-mode state as a personal part. */
export interface SlowModeState {
  /** 'Du kan kommentera igen kl. HH:MM.' while the member must wait; null when they may post. */
  text: string | null;
}

/**
 * The name of the slow-mode line's personal part.
 *
 * @param threadId the thread
 * @returns `slow-mode:<threadId>`
 */
export function slowModePart(threadId: string): string {
  return `slow-mode:${threadId}`;
}

/**
 * 'Långsamt läge: en kommentar per N minuter.', and for a member held back 'Du kan kommentera igen
 * kl. HH:MM.' (their own part of a shared page).
 *
 * @param props.threadId the thread
 * @param props.rule the rule's text
 * @param props.state the viewer's {@link SlowModeState} (the generic member's in a shared render)
 */
export function SlowModeLine({ threadId, rule, state }: { threadId: string; rule: string; state: SlowModeState }) {
  return (
    <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
      <span aria-hidden>⏱ </span>
      {rule}
      <Personal name={slowModePart(threadId)} value={state}>
        {/* Always the one element, empty for a member who may post now: the shared render finds
            the part by its markup (server/cache/page-cache.ts). */}
        {(own) => <span data-slow-mode="" className="font-semibold">{own.text ? ` ${own.text}` : null}</span>}
      </Personal>
    </p>
  );
}
