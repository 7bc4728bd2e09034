/**
 * `/admin/messages` (SPEC §2 Admin messages, §4 Admin send, §5 Admin message, §6, §8 Admin): the
 * form 'Skicka till alla användare', Mottagare, Ämne, Innehåll (HTML), optional button (Knapptext,
 * Knapp-URL) and a progress bar. Sending queues a durable job (`server/admin/messages.ts`); the
 * bar follows it, also after the admin closed the tab and came back. Admins only: moderators see
 * 'Du har inte behörighet att skicka meddelanden.' and the action answers 403.
 *
 * @module
 */
import { useEffect, useRef, useState } from "react";
import { data, useFetcher } from "react-router";
import { toast } from "../lib/toast";
import { getJobProgress, getUserEmails, listRecentJobs, messageWrite, type JobProgress } from "../../server/admin/messages";
import { badRequest, readForm } from "../../server/http/forms";
import { servicesContext } from "../../server/platform/services";
import { requireRole } from "../../server/accounts/session";
import { runWrite, writeContext, writeFailure } from "../../server/writes/pipeline";
import { siteCan } from "../../domain/policy/actor";
import { buttonClass } from "../components/ui/button";
import { adminPages as ap } from "../../domain/i18n/sv";
import type { Route } from "./+types/admin-messages";

/** SPEC §9 Admin send progress reset: 3 s after completion. */
const PROGRESS_RESET_MS = 3000;

/** Prefill from the users page (`?all=1` or `?ids=a,b`) and the job being sent, if any. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireRole(services, request, "moderator");
  if (!siteCan(viewer).messages) return { allowed: false as const };
  const url = new URL(request.url);
  const sendToAll = url.searchParams.get("all") === "1";
  const ids = (url.searchParams.get("ids") ?? "").split(",").filter(Boolean).slice(0, 1000);
  let recipients = "";
  let emailsError: string | null = null;
  try {
    recipients = (await getUserEmails(services.db, viewer, ids)).join(", ");
  } catch (error) {
    console.error("[admin] e-postadresser:", (error as Error).message);
    emailsError = ap.emailsFailed;
  }
  const recent = await listRecentJobs(services.db);
  const active = recent.find((j) => j.status === "sending");
  return {
    allowed: true as const,
    sendToAll,
    recipients,
    emailsError,
    recent,
    activeJob: active ? await getJobProgress(services.db, active.id) : null,
  };
}

/**
 * `intent=send`: validates and queues the message ({@link messageWrite}), then wakes the mail
 * worker; answers `{ ok: true, jobId, total }`. Any other intent 400; a refused send 4xx
 * `{ ok: false, error, title }` (403 not an admin, 400 a field's Swedish message).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireRole(services, request, "moderator");
  const form = await readForm(request);
  if (form.intent !== "send") return badRequest();
  const result = await runWrite(messageWrite, writeContext(services, viewer, request), {
    sendToAll: form.sendToAll === "on",
    recipients: form.recipients ?? "",
    subject: form.subject ?? "",
    content: form.content ?? "",
    withButton: form.withButton === "on",
    buttonLabel: form.buttonLabel ?? "",
    buttonUrl: form.buttonUrl ?? "",
  });
  if (!result.ok) return writeFailure(result);
  services.adminMailWorker?.kick();
  return data({ ok: true as const, jobId: result.value.jobId, total: result.value.total });
}

function ProgressBar({ progress }: { progress: JobProgress }) {
  const pct = progress.total > 0 ? Math.round((progress.processed / progress.total) * 100) : 0;
  return (
    <div className="space-y-1" data-testid="send-progress">
      <div
        role="progressbar"
        aria-label={ap.progressLabel}
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.processed}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-600 transition-all" style={{ width: `${pct}%` }} />
      </div>
      <p className="text-sm text-slate-600">{ap.progress(progress.processed, progress.total)}</p>
    </div>
  );
}

/** The form, or the no-permission text for moderators. */
export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) {
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-extrabold tracking-tight">{ap.messagesTitle}</h1>
        <p className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">{ap.messagesNoAccess}</p>
      </div>
    );
  }
  return <MessageForm {...loaderData} />;
}

