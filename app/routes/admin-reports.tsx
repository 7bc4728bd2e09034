/**
 * `/admin/reports` (report queue, beyond SPEC §4 which stops at 'open'): open reports
 * grouped by target with count, reasons and a preview; staff dismiss, delete the content or block
 * the author, which closes the group's reports. An author who is blocked already is shown as such
 * ('Användaren är redan blockerad') instead of 'Blockera författaren'. Moderators and admins
 * (SPEC §6 moderatorOnly), enforced again in the action and in `resolveReports`. Below them, the
 * private messages held for review and the reported ones (`intent=message`, {@link MessageQueue}).
 *
 * @module
 */
import { useEffect, useState } from "react";
import { data, Link, useFetcher } from "react-router";
import { badRequest, readForm } from "../../server/http/forms";
import { listReportGroups, resolveReportsWrite, type ReportDecision } from "../../server/moderation/reports";
import { servicesContext } from "../../server/platform/services";
import { requireRole } from "../../server/accounts/session";
import { runWrite, writeContext, writeFailure } from "../../server/writes/pipeline";
import { RelativeTime } from "../components/forum/relative-time";
import { ConfirmDialog } from "../components/moderation/confirm-dialog";
import { buttonClass } from "../components/ui/button";
import { forum as f, inbox as ib, moderation as m } from "../../domain/i18n/sv";
import { moderateMessageWrite } from "../../server/messages/commands";
import { heldMessages, reportedMessages } from "../../server/messages/queries";
import { MessageQueue } from "../components/moderation/message-queue";
import { useActionToast, type ActionAnswer } from "../lib/use-action-toast";
import type { Route } from "./+types/admin-reports";
import { LIMITS } from "../../domain/limits";
import { POST_TEXTS, postPath } from "../../domain/post-target";
import type { TargetType } from "../../domain/values";

