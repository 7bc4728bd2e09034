/**
 * `/forum/inkorg/:conversationId`, one private conversation, for its participants only: anyone
 * else — staff included — gets the same 404 as for a conversation that does not exist. The 30
 * newest messages (oldest first), 'Visa äldre' pages backwards (`?fore=<seq>`), the composer
 * ('Skicka'), per own message 'Redigera' (5 minutes) and 'Ta bort', per other's 'Anmäl', and
 * 'Dölj konversationen' / 'Lämna gruppen'. Opening the newest page marks it read. Every form is a
 * plain HTML form (works without JavaScript); with JavaScript a new message arrives live.
 * docs/decisions/055-private-messages.md.
 *
 * @module
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { data, Form, Link, useActionData, useNavigation, useRevalidator, useSearchParams, useSubmit } from "react-router";
import { app, inbox as ib, moderation as m } from "../../domain/i18n/sv";
import { isUuid } from "../../domain/ids";
import type { ConversationView, MessageView } from "../../domain/messages";
import { conversationPath, INBOX_PATH } from "../../domain/messages";
import { profilePath } from "../../domain/paths";
import { LIMITS, REPORT_REASONS } from "../../domain/values";
import { requireViewer } from "../../server/accounts/session";
import { readForm } from "../../server/http/forms";
import { markConversationRead } from "../../server/messages/commands";
import { conversationAction } from "../../server/messages/form-action";
import { conversationPage } from "../../server/messages/queries";
import { memberRead, memberReadKey } from "../../server/cache/read-caches";
import { sharePersonal } from "../../server/cache/share-personal";
import { servicesContext } from "../../server/platform/services";
import { publishMembersChange } from "../../server/realtime/events";
import { getViewer } from "../../server/accounts/session";
import { ParticipantAvatars, participantNames } from "../components/inbox/participants";
import { INBOX_READ_EVENT } from "../components/inbox/inbox-link";
import { MentionTextarea } from "../components/forum/mention-textarea";
import { ImageUpload } from "../components/forum/image-upload";
import { RelativeTime } from "../components/forum/relative-time";
import { COOKED_CLASSES } from "../components/forum/post-body";
import { useEventStream } from "../components/notifications/live";
import { Button, buttonClass } from "../components/ui/button";
import { EdgeAvatar } from "../components/ui/edge-level";
import { Personal, usePersonal } from "../lib/personal";
import { NOINDEX } from "../lib/seo";
import type { Route } from "./+types/conversation";

/** The conversation as the personal part of the shared member render: its state is the member's {@link ConversationView}. */
const CONVERSATION_PART = "conversation";

/**
 * The page, or 404 'Konversationen finns inte' for a non-participant. The newest page marks the
 * conversation read. A plain member's page comes from the shared member render (decision 039):
 * there `conversation` is null and the page cache sets the member's conversation, their kept read
 * (decision 043), into {@link CONVERSATION_PART}; a member who gets something else than that part
 * shows (not a participant: the 404; unread messages to mark read; a conversation they may no
 * longer write in) gets the page rendered for them alone.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireViewer(services, request);
  const url = new URL(request.url);
  const fore = Number(url.searchParams.get("fore"));
  const before = Number.isSafeInteger(fore) && fore > 0 ? fore : null;
  const id = params.conversationId;
  const editing = url.searchParams.get("redigera");
  const reporting = url.searchParams.get("anmal");
  const shared = sharePersonal(context, async (member) => {
    if (!isUuid(id)) return null;
    const { found } = await memberRead(services.memberReads, null, memberReadKey(member.id, "conversation", id, before), async () => ({
      found: await conversationPage(services.db, member, id, before),
    }));
    if (!found || found.unread || found.view.paged !== (before !== null) || !found.view.canSend) return null;
    return { [CONVERSATION_PART]: found.view };
  });
  if (shared.shared) return { id, conversation: null as ConversationView | null, paged: before !== null, editing, reporting, wasUnread: false, ...shared };
  const found = isUuid(id) ? await conversationPage(services.db, viewer, id, before) : null;
  if (!found) throw data(ib.notFound, { status: 404 });
  // Reading the newest page reads the conversation (without JavaScript too); every instance
  // forgets the member's old inbox count and kept reads.
  if (found.unread && !found.view.paged && (await markConversationRead(services.db, viewer.id, id))) {
    await publishMembersChange(services.db, { reads: [viewer.id] });
  }
  return { id, conversation: found.view as ConversationView | null, paged: found.view.paged, editing, reporting, wasUnread: found.unread, canSend: found.view.canSend };
}

/** Every form of the page (`intent`), see server/messages/form-action.ts. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  return conversationAction(services, await getViewer(services, request), request, params.conversationId, form);
}

/** The page's title for a conversation ('Konversation med …' with the other participants). */
const titleOf = (c: ConversationView) => `${ib.conversationTitle(participantNames(c.others))} – ${app.name}`;

