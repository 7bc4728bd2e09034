/**
 * New thread (SPEC §2 New thread page): `/forum/ny-trad/{categoryId}` with the heading
 * 'Skapa nytt inlägg i {category}', and `/forum/create` with a category picker. Fields Rubrik
 * and Innehåll (Markdown, with a 'Skriv' / 'Förhandsgranska' toggle), tips about $TICKER and
 * @username, 'Skapar...' while sending; images pasted, dropped or picked into the body
 * (`ImageUpload`). Title, body and category are kept as a local
 * draft ('Utkast återställt', app/lib/drafts.ts) until the thread is created. 'Din syn'
 * and 'Innehav' per ticker the title or body names (`StancePicker`). An optional poll, 'Lägg till
 * omröstning' (`PollFields`), created with the thread. The form is `noValidate`:
 * an empty category, title or body gets its Swedish message beside the field (checked before
 * sending, and again by the server, whose answer shows the same way), never the browser's bubble.
 *
 * @module
 */
import { useEffect, useState, type FormEvent } from "react";
import { data, Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { threadWrite } from "../../server/forum/commands";
import { getCategory, listCategories } from "../../server/forum/queries";
import { setFlash } from "../../server/http/flash";
import { readForm } from "../../server/http/forms";
import { runWrite, writeContext, writeFailure } from "../../server/writes/pipeline";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { DraftNotice } from "../components/forum/draft-notice";
import { focusFirstError, shownFieldErrors, ThreadBodyField, threadFieldErrors, ThreadTips, type ThreadFieldErrors } from "../components/forum/thread-body-field";
import { StancePicker } from "../components/forum/stance-picker";
import { focusFirstPollError, PollFields, pollFieldErrors, shownPollErrors, type PollFieldErrors } from "../components/forum/poll-fields";
import { Button } from "../components/ui/button";
import { FormError, TextField } from "../components/ui/field";
import { app, forum as f, nav, toasts as t } from "../../domain/i18n/sv";
import { loginPath, threadPath } from "../../domain/paths";
import { LIMITS, isBlankText } from "../../domain/limits";
import { stancesFromForm } from "../../domain/stances";
import { pollFromForm } from "../../domain/polls";
import { draftKeys, useDraft } from "../lib/drafts";
import { RouteErrorBox } from "../components/layout/error-views";
import type { Route } from "./+types/new-thread";

/**
 * The category (or all categories for the picker), whether someone is logged in, and the form's
 * idempotency key (`submitKey`, new per render).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await getViewer(services, request);
  if (params.categoryId !== undefined) {
    const category = await getCategory(services.db, params.categoryId);
    if (!category) throw data(f.categoryNotFound, { status: 404 });
    return { category, categories: null, loggedIn: viewer !== null, submitKey: crypto.randomUUID() };
  }
  return { category: null, categories: await listCategories(services.db), loggedIn: viewer !== null, submitKey: crypto.randomUUID() };
}

/**
 * Creates the thread (with its poll when 'Lägg till omröstning' is ticked: `pollOption.<n>`,
 * `pollMultiple`, `pollClosesAt`) and goes to it with 'Inlägg skapat!'; on failure keeps what was
 * typed, the poll's fields in `poll`. A
 * double submit (same `submitKey`) lands on the same thread; over an abuse limit: 429 with
 * `Retry-After` (server/abuse/action-limits.ts).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const values = { title: form.title ?? "", body: form.body ?? "", categoryId: params.categoryId ?? form.categoryId ?? "" };
  const viewer = await getViewer(services, request);
  // 'Din syn' / 'Innehav' per ticker (`syn.X`, `innehav.X`).
  const stances = stancesFromForm(form);
  // 'Omröstning': the poll fields only when the box is ticked.
  const poll = pollFromForm(form);
  const pollInput = poll ? { pollOptions: poll.options, pollMultiple: form.pollMultiple, pollClosesAt: poll.closesAt } : {};
  const result = await runWrite(threadWrite, writeContext(services, viewer, request), { input: { ...values, stances, ...pollInput }, submitKey: form.submitKey });
  if (!result.ok) return writeFailure(result, { values, poll });
  return redirect(threadPath(result.value.categoryId, result.value.id, values.title), {
    headers: {
      "Set-Cookie": await setFlash({ toast: { title: t.threadCreated, description: t.threadCreatedDescription } }),
    },
  });
}

/** Title of the form page. */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.category ? f.createHeading(loaderData.category.name) : f.createHeadingNoCategory} – ${app.name}`,
  },
  { name: "robots", content: "noindex" },
];

/** The form, or the logged-out text. */
export default function NewThread({ loaderData, actionData }: Route.ComponentProps) {
  const { category, categories, loggedIn, submitKey } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const values = actionData && !actionData.ok ? actionData.values : undefined;
  const error = actionData && !actionData.ok ? actionData.error : undefined;
  const heading = category ? f.createHeading(category.name) : f.createHeadingNoCategory;
  const [body, setBody] = useState(values?.body ?? "");
  const [title, setTitle] = useState(values?.title ?? "");
  const [categoryId, setCategoryId] = useState(values?.categoryId ?? "");
  // Messages beside the fields: the server's answer, then the check before each send; a field's
  // message goes once it is edited.
  const answered = shownFieldErrors(actionData && !actionData.ok ? actionData.fieldErrors : undefined);
  const [fieldErrors, setFieldErrors] = useState<ThreadFieldErrors>(answered);
  useEffect(() => setFieldErrors(answered), [actionData]); // eslint-disable-line react-hooks/exhaustive-deps
  const edited = (field: keyof ThreadFieldErrors) => setFieldErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  // The poll's messages, the same way.
  const keptPoll = actionData && !actionData.ok ? (actionData.poll ?? null) : null;
  const answeredPoll = shownPollErrors(actionData && !actionData.ok ? actionData.fieldErrors : undefined);
  const [pollErrors, setPollErrors] = useState<PollFieldErrors>(answeredPoll);
  useEffect(() => setPollErrors(answeredPoll), [actionData]); // eslint-disable-line react-hooks/exhaustive-deps
  const pollEdited = (field: keyof PollFieldErrors) => setPollErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  // The form-wide message only when no field shows it (a limit, a blocked account).
  const formError = error && ![...Object.values(answered), ...Object.values(answeredPoll)].includes(error) ? error : undefined;
  function check(event: FormEvent<HTMLFormElement>) {
    const found = threadFieldErrors({ title, body, categoryId: categories ? categoryId : undefined });
    const poll = pollFromForm(Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>);
    const foundPoll = pollFieldErrors(poll, Date.now());
    if (Object.keys(found).length === 0 && Object.keys(foundPoll).length === 0) return;
    event.preventDefault();
    setFieldErrors(found);
    setPollErrors(foundPoll);
    if (Object.keys(found).length > 0) focusFirstError(event.currentTarget, found);
    else focusFirstPollError(event.currentTarget, foundPoll);
  }
  // The local draft, removed once the thread is created (the action redirected to it).
  const location = useLocation();
  const draft = useDraft(
    loggedIn ? draftKeys.newThread() : null,
    { title, body, categoryId },
    (v) => {
      setTitle(v.title ?? "");
      setBody(v.body ?? "");
      // A draft's category only on the picker page, and only one that still exists.
      if (categories?.some((c) => c.id === v.categoryId)) setCategoryId(v.categoryId);
      else if (categories) setCategoryId("");
    },
    { isEmpty: (v) => isBlankText(v.title ?? "") && isBlankText(v.body ?? "") },
  );
  const created = navigation.state === "loading" && navigation.formMethod === "POST" && navigation.location.pathname !== location.pathname;
  useEffect(() => {
    if (created) draft.clear();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [created]);
  // A refusal (e.g. an abuse limit) shows above the fields: bring it into view after submitting;
  // a field's message: go to the field.
  useEffect(() => {
    const form = document.getElementById("new-thread-form");
    if (form instanceof HTMLFormElement && Object.keys(answered).length > 0) focusFirstError(form, answered);
    else if (form instanceof HTMLFormElement && Object.keys(answeredPoll).length > 0) focusFirstPollError(form, answeredPoll);
    else if (formError) document.getElementById("new-thread-error")?.scrollIntoView({ block: "center" });
  }, [actionData]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!loggedIn) {
    return (
      <div className="mx-auto max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-6 text-center">
        <h1 className="text-xl font-bold">{heading}</h1>
        <p className="text-slate-700">{f.loginToCreate}</p>
        <div className="flex justify-center gap-3">
          <Link to={loginPath(category ? `/forum/ny-trad/${category.id}` : "/forum/create")} className="font-semibold text-brand-700 underline">
            {nav.loginLink}
          </Link>
          <Link to="/auth/register" className="font-semibold text-brand-700 underline">
            {nav.registerLink}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{heading}</h1>
      <Form id="new-thread-form" method="post" noValidate onSubmit={check} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 md:p-6">
        <div id="new-thread-error">
          <FormError message={formError} />
        </div>
        <input type="hidden" name="submitKey" value={submitKey} />
        <DraftNotice draft={draft} />
        {categories ? (
          <div className="space-y-1">
            <label htmlFor="categoryId" className="block text-sm font-medium text-slate-700">
              {f.chooseCategory}
            </label>
            <select
              id="categoryId"
              name="categoryId"
              required
              value={categoryId}
              onChange={(event) => {
                setCategoryId(event.target.value);
                edited("categoryId");
              }}
              aria-invalid={fieldErrors.categoryId ? true : undefined}
              aria-describedby={fieldErrors.categoryId ? "categoryId-error" : undefined}
              className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-500"
            >
              <option value="" disabled>
                {f.chooseCategoryPlaceholder}
              </option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            {fieldErrors.categoryId ? (
              <p id="categoryId-error" role="alert" className="text-sm text-red-600">
                {fieldErrors.categoryId}
              </p>
            ) : null}
          </div>
        ) : null}
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
        {/* 'Din syn' / 'Innehav' per ticker of the title and the body. */}
        <StancePicker text={`${title}\n${body}`} />
        {/* 'Lägg till omröstning': created with the thread. */}
        <PollFields initial={keptPoll} errors={pollErrors} onEdited={pollEdited} />
        <ThreadTips />
        <Button type="submit" disabled={sending}>
          {sending ? f.creating : f.create}
        </Button>
      </Form>
    </div>
  );
}

/** Missing category: 'Kategorin hittades inte'; the 503 page when the database is unavailable. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBox error={error} text={f.categoryNotFound} />;
}
