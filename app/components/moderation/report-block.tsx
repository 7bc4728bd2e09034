/**
 * Report and block on threads and comments (SPEC §4 Report, Block; §5 Report; §6; §8). One report
 * dialog and one block dialog per page, mounted only while open and loaded on first open
 * (`report-block-dialogs.tsx`); the 'Anmäl' button is a plain element. The block item
 * of the moderation menu is member-only code (`moderation-menu.tsx`).
 *
 * @module
 */
import { createContext, Suspense, useContext, useState } from "react";
import { toast } from "../../lib/toast";
import { reporting as rp } from "../../../domain/i18n/sv";
import { lazyComponent } from "../../lib/lazy";
import { useViewer } from "../../lib/viewer";
import { SpriteIcon } from "../ui/sprite-icon";
import type { TargetType } from "../../../domain/values";

/** What is reported. */
export type ReportTarget = { targetType: TargetType; id: string };
/** Whom to block. */
export type BlockTarget = { userId: string; nickname: string; blocked: boolean };


const ReportContext = createContext<(target: ReportTarget) => void>(() => {});
const BlockContext = createContext<(target: BlockTarget) => void>(() => {});

const ReportDialog = lazyComponent(() => import("./report-block-dialogs"), (mod) => mod.ReportDialog);
const BlockDialog = lazyComponent(() => import("./report-block-dialogs"), (mod) => mod.BlockDialog);

/** Provides the page's report and block dialogs. */
export function ReportBlockProvider({ children }: { children: React.ReactNode }) {
  const [report, setReport] = useState<ReportTarget | null>(null);
  const [block, setBlock] = useState<BlockTarget | null>(null);
  const viewer = useViewer();
  // Visitors get the login toast instead of the dialog.
  const open = (target: ReportTarget) => (viewer ? setReport(target) : toast.error(rp.loginRequiredTitle, { description: rp.loginToReport }));
  return (
    <ReportContext.Provider value={open}>
      <BlockContext.Provider value={setBlock}>
        {children}
        <Suspense fallback={null}>
          {report ? <ReportDialog target={report} onClose={() => setReport(null)} /> : null}
          {block ? <BlockDialog target={block} onClose={() => setBlock(null)} /> : null}
        </Suspense>
      </BlockContext.Provider>
    </ReportContext.Provider>
  );
}

/**
 * The 'Anmäl' button of a thread or comment; the page shows it only when the item's `can.report`
 * says so (authors do not see it). Visitors get the spec's login toast ('Inloggning krävs' /
 * 'Du måste vara inloggad för att anmäla innehåll.').
 */
export function ReportButton({ target }: { target: ReportTarget }) {
  const open = useContext(ReportContext);
  return (
    <button
      type="button"
      onClick={() => open(target)}
      className="post-action"
    >
      <SpriteIcon name="flag" className="size-4" />
      {rp.report}
    </button>
  );
}

/**
 * Opens the page's block dialog (the moderation menu's block item, `moderation-menu.tsx`).
 *
 * @returns a function taking the member to block or unblock
 */
export function useBlockDialog(): (target: BlockTarget) => void {
  return useContext(BlockContext);
}
