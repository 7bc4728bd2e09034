/**
 * The moderators' thread tools in the thread's 'Åtgärder' menu (docs/decisions/053-thread-tools.md):
 * the menu items 'Fäst' / 'Fäst på startsidan' / 'Lossa', 'Lås' / 'Lås upp', 'Flytta', 'Slå ihop'
 * and 'Långsamt läge', as the thread's `can` allows, and the one confirmation dialog a chosen item
 * opens (`thread-tools-dialog.tsx`, loaded on first use). Member-only code: imported by
 * `moderation-menu.tsx`, which `member-parts.ts` loads.
 *
 * @module
 */
import { ArrowRightLeft, Combine, Lock, LockOpen, Pin, PinOff, Timer } from "lucide-react";
import { Suspense } from "react";
import { threadTools as tl } from "../../../domain/i18n/sv";
import type { ThreadToolsData } from "../../../domain/policy/thread-tools";
import { lazyComponent } from "../../lib/lazy";

/** What the tools need of the thread (the loader's `tools`). */
export type { ThreadToolsData };

/** One dialog a tool opens. */
export type ThreadToolDialogKind = "pin" | "pin-home" | "unpin" | "lock" | "unlock" | "move" | "merge" | "slow-mode";

// At least 44 px high on a phone (WCAG 2.5.5), the menu's usual row on a desktop.
const itemClass = "flex min-h-11 w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 md:min-h-0";

/**
 * The tools' items of the 'Åtgärder' menu, in the menu's `role="menu"`.
 *
 * @param props.tools the thread and what the viewer may do with it
 * @param props.onChoose called with the dialog to open (the menu closes)
 */
export function ThreadToolItems({ tools, onChoose }: { tools: ThreadToolsData; onChoose: (kind: ThreadToolDialogKind) => void }) {
  const { can } = tools;
  const items: Array<{ kind: ThreadToolDialogKind; label: string; Icon: typeof Pin }> = [];
  if (tools.pinned ? (tools.pinnedHome ? can.pinHome : can.pin) : false) items.push({ kind: "unpin", label: tl.unpin, Icon: PinOff });
  if (!tools.pinned && can.pin) items.push({ kind: "pin", label: tl.pin, Icon: Pin });
  if (!tools.pinnedHome && can.pinHome) items.push({ kind: "pin-home", label: tl.pinHome, Icon: Pin });
  if (can.lock) items.push(tools.locked ? { kind: "unlock", label: tl.unlock, Icon: LockOpen } : { kind: "lock", label: tl.lock, Icon: Lock });
  if (can.move) items.push({ kind: "move", label: tl.move, Icon: ArrowRightLeft });
  if (can.merge) items.push({ kind: "merge", label: tl.merge, Icon: Combine });
  if (can.slowMode) items.push({ kind: "slow-mode", label: tl.slowMode, Icon: Timer });
  return (
    <>
      {items.map(({ kind, label, Icon }) => (
        <button key={kind} type="button" role="menuitem" onClick={() => onChoose(kind)} className={itemClass}>
          <Icon className="size-4" aria-hidden />
          {label}
        </button>
      ))}
    </>
  );
}

const Dialog = lazyComponent(() => import("./thread-tools-dialog"), (m) => m.ThreadToolDialog);

/**
 * The dialog of the chosen tool (mounted only while open; its module loads on first use).
 *
 * @param props.kind the tool
 * @param props.tools the thread
 * @param props.onClose called after the answer or when dismissed
 */
export function ThreadToolDialog(props: { kind: ThreadToolDialogKind; tools: ThreadToolsData; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
