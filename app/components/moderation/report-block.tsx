/**
 * Report and block on threads and comments (SPEC §4 Report, Block; §5 Report; §6; §8). One report
 * dialog and one block dialog per page, mounted only while open and loaded on first open
 * (`report-block-dialogs.tsx`, issue 21); the 'Anmäl' button and the block menu item are plain
 * elements.
 *
 * @module
 */
import { Ban } from "lucide-react";
import { createContext, Suspense, useContext, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "../../lib/toast";
import { moderation as m } from "../../../domain/i18n/sv";
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
  return (
    <ReportContext.Provider value={setReport}>
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
  const viewer = useViewer();
  return (
    <button
      type="button"
      onClick={() => (viewer ? open(target) : toast.error(m.loginRequiredTitle, { description: m.loginToReport }))}
      className="post-action"
    >
      <SpriteIcon name="flag" className="size-4" />
      {m.report}
    </button>
  );
}

/**
 * The block/unblock item of the moderation menu, for moderators and admins. The state is loaded
 * when the menu opens (SPEC §4 Block).
 *
 * @param props.onChoose closes the menu
 */
export function BlockMenuItem({ userId, onChoose }: { userId: string; onChoose: () => void }) {
  const open = useContext(BlockContext);
  const state = useFetcher<{ ok: boolean; blocked?: boolean; nickname?: string; error?: string }>();
  useEffect(() => {
    state.load(`/api/block?userId=${encodeURIComponent(userId)}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);
  const loaded = state.data?.ok && state.state === "idle";
  return (
    <button
      type="button"
      role="menuitem"
      disabled={!loaded}
      onClick={() => {
        if (!state.data?.ok) return;
        onChoose();
        open({ userId, nickname: state.data.nickname ?? "", blocked: Boolean(state.data.blocked) });
      }}
      className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 hover:bg-slate-100 disabled:text-slate-400"
    >
      <Ban className="size-4" aria-hidden />
      {!loaded ? m.checkingBlock : state.data?.blocked ? m.unblockUser : m.blockUser}
    </button>
  );
}
