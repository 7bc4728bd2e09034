/**
 * The report queue's private-message part (docs/decisions/055-private-messages.md): messages
 * held for review ('Släpp' / 'Ta bort') and reported messages with the 5 messages before each
 * ('Avfärda' / 'Ta bort'). These are the only private messages staff ever see.
 *
 * @module
 */
import { useFetcher } from "react-router";
import { inbox as ib, moderation as m } from "../../../domain/i18n/sv";
import type { ReportedMessageView, StaffMessageView } from "../../../domain/messages";
import { useActionToast, type ActionAnswer } from "../../lib/use-action-toast";
import { RelativeTime } from "../forum/relative-time";
import { buttonClass } from "../ui/button";

function Line({ message, strong }: { message: StaffMessageView; strong?: boolean }) {
  return (
    <div className={`rounded-lg px-3 py-2 text-sm ${strong ? "border border-red-200 bg-red-50" : "bg-slate-50"}`}>
      <p className="text-xs text-slate-600">
        <span className="font-semibold text-slate-800">{message.authorNickname ?? ib.unknownAuthor}</span> · <RelativeTime iso={message.createdAt} />
      </p>
      {message.deleted ? (
        <p className="italic text-slate-500">{ib.deleted}</p>
      ) : (
        // `cooked` is post-body.tsx's COOKED_CLASSES: importing that module would put the thread
        // page's post code in every admin page's first download.
        <div className="cooked [overflow-wrap:anywhere]" dangerouslySetInnerHTML={{ __html: message.html }} />
      )}
    </div>
  );
}

function Decide({ messageId, actions }: { messageId: string; actions: Array<{ action: "release" | "delete" | "dismiss"; label: string }> }) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionToast(fetcher.data);
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((a) => (
        <fetcher.Form key={a.action} method="post">
          <input type="hidden" name="intent" value="message" />
          <input type="hidden" name="messageId" value={messageId} />
          <input type="hidden" name="action" value={a.action} />
          <button type="submit" disabled={fetcher.state !== "idle"} className={buttonClass(a.action === "delete" ? "danger" : "secondary")}>
            {a.label}
          </button>
        </fetcher.Form>
      ))}
    </div>
  );
}

/** Held and reported private messages. */
export function MessageQueue({ held, reported }: { held: StaffMessageView[]; reported: ReportedMessageView[] }) {
  return (
    <>
      <section className="space-y-3" aria-labelledby="held-messages">
        <h2 id="held-messages" className="text-lg font-bold">
          {ib.heldQueueTitle}
        </h2>
        <p className="text-sm text-slate-600">{ib.heldQueueHint}</p>
        {held.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-center text-slate-600">{ib.heldQueueEmpty}</p>
        ) : (
          <ul className="space-y-3">
            {held.map((msg) => (
              <li key={msg.id} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4" data-testid="held-message">
                <Line message={msg} />
                <Decide messageId={msg.id} actions={[{ action: "release", label: ib.release }, { action: "delete", label: ib.delete }]} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {reported.length === 0 ? null : (
        <section className="space-y-3" aria-labelledby="reported-messages">
          <h2 id="reported-messages" className="text-lg font-bold">
            {ib.reportedMessage}
          </h2>
          <ul className="space-y-3">
            {reported.map((r) => (
              <li key={r.message.id} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4" data-testid="reported-message">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="rounded-full bg-red-50 px-2 py-0.5 font-bold text-red-700">{m.reportCount(r.reportCount)}</span>
                  {r.reasons.map((reason) => (
                    <span key={reason} className="rounded-full border border-slate-200 px-2 py-0.5 text-slate-700">
                      {m.reasons[reason]}
                    </span>
                  ))}
                </div>
                {r.before.length > 0 ? (
                  <details>
                    <summary className="cursor-pointer text-sm font-semibold text-slate-700">{ib.contextBefore}</summary>
                    <div className="mt-2 space-y-1">
                      {r.before.map((b) => (
                        <Line key={b.id} message={b} />
                      ))}
                    </div>
                  </details>
                ) : null}
                <Line message={r.message} strong />
                {r.details.map((d, i) => (
                  <p key={i} className="text-sm text-slate-700">
                    “{d}”
                  </p>
                ))}
                <Decide messageId={r.message.id} actions={[{ action: "dismiss", label: m.dismiss }, { action: "delete", label: ib.delete }]} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
