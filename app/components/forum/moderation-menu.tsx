/**
 * The 'Åtgärder' menu of a post or comment and the page's delete confirmation (SPEC §2 Thread
 * page, §6). Each item's menu is plain elements; the one confirmation dialog per page mounts only
 * while open (ARCHITECTURE.md: no overlay widget per row). Member-only code, loaded
 * through `member-parts.ts`.
 *
 * @module
 */
import { Ban, MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { createContext, useContext, useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { editing as ed, forum as f, reporting as rp } from "../../../domain/i18n/sv";
import { useActionToast, type ActionAnswer } from "../../lib/use-action-toast";
import { ConfirmDialog } from "../moderation/confirm-dialog";
import { useBlockDialog } from "../moderation/report-block";
import { buttonClass } from "../ui/button";
import { POST_TEXTS } from "../../../domain/post-target";
import type { DeleteRequest, EditAction } from "./moderation";
import { ThreadToolDialog, ThreadToolItems, type ThreadToolDialogKind, type ThreadToolsData } from "./thread-tools";

const DeleteContext = createContext<(request: DeleteRequest) => void>(() => {});

/**
 * The page's single delete confirmation: a `ModerationMenu` inside asks it to confirm.
 *
 * @param props.children the page
 */
export function DeleteProvider({ children }: { children: React.ReactNode }) {
  const [request, setRequest] = useState<DeleteRequest | null>(null);
  const fetcher = useFetcher<ActionAnswer>();
  useActionToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <DeleteContext.Provider value={setRequest}>
      {children}
      {request ? (
        <ConfirmDialog
          title={POST_TEXTS[request.kind].delete}
          text={POST_TEXTS[request.kind].confirmDelete}
          cancel={f.cancel}
          busy={busy}
          onClose={() => setRequest(null)}
        >
          <fetcher.Form
            method="post"
            onSubmit={() => {
              // Close after the answer; the page revalidates by itself.
              setTimeout(() => setRequest(null), 0);
            }}
          >
            <input type="hidden" name="intent" value={POST_TEXTS[request.kind].deleteIntent} />
            <input type="hidden" name="id" value={request.id} />
            <button type="submit" className={buttonClass("danger")} disabled={busy}>
              {f.confirm}
            </button>
          </fetcher.Form>
        </ConfirmDialog>
      ) : null}
    </DeleteContext.Provider>
  );
}

const menuItemClass = "flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100";

/**
 * The 'Åtgärder' menu of one item: a plain disclosure with the delete action (when `canDelete`)
 * and block/unblock of the author (when `blockUserId` is given, i.e. `can.block`).
 *
 * @param props.request the item
 * @param props.blockUserId the author the viewer may block or unblock, or null
 * @param props.canDelete whether the viewer may delete the item
 * @param props.edit 'Redigera', or null when the viewer may not edit the item
 * @param props.tools a thread's moderator tools and their dialog (`thread-tools.tsx`), or null
 */
export function ModerationMenu({
  request,
  blockUserId,
  canDelete,
  edit = null,
  tools = null,
}: {
  request: DeleteRequest;
  blockUserId: string | null;
  canDelete: boolean;
  edit?: EditAction | null;
  tools?: ThreadToolsData | null;
}) {
  const ask = useContext(DeleteContext);
  const [open, setOpen] = useState(false);
  const [tool, setTool] = useState<ThreadToolDialogKind | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    // Keyboard: the first item takes focus when the menu opens.
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent) {
        if (e.key !== "Escape") return;
        setOpen(false);
        button.current?.focus();
      } else if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);
  /** WAI-ARIA menu keys: arrows (wrapping), Home/End move focus among the items; Tab leaves and closes. */
  const onMenuKey = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Tab") {
      setOpen(false);
      return;
    }
    const items = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next =
      e.key === "ArrowDown" ? (at + 1) % items.length
      : e.key === "ArrowUp" ? (at - 1 + items.length) % items.length
      : e.key === "Home" ? 0
      : e.key === "End" ? items.length - 1
      : -1;
    if (next < 0 || items.length === 0) return;
    e.preventDefault();
    items[next]!.focus();
  };
  return (
    <div ref={ref} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={f.actions}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        title={f.actions}
        onClick={() => setOpen((v) => !v)}
        className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      >
        <MoreHorizontal className="size-5" aria-hidden />
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label={f.actions}
          onKeyDown={onMenuKey}
          className="absolute right-0 z-20 mt-1 w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <p className="px-3 py-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{f.actions}</p>
          {edit && "href" in edit ? (
            <Link role="menuitem" to={edit.href} className={menuItemClass}>
              <Pencil className="size-4" aria-hidden />
              {ed.edit}
            </Link>
          ) : edit ? (
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                setOpen(false);
                edit.onEdit();
              }}
              className={menuItemClass}
            >
              <Pencil className="size-4" aria-hidden />
              {ed.edit}
            </button>
          ) : null}
          {canDelete ? (
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                setOpen(false);
                ask(request);
              }}
              className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm text-red-700 hover:bg-red-50"
            >
              <Trash2 className="size-4" aria-hidden />
              {POST_TEXTS[request.kind].delete}
            </button>
          ) : null}
          {blockUserId !== null ? <BlockMenuItem userId={blockUserId} onChoose={() => setOpen(false)} /> : null}
          {tools ? (
            <ThreadToolItems
              tools={tools}
              onChoose={(kind) => {
                setOpen(false);
                setTool(kind);
              }}
            />
          ) : null}
        </div>
      ) : null}
      {tools && tool ? <ThreadToolDialog kind={tool} tools={tools} onClose={() => setTool(null)} /> : null}
    </div>
  );
}

/**
 * The block/unblock item of the moderation menu, for moderators and admins. The state is loaded
 * when the menu opens (SPEC §4 Block).
 *
 * @param props.onChoose closes the menu
 */
export function BlockMenuItem({ userId, onChoose }: { userId: string; onChoose: () => void }) {
  const open = useBlockDialog();
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
      {!loaded ? rp.checkingBlock : state.data?.blocked ? rp.unblockUser : rp.blockUser}
    </button>
  );
}