/** Page title with the other participants ('Konversation' in the shared render: the page sets it once it knows them); never indexed. */
export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  const c = loaderData?.conversation;
  return [{ title: c ? titleOf(c) : `${error ? ib.notFound : ib.conversation} – ${app.name}` }, NOINDEX];
};

type Failure = { ok: false; error: string; intent?: string; messageId?: string; values?: { body?: string } } | undefined;

/** A message's own actions ('Redigera', 'Ta bort', 'Anmäl'): text links with a 32 px tall target. */
const ACTION = "inline-flex min-h-8 items-center px-1.5 font-semibold text-slate-600 hover:underline";

const FIELD =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200";

/** The composer: keeps the text on a refusal, empties after a sent message. */
function Composer({ failure }: { failure: Failure }) {
  const navigation = useNavigation();
  const mine = failure?.intent === "send" ? failure : undefined;
  const [text, setText] = useState(mine?.values?.body ?? "");
  const ref = useRef<HTMLTextAreaElement>(null);
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "send";
  const wasSending = useRef(false);
  useEffect(() => {
    // Sent and answered without a refusal (a redirect back here): start a new message.
    if (wasSending.current && !sending && !mine) setText("");
    wasSending.current = sending;
  }, [sending, mine]);
  return (
    <Form method="post" className="space-y-2" preventScrollReset>
      <input type="hidden" name="intent" value="send" />
      <label htmlFor="message-body" className="sr-only">
        {ib.messageLabel}
      </label>
      <MentionTextarea
        ref={ref}
        id="message-body"
        name="body"
        rows={3}
        maxLength={LIMITS.message}
        value={text}
        onValueChange={setText}
        placeholder={ib.messagePlaceholder}
        aria-invalid={mine ? true : undefined}
        aria-describedby={mine ? "message-error" : undefined}
        className={FIELD}
      />
      <ImageUpload textareaRef={ref} value={text} onValueChange={setText} compact />
      {mine ? (
        <p id="message-error" role="alert" className="text-sm font-medium text-red-700">
          {mine.error}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={sending}>
          {sending ? ib.sending : ib.send}
        </Button>
      </div>
    </Form>
  );
}

function Author({ message }: { message: MessageView }) {
  const a = message.author;
  return a ? (
    <Link to={profilePath(a.id)} className="font-semibold text-slate-900 hover:underline">
      {a.nickname}
    </Link>
  ) : (
    <span className="font-semibold text-slate-600">{ib.unknownAuthor}</span>
  );
}

/** Sends a form through the router (a part's forms are plain `<form>`s: it is also rendered outside the data router). */
type Post = (form: HTMLFormElement) => void;

/** A plain POST form that the router sends when JavaScript runs; `confirm` asks first. */
function PostForm({ post, confirm, className, children }: { post: Post; confirm?: string; className?: string; children: ReactNode }) {
  return (
    <form
      method="post"
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        if (!confirm || window.confirm(confirm)) post(e.currentTarget);
      }}
    >
      {children}
    </form>
  );
}

/** The end of a message's own form ('Redigera', 'Anmäl'): its refusal, 'Avbryt' (a link back) and the submit button. */
function FormEnd({ error, cancel, submit }: { error: string | undefined; cancel: string; submit: string }) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Link to={cancel} className={buttonClass("secondary")} preventScrollReset>
          {ib.cancel}
        </Link>
        <Button type="submit">{submit}</Button>
      </div>
    </>
  );
}

/** The state a part renders with besides the conversation: the address's and the last answer's. */
interface PartProps {
  editing: string | null;
  reporting: string | null;
  failure: Failure;
  post: Post;
}

