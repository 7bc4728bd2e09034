/**
 * A confirmation dialog (Radix AlertDialog) that mounts only while open (ARCHITECTURE.md: one
 * overlay per page, not per row). Used by the admin pages for deletions and report decisions,
 * and by the thread page for deleting a thread or comment. The dialog's module
 * (`confirm-dialog-content.tsx`) loads when it first opens.
 *
 * @module
 */
import { Suspense, type ReactNode } from "react";
import { lazyComponent } from "../../lib/lazy";

const Content = lazyComponent(() => import("./confirm-dialog-content"), (m) => m.ConfirmDialogContent);

/**
 * @param props.title heading; `props.text` the question; `children` the form with the confirm button
 * @param props.cancel label of the cancel button
 * @param props.onClose called when the dialog is dismissed (Escape, cancel) unless `busy`
 */
export function ConfirmDialog(props: {
  title: string;
  text: ReactNode;
  cancel: string;
  busy?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Suspense fallback={null}>
      <Content {...props} />
    </Suspense>
  );
}
