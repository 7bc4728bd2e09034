/**
 * The Radix AlertDialog behind `ConfirmDialog` (`confirm-dialog.tsx`), loaded when a confirmation
 * first opens.
 *
 * @module
 */
import { AlertDialog } from "radix-ui";
import { buttonClass } from "../ui/button";

/**
 * @param props.title heading; `props.text` the question; `children` the form with the confirm button
 * @param props.cancel label of the cancel button
 * @param props.onClose called when the dialog is dismissed (Escape, cancel) unless `busy`
 */
export function ConfirmDialogContent(props: {
  title: string;
  text: React.ReactNode;
  cancel: string;
  busy?: boolean;
  onClose: () => void;
  children: React.ReactNode;
}) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => (!open && !props.busy ? props.onClose() : undefined)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 dark:bg-black/60" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-bold">{props.title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="text-sm text-slate-600">{props.text}</div>
          </AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass("secondary")}>{props.cancel}</AlertDialog.Cancel>
            {props.children}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
