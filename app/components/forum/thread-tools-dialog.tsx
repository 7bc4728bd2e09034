/**
 * The confirmation dialogs of the moderators' thread tools (docs/decisions/053-thread-tools.md),
 * loaded when one first opens (`thread-tools.tsx`). Each posts its intent to the thread page's
 * action and closes on the answer: a toast for 'Fäst', 'Lås' and 'Långsamt läge'; the new page
 * (with its toast) after 'Flytta' and 'Slå ihop', which answer with a redirect.
 *
 * @module
 */
import { Dialog } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { threadTools as tl } from "../../../domain/i18n/sv";
import { mergeTargetId } from "../../../domain/thread-tools";
import { SLOW_MODE_MINUTES } from "../../../domain/values";
import type { SearchResult } from "../../../domain/search";
import { useActionToast, type ActionAnswer } from "../../lib/use-action-toast";
import { buttonClass } from "../ui/button";
import type { ThreadToolDialogKind, ThreadToolsData } from "./thread-tools";

/** What each dialog says, posts and confirms with. */
const LOOK: Record<ThreadToolDialogKind, { title: string; text?: string; intent: string; fields?: Record<string, string>; confirm: string; danger?: boolean }> = {
  pin: { title: tl.pinTitle, text: tl.pinText, intent: "pin", fields: { pin: "category" }, confirm: tl.pin },
  "pin-home": { title: tl.pinHomeTitle, text: tl.pinHomeText, intent: "pin", fields: { pin: "home" }, confirm: tl.pinHome },
  unpin: { title: tl.unpinTitle, text: tl.unpinText, intent: "pin", fields: { pin: "off" }, confirm: tl.unpin },
  lock: { title: tl.lockTitle, text: tl.lockText, intent: "lock", confirm: tl.lock, danger: true },
  unlock: { title: tl.unlockTitle, text: tl.unlockText, intent: "unlock", confirm: tl.unlock },
  move: { title: tl.moveTitle, text: tl.moveText, intent: "move", confirm: tl.move },
  merge: { title: tl.mergeTitle, intent: "merge", confirm: tl.merge, danger: true },
  "slow-mode": { title: tl.slowModeTitle, text: tl.slowModeText, intent: "slow-mode", confirm: tl.save },
};

/** A choice row at least 44 px high, the whole row its label (as the report dialog's reasons). */
const rowClass =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm hover:bg-slate-50 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-200";

/**
 * One tool's dialog.
 *
 * @param props.kind the tool
 * @param props.tools the thread and the viewer's tools
 * @param props.onClose called after the answer, or when dismissed while idle
 */
