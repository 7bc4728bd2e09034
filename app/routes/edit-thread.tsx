/**
 * `/forum/edit/{postId}` (SPEC §2): the edit page of a thread — the new-thread form's
 * fields and rules (SPEC §5 New thread: Rubrik, Innehåll with 'Skriv' / 'Förhandsgranska'),
 * prefilled, with 'Spara' / 'Avbryt'; staff editing someone else's thread also get the reason
 * field 'Anledning (syns i moderationsloggen)'. A refusal keeps what was typed. `postId` is a
 * thread id; a comment's id goes to the comment in its thread (`/forum/kommentar/{id}`), where
 * comments are edited in place. Visitors go to the login; others get a Swedish 403 page, an
 * unknown id the 404 text. Images can be pasted, dropped or picked as on the new thread page
 * (`ImageUpload`). The author's 'Din syn' / 'Innehav' per ticker, prefilled from the
 * thread (`StancePicker`). Like the new thread form it is `noValidate`: an emptied title or body
 * gets its Swedish message beside the field, never the browser's bubble; the server checks again.
 *
 * @module
 */
import { useEffect, useState, type FormEvent } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { editThreadWrite, threadForEdit } from "../../server/forum/edits";
import { findPostTarget } from "../../server/forum/post-target";
import { setFlash } from "../../server/http/flash";
import { readForm } from "../../server/http/forms";
import { runWrite, writeContext, writeFailure } from "../../server/writes/pipeline";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { focusFirstError, shownFieldErrors, ThreadBodyField, threadFieldErrors, ThreadTips, type ThreadFieldErrors } from "../components/forum/thread-body-field";
import { StancePicker } from "../components/forum/stance-picker";
import { Button, buttonClass } from "../components/ui/button";
import { FormError, TextField } from "../components/ui/field";
import { RouteErrorBox } from "../components/layout/error-views";
import { app, editing as ed, forum as f, threadState as ts } from "../../domain/i18n/sv";
import { isUuid } from "../../domain/ids";
import { LIMITS } from "../../domain/limits";
import { stancesFromForm } from "../../domain/stances";
import { commentPath, loginPath, threadPath } from "../../domain/paths";
import { itemCan, moderatesItem } from "../../domain/policy/forum";
import type { Route } from "./+types/edit-thread";

/**
 * The thread as stored (title and Markdown body), whether the viewer edits as staff (reason
 * field), and the form's idempotency key.
 *
 * @throws redirect to the login for a visitor, to the comment for a comment's id; 404 'Kunde
 *   inte hitta tråden'; 403 'Du kan bara redigera dina egna inlägg'
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const postId = params.postId;
  if (!isUuid(postId)) throw data(ed.threadNotFound, { status: 404 });
  const thread = await threadForEdit(services.db, postId);
  if (!thread) {
    // A comment's id: comments are edited in place, on their thread page.
    if (await findPostTarget(services.db, "comment", postId)) throw redirect(commentPath(postId));
    throw data(ed.threadNotFound, { status: 404 });
  }
  const viewer = await getViewer(services, request);
  if (!viewer) throw redirect(loginPath(new URL(request.url).pathname));
  if (!itemCan(viewer, thread.item, { locked: thread.locked }).edit) {
    // A locked thread says so ('Lås'); the save would be refused the same way.
    const refusal = viewer.blocked ? ed.blocked : thread.locked && itemCan(viewer, thread.item).edit ? ts.locked : ed.notAllowed;
    throw data(refusal, { status: 403 });
  }
  return {
    thread: { id: thread.id, title: thread.title, body: thread.body, categoryId: thread.categoryId, stances: thread.stances },
    staffEdit: moderatesItem(viewer, thread.item),
    submitKey: crypto.randomUUID(),
  };
}

/**
 * Saves the edit ({@link editThreadWrite}) and goes back to the thread with 'Ändringen är
 * sparad'; on refusal (400, 403, 404, 429) answers the Swedish message with what was typed.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const values = { title: form.title ?? "", body: form.body ?? "", reason: form.reason ?? "" };
  const viewer = await getViewer(services, request);
  const result = await runWrite(editThreadWrite, writeContext(services, viewer, request), {
    threadId: params.postId,
    // 'Din syn' / 'Innehav' per ticker; none submitted keeps the thread's.
    input: { ...values, stances: stancesFromForm(form) },
    submitKey: form.submitKey,
  });
  if (!result.ok) return writeFailure(result, { values });
  return redirect(threadPath(result.value.categoryId, result.value.threadId, values.title), {
    headers: { "Set-Cookie": await setFlash({ toast: { title: ed.saved } }) },
  });
}

/** Title of the page (not indexed). */
export const meta: Route.MetaFunction = () => [{ title: `${ed.editThreadHeading} – ${app.name}` }, { name: "robots", content: "noindex" }];