function MessageForm(props: {
  sendToAll: boolean;
  recipients: string;
  emailsError: string | null;
  activeJob: JobProgress | null;
  recent: Array<{ id: string; subject: string; status: string; total: number; createdAt: string }>;
}) {
  const send = useFetcher<{ ok: true; jobId: string; total: number } | { ok: false; error: string; title?: string }>();
  const poll = useFetcher<{ progress: JobProgress | null }>();
  const [jobId, setJobId] = useState<string | null>(props.activeJob?.id ?? null);
  const [progress, setProgress] = useState<JobProgress | null>(props.activeJob);
  const [toAll, setToAll] = useState(props.sendToAll);
  const [withButton, setWithButton] = useState(false);
  const [formKey, setFormKey] = useState(0);
  // The reset clears recipients pre-filled from /admin/users too (SPEC §4 'form reset').
  const [prefill, setPrefill] = useState(props.recipients);
  const formRef = useRef<HTMLFormElement>(null);
  const sending = send.state !== "idle" || (progress !== null && progress.status === "sending");

  useEffect(() => {
    if (props.emailsError) toast.error(props.emailsError);
  }, [props.emailsError]);

  // Answer of the send: start following the job, or show the spec's error toast.
  useEffect(() => {
    const answer = send.data;
    if (!answer || send.state !== "idle") return;
    if (answer.ok) {
      setJobId(answer.jobId);
      setProgress({ id: answer.jobId, subject: "", status: "sending", total: answer.total, sent: 0, skipped: 0, failed: 0, processed: 0, createdAt: "" });
    } else if (answer.title && answer.title !== answer.error) toast.error(answer.title, { description: answer.error });
    else toast.error(answer.error);
  }, [send.data, send.state]);

  // Poll the job every second while it is being sent.
  useEffect(() => {
    if (!jobId || progress?.status === "done") return;
    const timer = setInterval(() => {
      if (poll.state === "idle") poll.load(`/api/admin/mail-jobs/${jobId}`);
    }, 1000);
    return () => clearInterval(timer);
  }, [jobId, progress?.status, poll]);

  useEffect(() => {
    const p = poll.data?.progress;
    if (p && p.id === jobId) setProgress(p);
  }, [poll.data, jobId]);

  // Done: toast, reset the form, hide the bar after 3 s (SPEC §4 Admin send, §9).
  useEffect(() => {
    if (progress?.status !== "done") return;
    toast.success(ap.sent, { description: ap.sentDescription(progress.sent, progress.skipped + progress.failed) });
    setFormKey((k) => k + 1);
    setPrefill("");
    setToAll(false);
    setWithButton(false);
    const timer = setTimeout(() => {
      setProgress(null);
      setJobId(null);
    }, PROGRESS_RESET_MS);
    return () => clearTimeout(timer);
  }, [progress?.status]);

  const field = "w-full rounded-lg border border-slate-300 px-3 py-2 text-sm disabled:bg-slate-100";
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-extrabold tracking-tight">{ap.messagesTitle}</h1>
      <send.Form key={formKey} ref={formRef} method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 md:p-6">
        <input type="hidden" name="intent" value="send" />
        <label className="flex items-center gap-2 font-semibold">
          <input type="checkbox" name="sendToAll" checked={toAll} onChange={(e) => setToAll(e.target.checked)} />
          {ap.sendToAll}
        </label>
        <div className="space-y-1">
          <label htmlFor="recipients" className="block text-sm font-semibold">
            {ap.recipients}
          </label>
          <textarea id="recipients" name="recipients" rows={2} defaultValue={prefill} disabled={toAll} className={field} placeholder={ap.recipientsPlaceholder} />
          <p className="text-xs text-slate-500">{toAll ? ap.recipientsAllHint : ap.recipientsHint}</p>
        </div>
        <div className="space-y-1">
          <label htmlFor="subject" className="block text-sm font-semibold">
            {ap.subject}
          </label>
          <input id="subject" name="subject" maxLength={200} className={field} />
        </div>
        <div className="space-y-1">
          <label htmlFor="content" className="block text-sm font-semibold">
            {ap.content}
          </label>
          <textarea id="content" name="content" rows={8} className={`${field} font-mono`} />
          <p className="text-xs text-slate-500">{ap.contentHint}</p>
        </div>
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input type="checkbox" name="withButton" checked={withButton} onChange={(e) => setWithButton(e.target.checked)} />
          {ap.addButton}
        </label>
        {withButton ? (
          <div className="grid gap-3 md:grid-cols-2">
            <div className="space-y-1">
              <label htmlFor="buttonLabel" className="block text-sm font-semibold">
                {ap.buttonLabel}
              </label>
              <input id="buttonLabel" name="buttonLabel" defaultValue={ap.defaultButtonLabel} maxLength={100} className={field} />
            </div>
            <div className="space-y-1">
              <label htmlFor="buttonUrl" className="block text-sm font-semibold">
                {ap.buttonUrl}
              </label>
              <input id="buttonUrl" name="buttonUrl" defaultValue="#" maxLength={2000} className={field} />
            </div>
          </div>
        ) : null}
        {progress ? <ProgressBar progress={progress} /> : null}
        <button type="submit" className={buttonClass("primary")} disabled={sending}>
          {sending ? ap.sending : ap.send}
        </button>
      </send.Form>
      {props.recent.length > 0 ? (
        <section className="space-y-2">
          <h2 className="text-lg font-bold">{ap.previousJobs}</h2>
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
            {props.recent.map((j) => (
              <li key={j.id} className="flex justify-between gap-3 px-4 py-2">
                <span className="truncate font-semibold">{j.subject}</span>
                <span className="whitespace-nowrap text-slate-500">
                  {j.total} · {ap.jobStatus[j.status as "sending" | "done"] ?? j.status}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