export function ThreadToolDialog({ kind, tools, onClose }: { kind: ThreadToolDialogKind; tools: ThreadToolsData; onClose: () => void }) {
  const fetcher = useFetcher<ActionAnswer>();
  const busy = fetcher.state !== "idle";
  const look = LOOK[kind];
  const [ready, setReady] = useState(kind !== "move" && kind !== "merge");
  useActionToast(fetcher.data);
  // Closes once a submission has finished: its answer shown, or the redirect's page loaded.
  const was = useRef(fetcher.state);
  useEffect(() => {
    if (was.current !== "idle" && fetcher.state === "idle") onClose();
    was.current = fetcher.state;
  }, [fetcher.state, onClose]);
  return (
    <Dialog.Root open onOpenChange={(open) => (!open && !busy ? onClose() : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 dark:bg-black/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-bold">{look.title}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600">{kind === "merge" ? tl.mergeText(tools.title) : look.text}</Dialog.Description>
          <fetcher.Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value={look.intent} />
            {Object.entries(look.fields ?? {}).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            {kind === "move" ? <CategoryChoice tools={tools} onReady={setReady} /> : null}
            {kind === "merge" ? <MergeTarget tools={tools} onReady={setReady} /> : null}
            {kind === "slow-mode" ? <SlowModeChoices current={tools.slowModeMinutes} /> : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close className={buttonClass("secondary", "min-h-11")} type="button" disabled={busy}>
                {tl.cancel}
              </Dialog.Close>
              <button type="submit" className={buttonClass(look.danger ? "danger" : "primary", "min-h-11")} disabled={busy || !ready}>
                {look.confirm}
              </button>
            </div>
          </fetcher.Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** 'Flytta': the category select (the thread's own category left out). */
function CategoryChoice({ tools, onReady }: { tools: ThreadToolsData; onReady: (ready: boolean) => void }) {
  const others = tools.categories.filter((c) => c.id !== tools.categoryId);
  return (
    <div className="space-y-1">
      <label htmlFor="thread-move-category" className="block text-sm font-semibold">
        {tl.moveLabel}
      </label>
      <select
        id="thread-move-category"
        name="categoryId"
        required
        defaultValue=""
        onChange={(e) => onReady(e.currentTarget.value !== "")}
        className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
      >
        <option value="" disabled>
          {tl.moveChoose}
        </option>
        {others.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * 'Slå ihop': the target thread, by a search of titles (the search box's `/api/search`) or a
 * pasted thread link or id (domain/thread-tools.ts `mergeTargetId`).
 */
function MergeTarget({ tools, onReady }: { tools: ThreadToolsData; onReady: (ready: boolean) => void }) {
  const [query, setQuery] = useState("");
  const [picked, setPicked] = useState("");
  const search = useFetcher<{ results?: SearchResult[] }>();
  const pasted = mergeTargetId(query);
  const target = pasted ?? picked;
  useEffect(() => onReady(target !== "" && target !== tools.threadId), [target, tools.threadId, onReady]);
  useEffect(() => {
    const q = query.trim();
    if (pasted || q.length < 2) return;
    // A short pause after the last key, so typing a title asks once.
    const timer = setTimeout(() => search.load(`/api/search?q=${encodeURIComponent(q)}&limit=20`), 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, pasted]);
  const threads = (search.data?.results ?? []).filter((r) => r.kind === "thread" && r.id !== tools.threadId).slice(0, 8);
  return (
    <div className="space-y-2">
      <input type="hidden" name="target" value={target} />
      <label htmlFor="thread-merge-query" className="block text-sm font-semibold">
        {tl.mergeSearchLabel}
      </label>
      <input
        id="thread-merge-query"
        type="search"
        autoComplete="off"
        value={query}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setPicked("");
        }}
        className="min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
      />
      {pasted ? (
        <p className="text-sm text-slate-600">{tl.mergeLinkChosen}</p>
      ) : query.trim().length < 2 ? null : search.state !== "idle" ? (
        <p className="text-sm text-slate-600">{tl.mergeSearching}</p>
      ) : threads.length === 0 ? (
        <p className="text-sm text-slate-600">{tl.mergeNoResults}</p>
      ) : (
        <fieldset className="space-y-1">
          <legend className="mb-1 text-sm font-semibold">{tl.mergeResults}</legend>
          {threads.map((r) => (
            <label key={r.id} className={rowClass}>
              <input type="radio" name="pick" value={r.id} checked={picked === r.id} onChange={() => setPicked(r.id)} className="size-5 shrink-0 accent-brand-600" />
              <span className="min-w-0 [overflow-wrap:anywhere]">{r.title}</span>
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}

/** 'Långsamt läge': Av, 1, 5, 15 or 60 minutes, the current choice checked. */
function SlowModeChoices({ current }: { current: number | null }) {
  const choices: Array<[string, string]> = [["", tl.slowModeOff], ...SLOW_MODE_MINUTES.map((m): [string, string] => [String(m), tl.slowModeChoice(m)])];
  return (
    <fieldset className="space-y-1">
      <legend className="mb-1 text-sm font-semibold">{tl.slowModeLegend}</legend>
      {choices.map(([value, label]) => (
        <label key={value || "off"} className={rowClass}>
          <input type="radio" name="minutes" value={value} defaultChecked={String(current ?? "") === value} className="size-5 shrink-0 accent-brand-600" />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
