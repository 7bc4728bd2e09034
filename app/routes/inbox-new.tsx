/**
 * `/forum/inkorg/ny` 'Nytt meddelande', members only: 'Till' (nicknames, with the @-picker of
 * the post editor: type `@` and a few letters) and the first message. `?till=<nickname>` fills
 * 'Till'; when the member already has a one-to-one conversation with that member, the page
 * sends them there instead. A plain HTML form (works without JavaScript); a refusal keeps what was
 * typed. docs/decisions/055-private-messages.md.
 *
 * @module
 */
import { useRef, useState } from "react";
import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { app, inbox as ib } from "../../domain/i18n/sv";
import { conversationPath, INBOX_PATH } from "../../domain/messages";
import { LIMITS } from "../../domain/values";
import { getViewer, requireViewer } from "../../server/accounts/session";
import { readForm } from "../../server/http/forms";
import { newConversationAction } from "../../server/messages/form-action";
import { pairConversation } from "../../server/messages/queries";
import { servicesContext } from "../../server/platform/services";
import { getProfileByNickname } from "../../server/profiles/queries";
import { ImageUpload } from "../components/forum/image-upload";
import { MentionTextarea } from "../components/forum/mention-textarea";
import { Button } from "../components/ui/button";
import { NOINDEX } from "../lib/seo";
import type { Route } from "./+types/inbox-new";

/** The form, prefilled from `?till=`; an existing one-to-one conversation with that member redirects to it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireViewer(services, request);
  const to = (new URL(request.url).searchParams.get("till") ?? "").trim().slice(0, 200);
  if (to && !/[\s,;]/.test(to)) {
    const otherId = (await getProfileByNickname(services.db, to.replace(/^@/, "")))?.id;
    const existing = otherId && otherId !== viewer.id ? await pairConversation(services.db, viewer.id, otherId) : null;
    if (existing) throw redirect(conversationPath(existing));
  }
  return { to };
}

/** Starts the conversation (server/messages/form-action.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  return newConversationAction(services, await getViewer(services, request), request, form);
}

/** Page title; never indexed. */
export const meta: Route.MetaFunction = () => [{ title: `${ib.newTitle} – ${app.name}` }, NOINDEX];

const FIELD =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200";

/** The 'Nytt meddelande' page. */
export default function NewMessagePage({ loaderData }: Route.ComponentProps) {
  const failure = useActionData() as { ok: false; error: string; fieldErrors?: Record<string, string>; values?: { to?: string; body?: string } } | undefined;
  const navigation = useNavigation();
  const [to, setTo] = useState(failure?.values?.to ?? (loaderData.to ? `@${loaderData.to.replace(/^@/, "")}` : ""));
  const [body, setBody] = useState(failure?.values?.body ?? "");
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const sending = navigation.state === "submitting";
  const toError = failure?.fieldErrors?.to;
  const bodyError = failure?.fieldErrors?.body;
  const other = failure && !toError && !bodyError ? failure.error : null;
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <nav aria-label={ib.title}>
        <Link to={INBOX_PATH} className="text-sm font-semibold text-brand-700 hover:underline">
          ← {ib.title}
        </Link>
      </nav>
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{ib.newTitle}</h1>
      <Form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
        <div className="space-y-1">
          <label htmlFor="message-to" className="block text-sm font-semibold text-slate-800">
            {ib.recipientsLabel}
          </label>
          <MentionTextarea
            id="message-to"
            name="to"
            rows={1}
            value={to}
            onValueChange={setTo}
            placeholder={ib.recipientsPlaceholder}
            aria-describedby="message-to-hint"
            aria-invalid={toError ? true : undefined}
            className={`${FIELD} resize-none`}
          />
          <p id="message-to-hint" className="text-xs text-slate-600">
            {ib.recipientsHint}
          </p>
          {toError ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {toError}
            </p>
          ) : null}
        </div>
        <div className="space-y-1">
          <label htmlFor="message-body" className="block text-sm font-semibold text-slate-800">
            {ib.messageLabel}
          </label>
          <MentionTextarea
            ref={bodyRef}
            id="message-body"
            name="body"
            rows={6}
            maxLength={LIMITS.message}
            value={body}
            onValueChange={setBody}
            placeholder={ib.messagePlaceholder}
            aria-invalid={bodyError ? true : undefined}
            className={FIELD}
          />
          <ImageUpload textareaRef={bodyRef} value={body} onValueChange={setBody} compact />
          {bodyError ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {bodyError}
            </p>
          ) : null}
        </div>
        {other ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
            {other}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={sending}>
            {sending ? ib.sending : ib.start}
          </Button>
        </div>
      </Form>
    </div>
  );
}