/** One message, with its own edit and report forms when asked for (`?redigera=`, `?anmal=`). */
function Message({ message, editing, reporting, failure, post }: { message: MessageView; editing: boolean; reporting: boolean } & Omit<PartProps, "editing" | "reporting">) {
  const here = failure?.messageId === message.id ? failure : undefined;
  const mine = message.mine;
  const [params] = useSearchParams();
  const link = (key: string) => {
    const next = new URLSearchParams(params);
    next.delete("redigera");
    next.delete("anmal");
    if (key) next.set(key, message.id);
    const q = next.toString();
    return `?${q}#message-${message.id}`;
  };
  return (
    <li id={`message-${message.id}`} className={`flex gap-3 ${mine ? "flex-row-reverse" : ""}`} data-testid="message">
      <span aria-hidden className="shrink-0">
        <EdgeAvatar nickname={message.author?.nickname ?? ib.unknownAuthor} avatarUrl={message.author?.avatarUrl} edgeLevel={message.author?.edgeLevel ?? 0} size="sm" />
      </span>
      <div className={`min-w-0 max-w-[85%] space-y-1 ${mine ? "items-end text-right" : ""}`}>
        <p className="text-xs text-slate-500">
          <Author message={message} /> · <RelativeTime iso={message.createdAt} />
          {message.editedAt && !message.deleted ? ` · ${ib.edited}` : ""}
          {message.held ? <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-900">{ib.held}</span> : null}
        </p>
        <div className={`rounded-2xl px-4 py-2 text-left ${mine ? "bg-brand-50 text-slate-900" : "border border-slate-200 bg-white text-slate-900"}`}>
          {message.deleted ? (
            <p className="italic text-slate-500">{ib.deleted}</p>
          ) : message.muted ? (
            <p className="italic text-slate-500">{ib.mutedAuthor}</p>
          ) : editing && message.can.edit ? (
            <PostForm post={post} className="space-y-2">
              <input type="hidden" name="intent" value="edit" />
              <input type="hidden" name="messageId" value={message.id} />
              <label htmlFor={`edit-${message.id}`} className="sr-only">
                {ib.editLabel}
              </label>
              <textarea id={`edit-${message.id}`} name="body" rows={3} maxLength={LIMITS.message} defaultValue={here?.values?.body ?? message.body ?? ""} className={FIELD} />
              <FormEnd error={here?.error} cancel={link("")} submit={ib.save} />
            </PostForm>
          ) : (
            <div className={`${COOKED_CLASSES} [overflow-wrap:anywhere]`} dangerouslySetInnerHTML={{ __html: message.html }} />
          )}
        </div>
        {!message.deleted && !editing ? (
          <div className={`flex flex-wrap gap-x-1 text-xs ${mine ? "justify-end" : ""}`}>
            {message.can.edit ? (
              <Link to={link("redigera")} className={ACTION} preventScrollReset>
                {ib.edit}
              </Link>
            ) : null}
            {message.can.delete ? (
              <PostForm post={post} confirm={ib.deleteConfirm}>
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="messageId" value={message.id} />
                <button type="submit" className={ACTION}>
                  {ib.delete}
                </button>
              </PostForm>
            ) : null}
            {message.can.report && !reporting ? (
              <Link to={link("anmal")} className={ACTION} preventScrollReset>
                {ib.report}
              </Link>
            ) : null}
          </div>
        ) : null}
        {reporting && message.can.report ? (
          <PostForm post={post} className="space-y-2 rounded-xl border border-slate-200 bg-white p-3 text-left">
            <input type="hidden" name="intent" value="report" />
            <input type="hidden" name="messageId" value={message.id} />
            <fieldset className="space-y-1">
              <legend className="text-sm font-semibold text-slate-900">{ib.reportTitle}</legend>
              <p className="text-xs text-slate-600">{ib.reportHint}</p>
              {REPORT_REASONS.map((reason) => (
                <label key={reason} className="flex min-h-8 items-center gap-2 text-sm text-slate-800">
                  <input type="radio" name="reason" value={reason} required />
                  {m.reasons[reason]}
                </label>
              ))}
            </fieldset>
            <FormEnd error={here?.error} cancel={link("")} submit={ib.report} />
          </PostForm>
        ) : null}
      </div>
    </li>
  );
}

/** Everything of the page that is the member's: heading, 'Dölj'/'Lämna', the messages and paging. */
function Conversation({ c, editing, reporting, failure, post }: { c: ConversationView } & PartProps) {
  const names = participantNames(c.others);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <ParticipantAvatars participants={c.others} />
          <h1 className="min-w-0 text-xl font-extrabold tracking-tight text-slate-900 [overflow-wrap:anywhere]">{ib.conversationTitle(names)}</h1>
        </div>
        <div className="flex gap-2">
          <PostForm post={post}>
            <input type="hidden" name="intent" value="hide" />
            <button type="submit" className={buttonClass("secondary", "text-sm")}>
              {ib.hide}
            </button>
          </PostForm>
          {c.isGroup ? (
            <PostForm post={post} confirm={ib.leaveConfirm}>
              <input type="hidden" name="intent" value="leave" />
              <button type="submit" className={buttonClass("secondary", "text-sm")}>
                {ib.leave}
              </button>
            </PostForm>
          ) : null}
        </div>
      </div>
      {c.isGroup ? (
        <p className="text-sm text-slate-600">
          {ib.participants}: {c.participants.map((p) => p.nickname).join(", ")}
        </p>
      ) : null}
      {c.olderBefore ? (
        <Link to={conversationPath(c.id, c.olderBefore)} className={buttonClass("secondary", "w-full justify-center")}>
          {ib.showOlder}
        </Link>
      ) : null}
      <ol aria-label={ib.conversationTitle(names)} className="space-y-4">
        {c.messages.map((msg) => (
          <Message key={msg.id} message={msg} editing={editing === msg.id} reporting={reporting === msg.id} failure={failure} post={post} />
        ))}
      </ol>
      {c.heldForViewer > 0 ? <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{ib.heldForYou(c.heldForViewer)}</p> : null}
    </>
  );
}

