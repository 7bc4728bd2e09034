/**
 * The report and block dialogs (SPEC §4 Report, Block; §5 Report; §8) behind `report-block.tsx`,
 * loaded when one first opens.
 *
 * @module
 */
import { AlertDialog, Dialog } from "radix-ui";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "../../lib/toast";
import { moderation as m, reporting as rp } from "../../../domain/i18n/sv";
import { useActionToast, type ActionAnswer } from "../../lib/use-action-toast";
import { buttonClass } from "../ui/button";
import { LIMITS, REPORT_REASONS } from "../../../domain/values";
import { POST_TEXTS } from "../../../domain/post-target";
import type { BlockTarget, ReportTarget } from "./report-block";

/** The report dialog for one thread or comment; `onClose` after sending or dismissing. */
export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const fetcher = useFetcher<ActionAnswer>();
  const [reason, setReason] = useState("");
  const busy = fetcher.state !== "idle";
  useActionToast(fetcher.data);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onClose();
  }, [fetcher.state, fetcher.data, onClose]);
  return (
    <Dialog.Root open onOpenChange={(open) => (!open && !busy ? onClose() : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 dark:bg-black/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-bold">{POST_TEXTS[target.targetType].report}</Dialog.Title>
          <Dialog.Description className="sr-only">{m.reportTitle}</Dialog.Description>
          <fetcher.Form
            method="post"
            action="/api/report"
            className="space-y-4"
            onSubmit={(e) => {
              if (!reason) {
                e.preventDefault();
                toast.error(m.chooseReasonTitle, { description: m.chooseReason });
              }
            }}
          >
            <input type="hidden" name="targetType" value={target.targetType} />
            <input type="hidden" name="targetId" value={target.id} />
            <ReasonChoices reason={reason} onChange={setReason} />
            <div className="space-y-1">
              <label htmlFor="report-details" className="block text-sm font-semibold">
                {m.detailsLabel}
              </label>
              <textarea id="report-details" name="details" rows={3} maxLength={LIMITS.reportDetails} placeholder={m.detailsPlaceholder} className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" />
            </div>
            <div className="flex justify-end gap-2">
              <Dialog.Close className={buttonClass("secondary")} type="button">
                {m.cancel}
              </Dialog.Close>
              <button type="submit" className={buttonClass("primary")} disabled={!reason || busy}>
                {busy ? m.sendingReport : m.submitReport}
              </button>
            </div>
          </fetcher.Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The report's reasons as a radio group: each whole row is the option's label, at least 44 px
 * high (min-h-11), so a finger hits it anywhere on the row, not only the small circle.
 *
 * @param props.reason the chosen reason ("" before one is chosen)
 * @param props.onChange called with the reason picked
 */
export function ReasonChoices({ reason, onChange }: { reason: string; onChange: (reason: string) => void }) {
  return (
    <fieldset className="space-y-1">
      <legend className="mb-1 text-sm font-semibold">{m.reasonLabel}</legend>
      {REPORT_REASONS.map((r) => (
        <label
          key={r}
          className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm hover:bg-slate-50 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-200"
        >
          <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => onChange(r)} className="size-5 shrink-0 accent-brand-600" />
          {m.reasons[r]}
        </label>
      ))}
    </fieldset>
  );
}

/** The block/unblock confirmation for one member; `onClose` after the answer or dismissing. */
export function BlockDialog({ target, onClose }: { target: BlockTarget; onClose: () => void }) {
  const fetcher = useFetcher<ActionAnswer>();
  const busy = fetcher.state !== "idle";
  useActionToast(fetcher.data);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) onClose();
  }, [fetcher.state, fetcher.data, onClose]);
  return (
    <AlertDialog.Root open onOpenChange={(open) => (!open && !busy ? onClose() : undefined)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 dark:bg-black/60" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-bold">{target.blocked ? rp.unblockUser : rp.blockUser}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-slate-600">
            {target.blocked ? m.unblockConfirm(target.nickname) : m.blockConfirm(target.nickname)}
          </AlertDialog.Description>
          <fetcher.Form method="post" action="/api/block" className="space-y-3">
            <input type="hidden" name="intent" value={target.blocked ? "unblock" : "block"} />
            <input type="hidden" name="userId" value={target.userId} />
            {target.blocked ? null : (
              <div className="space-y-1">
                <label htmlFor="block-reason" className="block text-sm font-semibold">
                  {m.blockReasonLabel}
                </label>
                <input id="block-reason" name="reason" maxLength={LIMITS.blockReason} className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" />
              </div>
            )}
            <div className="flex justify-end gap-2">
              <AlertDialog.Cancel className={buttonClass("secondary")}>{m.cancel}</AlertDialog.Cancel>
              <button type="submit" className={buttonClass("danger")} disabled={busy}>
                {target.blocked ? m.unblockButton : m.blockButton}
              </button>
            </div>
          </fetcher.Form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