/** The open report groups, oldest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  await requireRole(services, request, "moderator");
  const [groups, held, reported] = await Promise.all([listReportGroups(services.db), heldMessages(services.db), reportedMessages(services.db)]);
  return { groups, held, reported };
}

const DONE: Record<ReportDecision, string> = { dismiss: m.dismissed, delete: m.contentDeleted, block: m.authorBlocked };

/**
 * `decision` (dismiss, delete, block) on `targetType` + `targetId`, with an optional `reason`:
 * runs {@link resolveReportsWrite}. An unknown decision 400; a refused one 4xx
 * `{ ok: false, error, title? }` (403 not staff, 404 already handled, and the refusals of the
 * deletion or block).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireRole(services, request, "moderator");
  const form = await readForm(request);
  if (form.intent === "message") {
    const result = await runWrite(moderateMessageWrite, writeContext(services, viewer, request), { messageId: form.messageId ?? "", action: form.action });
    if (!result.ok) return writeFailure(result);
    return data({ ok: true as const, toast: { title: form.action === "release" ? ib.released : form.action === "delete" ? ib.deleted : m.dismissed } });
  }
  const decision = form.decision as ReportDecision;
  if (!(decision in DONE)) return badRequest();
  const result = await runWrite(resolveReportsWrite, writeContext(services, viewer, request), {
    targetType: form.targetType ?? "",
    targetId: form.targetId ?? "",
    decision,
    reason: form.reason,
  });
  if (!result.ok) return writeFailure(result);
  return data({ ok: true as const, toast: { title: DONE[decision] } });
}

type Pending = { decision: ReportDecision; targetType: TargetType; targetId: string; author: string | null };

/** The queue. */
export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { groups, held, reported } = loaderData;
  const fetcher = useFetcher<ActionAnswer>();
  useActionToast(fetcher.data);
  const [pending, setPending] = useState<Pending | null>(null);
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setPending(null);
  }, [fetcher.state, fetcher.data]);
  const questions: Record<ReportDecision, (p: Pending) => string> = {
    dismiss: () => m.dismissConfirm,
    delete: (p) => POST_TEXTS[p.targetType].confirmDelete,
    block: (p) => m.blockConfirm(p.author ?? f.unknownAuthor),
  };
  const labels: Record<ReportDecision, string> = { dismiss: m.dismiss, delete: m.deleteContent, block: m.blockAuthor };
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-extrabold tracking-tight">{m.queueTitle}</h1>
        <p className="text-slate-600">{m.queueDescription}</p>
      </div>
      {groups.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">{m.queueEmpty}</p>
      ) : (
        <ul className="space-y-3">
          {groups.map((g) => {
            const href = postPath({ type: g.targetType, id: g.targetId, categoryId: g.categoryId, threadId: g.threadId });
            return (
              <li key={`${g.targetType}:${g.targetId}`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4" data-testid="report-group">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="rounded bg-slate-100 px-2 py-0.5 font-semibold text-slate-700">
                    {POST_TEXTS[g.targetType].kind}
                  </span>
                  <span className="rounded-full bg-red-50 px-2 py-0.5 font-bold text-red-700">{m.reportCount(g.count)}</span>
                  {g.reasons.map((r) => (
                    <span key={r.reason} className="rounded-full border border-slate-200 px-2 py-0.5 text-slate-700">
                      {m.reasons[r.reason]}
                      {r.count > 1 ? ` ×${r.count}` : ""}
                    </span>
                  ))}
                  <span className="text-slate-500">
                    {m.firstReported} <RelativeTime iso={g.firstReportedAt} />
                  </span>
                </div>
                <div className="space-y-1">
                  <Link to={href} className="font-semibold text-slate-900 hover:underline [overflow-wrap:anywhere]">
                    {g.title}
                  </Link>
                  <p className="whitespace-pre-line text-sm text-slate-700 [overflow-wrap:anywhere]">{g.preview}</p>
                  <p className="text-xs text-slate-500">{m.byAuthor(g.author?.nickname ?? f.unknownAuthor)}</p>
                </div>
                {g.details.length > 0 ? (
                  <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
                    <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{m.details}</p>
                    <ul className="list-disc space-y-1 pl-5">
                      {g.details.map((d, i) => (
                        <li key={i} className="[overflow-wrap:anywhere]">
                          {d}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                <div className="flex flex-wrap items-center gap-2">
                  {(["dismiss", "delete", "block"] as const).map((decision) =>
                    decision === "block" && !g.author ? null : decision === "block" && g.author?.blocked ? (
                      // Blocked already (from the thread's menu or another report): the state, not the action.
                      <span key={decision} className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-700" data-testid="author-blocked">
                        {m.alreadyBlocked}
                      </span>
                    ) : (
                      <button
                        key={decision}
                        type="button"
                        className={buttonClass(decision === "dismiss" ? "secondary" : "danger")}
                        onClick={() => setPending({ decision, targetType: g.targetType, targetId: g.targetId, author: g.author?.nickname ?? null })}
                      >
                        {labels[decision]}
                      </button>
                    ),
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {pending ? (
        <ConfirmDialog
          title={labels[pending.decision]}
          text={questions[pending.decision](pending)}
          cancel={m.cancel}
          busy={busy}
          onClose={() => setPending(null)}
        >
          <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
            <input type="hidden" name="decision" value={pending.decision} />
            <input type="hidden" name="targetType" value={pending.targetType} />
            <input type="hidden" name="targetId" value={pending.targetId} />
            {pending.decision === "block" ? (
              <input name="reason" aria-label={m.blockReasonLabel} placeholder={m.blockReasonLabel} maxLength={LIMITS.blockReason} className="rounded-lg border border-slate-300 px-3 py-2 text-sm" />
            ) : null}
            <button type="submit" className={buttonClass(pending.decision === "dismiss" ? "primary" : "danger")} disabled={busy}>
              {labels[pending.decision]}
            </button>
          </fetcher.Form>
        </ConfirmDialog>
      ) : null}
      <MessageQueue held={held} reported={reported} />
    </div>
  );
}
