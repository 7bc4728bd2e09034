/**
 * The 'GDPR och datapolicy' dialog (SPEC §2 Shared forum layout: 11 policy sections and
 * 'Acceptera'), loaded on its first open by `gdpr-dialog.tsx`, which keeps the consent
 * cookie and the footer note.
 *
 * @module
 */
import { Dialog } from "radix-ui";
import { X } from "lucide-react";
import { Link } from "react-router";
import { privacy as pv } from "../../../domain/i18n/sv";
import { buttonClass } from "../ui/button";
import type { LazyWidgetProps } from "../ui/lazy-widget";

/**
 * @param props.open - whether the dialog is open; `onOpenChange` is called with the wanted state
 * @param props.trigger - the footer button's look
 * @param props.accepted - whether the current policy was accepted (null: not known yet)
 * @param props.onAccept - stores the acceptance; the dialog then closes
 */
export function PolicyDialog({ open, onOpenChange, trigger, accepted, onAccept }: LazyWidgetProps & { accepted: boolean | null; onAccept: () => void }) {
  const accept = () => {
    onAccept();
    onOpenChange(false);
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger {...trigger} />
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 dark:bg-black/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[90vh] w-[min(42rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-2xl focus:outline-none">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div className="space-y-1">
              <Dialog.Title className="text-lg font-bold text-slate-900">{pv.dialogTitle}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">{pv.dialogIntro}</Dialog.Description>
            </div>
            <Dialog.Close className="rounded-lg p-2 text-slate-600 hover:bg-slate-100" aria-label={pv.close}>
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="space-y-5 overflow-y-auto px-5 py-4 text-sm leading-relaxed text-slate-700">
            {pv.sections.map((section, i) => (
              <section key={section.title} aria-labelledby={`gdpr-section-${i}`} className="space-y-1.5">
                <h3 id={`gdpr-section-${i}`} className="text-base font-semibold text-slate-900">
                  {`${i + 1}. ${section.title}`}
                </h3>
                {section.paragraphs.map((p) => (
                  <p key={p}>{p}</p>
                ))}
                {section.items.length > 0 ? (
                  <ul className="list-disc space-y-1 pl-5">
                    {section.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ) : null}
              </section>
            ))}
            <p className="text-xs text-slate-500">{pv.updated}</p>
          </div>
          <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
            <Dialog.Close asChild>
              <Link to="/forum/konto" className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
                {pv.manageData}
              </Link>
            </Dialog.Close>
            <div className="flex items-center gap-3">
              {accepted ? <span className="text-xs text-slate-500">{pv.alreadyAccepted}</span> : null}
              <button type="button" className={buttonClass("primary")} onClick={accept}>
                {pv.accept}
              </button>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