/** The prefilled form. */
export default function EditThread({ loaderData, actionData }: Route.ComponentProps) {
  const { thread, staffEdit, submitKey } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const values = actionData && !actionData.ok ? actionData.values : undefined;
  const error = actionData && !actionData.ok ? actionData.error : undefined;
  const [body, setBody] = useState(values?.body ?? thread.body);
  const [title, setTitle] = useState(values?.title ?? thread.title);
  // Messages beside the fields: the server's answer, then the check before each send.
  const answered = shownFieldErrors(actionData && !actionData.ok ? actionData.fieldErrors : undefined);
  const [fieldErrors, setFieldErrors] = useState<ThreadFieldErrors>(answered);
  useEffect(() => setFieldErrors(answered), [actionData]); // eslint-disable-line react-hooks/exhaustive-deps
  const edited = (field: keyof ThreadFieldErrors) => setFieldErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  const formError = error && !Object.values(answered).includes(error) ? error : undefined;
  function check(event: FormEvent<HTMLFormElement>) {
    const found = threadFieldErrors({ title, body });
    if (Object.keys(found).length === 0) return;
    event.preventDefault();
    setFieldErrors(found);
    focusFirstError(event.currentTarget, found);
  }
  useEffect(() => {
    const form = document.getElementById("edit-thread-form");
    if (form instanceof HTMLFormElement && Object.keys(answered).length > 0) focusFirstError(form, answered);
    else if (formError) document.getElementById("edit-thread-error")?.scrollIntoView({ block: "center" });
  }, [actionData]); // eslint-disable-line react-hooks/exhaustive-deps
  const back = threadPath(thread.categoryId, thread.id, thread.title);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{ed.editThreadHeading}</h1>
      <Form id="edit-thread-form" method="post" noValidate onSubmit={check} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 md:p-6">
        <div id="edit-thread-error">
          <FormError message={formError} />
        </div>
        <input type="hidden" name="submitKey" value={submitKey} />
        <TextField
          label={f.titleLabel}
          name="title"
          required
          maxLength={LIMITS.title}
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            edited("title");
          }}
          placeholder={f.titlePlaceholder}
          autoComplete="off"
          error={fieldErrors.title}
        />
        <ThreadBodyField
          value={body}
          onValueChange={(next) => {
            setBody(next);
            edited("body");
          }}
          error={fieldErrors.body}
        />
        {/* The thread's 'Din syn' / 'Innehav', sent again (they replace the stored ones);
            staff editing someone else's thread leave the author's statement as it is. */}
        {staffEdit ? null : <StancePicker text={`${title}\n${body}`} initial={thread.stances} />}
        {staffEdit ? (
          <TextField label={ed.reasonLabel} name="reason" maxLength={LIMITS.editReason} defaultValue={values?.reason ?? ""} autoComplete="off" />
        ) : null}
        <ThreadTips />
        <div className="flex gap-2">
          <Button type="submit" disabled={sending}>
            {sending ? ed.saving : ed.save}
          </Button>
          <Link to={back} className={buttonClass("ghost")}>
            {ed.cancel}
          </Link>
        </div>
      </Form>
    </div>
  );
}

/** 404 'Kunde inte hitta tråden', 403 with its message; the 503 page when the database is unavailable. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const text = typeof (error as { data?: unknown })?.data === "string" ? ((error as { data: string }).data) : ed.threadNotFound;
  return <RouteErrorBox error={error} text={text} />;
}