/** The conversation page. */
export default function ConversationPage({ loaderData }: Route.ComponentProps) {
  // The address's id (not the member's state): what is outside the part must render the same in
  // the shared render as in the browser.
  const { id, editing, reporting, wasUnread, paged } = loaderData;
  const failure = useActionData() as Failure;
  const revalidator = useRevalidator();
  const submit = useSubmit();
  // The member's conversation (in a shared page: the state the server set in).
  const c = usePersonal(CONVERSATION_PART, loaderData.conversation);
  const title = c ? titleOf(c) : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  // A message in this conversation (another tab, another member, an edit): read it again.
  useEventStream({ user: true }, {
    message: (event) => {
      if ((event as { conversationId?: string }).conversationId === id) void revalidator.revalidate();
    },
  });
  // The header's badge counts this conversation no longer: after every load that read it (a
  // message arriving live while the page is open is read by the revalidation, and the badge's own
  // refresh on the same event may have counted it before that).
  useEffect(() => {
    if (wasUnread && id) window.dispatchEvent(new CustomEvent(INBOX_READ_EVENT, { detail: id }));
  }, [loaderData, wasUnread, id]);
  const post: Post = (form) => void submit(form, { method: "post", preventScrollReset: true });
  const canSend = "canSend" in loaderData ? loaderData.canSend : true;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <nav aria-label={ib.title}>
        <Link to={INBOX_PATH} className="text-sm font-semibold text-brand-700 hover:underline">
          ← {ib.title}
        </Link>
      </nav>
      <Personal name={CONVERSATION_PART} value={loaderData.conversation}>
        {(conversation) =>
          conversation ? (
            <Conversation c={conversation} editing={editing} reporting={reporting} failure={failure} post={post} />
          ) : (
            <div hidden id="conversation-place" />
          )
        }
      </Personal>
      {paged ? (
        <Link to={conversationPath(id)} className={buttonClass("secondary", "w-full justify-center")}>
          {ib.showNewest}
        </Link>
      ) : canSend ? (
        <Composer failure={failure} />
      ) : (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">{ib.cannotMessageInConversation}</p>
      )}
      {failure && failure.intent !== "send" && !failure.messageId ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failure.error}
        </p>
      ) : null}
    </div>
  );
}
