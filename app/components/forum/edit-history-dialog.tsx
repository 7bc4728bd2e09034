/**
 * The edit-history dialog of a post, loaded when 'redigerad …' is first
 * clicked by `edit-history.tsx`: a Radix Dialog that, while open, loads
 * `/api/revisions/{targetType}/{id}` and lists each kept edit with its word diff.
 *
 * @module
 */
import { Dialog } from "radix-ui";
import { useEffect, useState } from "react";
import { editing as ed } from "../../../domain/i18n/sv";
import type { TargetType } from "../../../domain/values";
import type { DiffPart, RevisionView } from "../../../domain/views";
import { formatDateTime, formatRelative } from "../../lib/dates";
import { buttonClass } from "../ui/button";
import type { LazyWidgetProps } from "../ui/lazy-widget";

/**
 * A word diff as inline text.
 *
 * @param props.parts the diff (server/forum/revisions.ts `wordDiff`)
 */
function DiffText({ parts }: { parts: DiffPart[] }) {
  return (
    <p className="whitespace-pre-wrap rounded-md bg-slate-50 p-2 text-sm text-slate-800 [overflow-wrap:anywhere]">
      {parts.map((part, i) =>
        part.removed ? (
          <del key={i} className="rounded-sm bg-red-100 px-0.5 text-red-900 line-through decoration-2">
            <span className="sr-only">{ed.removed} </span>
            {part.value}
          </del>
        ) : part.added ? (
          <ins key={i} className="rounded-sm bg-green-100 px-0.5 text-green-900 underline decoration-2">
            <span className="sr-only">{ed.added} </span>
            {part.value}
          </ins>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </p>
  );
}

type Loaded = { state: "loading" } | { state: "failed" } | { state: "done"; revisions: RevisionView[] };

/** The dialog's content: fetches the history once it opens. */
function HistoryList({ targetType, id }: { targetType: TargetType; id: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  useEffect(() => {
    let live = true;
    fetch(`/api/revisions/${targetType}/${id}`, { headers: { accept: "application/json" } })
      .then(async (res) => {
        const body = (await res.json()) as { ok: boolean; revisions?: RevisionView[] };
        if (live) setLoaded(res.ok && body.revisions ? { state: "done", revisions: body.revisions } : { state: "failed" });
      })
      .catch(() => live && setLoaded({ state: "failed" }));
    return () => {
      live = false;
    };
  }, [targetType, id]);
  if (loaded.state === "loading") return <p className="text-sm text-slate-500">{ed.historyLoading}</p>;
  if (loaded.state === "failed") return <p role="alert" className="text-sm text-red-600">{ed.historyFailed}</p>;
  if (loaded.revisions.length === 0) return <p className="text-sm text-slate-500">{ed.historyEmpty}</p>;
  return (
    <ol className="space-y-4">
      {loaded.revisions.map((r) => (
        <li key={r.id} className="space-y-2 border-b border-slate-100 pb-3 last:border-0">
          <p className="text-sm text-slate-600">
            <span className="font-semibold text-slate-800">{ed.revisionBy(r.editorNickname)}</span> ·{" "}
            <time dateTime={r.createdAt} title={formatDateTime(r.createdAt)}>
              {formatRelative(r.createdAt)}
            </time>
          </p>
          {r.title ? (
            <div className="space-y-1">
              <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{ed.titleChange}</p>
              <DiffText parts={r.title} />
            </div>
          ) : null}
          {r.body.length > 0 ? (
            <div className="space-y-1">
              {r.title ? <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{ed.bodyChange}</p> : null}
              <DiffText parts={r.body} />
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * @param props.open - whether the dialog is open; `onOpenChange` is called with the wanted state
 * @param props.trigger - the 'redigerad …' button's look
 * @param props.targetType - `thread` or `comment`
 * @param props.id - the post's id
 */
export function HistoryDialog({ open, onOpenChange, trigger, targetType, id }: LazyWidgetProps & { targetType: TargetType; id: string }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger {...trigger} />
      {open ? (
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 dark:bg-black/60" />
          <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[85vh] w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
            <Dialog.Title className="text-lg font-bold">{ed.historyTitle}</Dialog.Title>
            <Dialog.Description className="text-sm text-slate-600">{ed.historyDescription}</Dialog.Description>
            <HistoryList targetType={targetType} id={id} />
            <div className="flex justify-end">
              <Dialog.Close className={buttonClass("secondary")}>{ed.close}</Dialog.Close>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      ) : null}
    </Dialog.Root>
  );
}
