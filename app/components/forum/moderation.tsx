/**
 * Moderation on posts and comments (SPEC §2 Thread page: moderators/admins and owners see the
 * menu; SPEC §6): the page's provider and each item's actions. The 'Åtgärder' menu and the delete
 * confirmation are member-only code (`moderation-menu.tsx`, loaded through
 * `member-parts.ts`; a visitor's first visit downloads none of it).
 *
 * @module
 */
import { useViewer } from "../../lib/viewer";
import { Personal } from "../../lib/personal";
import type { ItemCan } from "../../../domain/policy/forum";
import { ReportBlockProvider, ReportButton } from "../moderation/report-block";
import type { TargetType } from "../../../domain/values";
import { DeleteProvider, ModerationMenu } from "./member-parts-lazy";
import type { ThreadToolsData } from "./thread-tools";

/** What the user asked to delete. */
export type DeleteRequest = { kind: TargetType; id: string };

/**
 * Provides the page's report and block dialogs and, for a signed-in member, its single delete
 * confirmation.
 */
export function ModerationProvider({ children }: { children: React.ReactNode }) {
  const viewer = useViewer();
  return <ReportBlockProvider>{viewer ? <DeleteProvider>{children}</DeleteProvider> : children}</ReportBlockProvider>;
}

/**
 * The name of a post's actions ('Anmäl', the 'Åtgärder' menu) as a personal part
 * (app/lib/personal.tsx); its state is what the member may do with the post (`ItemCan`).
 *
 * @param kind thread or comment
 * @param id its id
 * @returns `actions:<kind>:<id>`
 */
export function actionsPart(kind: TargetType, id: string): string {
  return `actions:${kind}:${id}`;
}

/**
 * The actions of one thread or comment, as its server-computed `can` allows: 'Anmäl'
 * when `can.report` (everyone but the author), and the 'Åtgärder' menu when `can.moderate`
 * (SPEC §6 "Everyone else sees no moderation menu"; not for blocked staff).
 *
 * @param props.authorId the author to block from the menu (null once deleted)
 * @param props.can the viewer's permissions on the item (`itemCan`, `domain/policy/forum.ts`)
 * @param props.edit what 'Redigera' does when `can.edit`: a link (a thread's edit
 *   page) or a callback (a comment's in-place composer)
 * @param props.tools a thread's moderator tools ('Fäst', 'Lås', 'Flytta', 'Slå ihop', 'Långsamt
 *   läge'; `thread-tools.tsx`), null when the viewer has none (the loader gives them only to
 *   acting staff, whose pages are never a shared render)
 */
export function ItemActions({
  kind,
  id,
  authorId,
  can,
  edit,
  tools = null,
}: {
  kind: TargetType;
  id: string;
  authorId: string | null;
  can: ItemCan;
  edit?: EditAction;
  tools?: ThreadToolsData | null;
}) {
  return (
    <div className="flex shrink-0 items-center gap-1">
      <Personal name={actionsPart(kind, id)} value={can}>
        {(state) => {
          const editAction = state.edit ? (edit ?? null) : null;
          return (
            <>
              {state.report ? <ReportButton target={{ targetType: kind, id }} /> : null}
              {state.moderate || editAction || tools ? (
                <ModerationMenu
                  request={{ kind, id }}
                  blockUserId={state.block ? authorId : null}
                  canDelete={state.delete}
                  edit={editAction}
                  tools={tools}
                />
              ) : null}
            </>
          );
        }}
      </Personal>
    </div>
  );
}

/** 'Redigera' in the item's menu: a link to the edit page, or a callback opening the composer. */
export type EditAction = { href: string } | { onEdit: () => void };

