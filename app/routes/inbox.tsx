/**
 * `/forum/inkorg` 'Inkorg', members only (visitors are sent to the login page and come back):
 * the member's private conversations, latest message first, each with the other participants'
 * avatars and nicknames, the latest line ('Du: …' for one's own), its time and the unread count;
 * 30 per page (`?sida=N`), and 'Nytt meddelande'. A plain member's page comes from the shared
 * member render (docs/decisions/039) with the list as their one personal part, its state their
 * kept read (decision 043: every message write empties it); plain links, so it reads without
 * JavaScript. Live: a new message reloads it. docs/decisions/055-private-messages.md.
 *
 * @module
 */
import { Link, useRevalidator } from "react-router";
import { PenSquare } from "lucide-react";
import { app, inbox as ib } from "../../domain/i18n/sv";
import type { InboxPage, InboxRow } from "../../domain/messages";
import { conversationPath, newMessagePath } from "../../domain/messages";
import { requireViewer } from "../../server/accounts/session";
import { inboxPage } from "../../server/messages/queries";
import { memberRead, memberReadKey } from "../../server/cache/read-caches";
import { sharePersonal } from "../../server/cache/share-personal";
import { servicesContext } from "../../server/platform/services";
import { pageFrom, Pager } from "../components/forum/pager";
import { RelativeTime } from "../components/forum/relative-time";
import { ParticipantAvatars, participantNames } from "../components/inbox/participants";
import { useEventStream } from "../components/notifications/live";
import { buttonClass } from "../components/ui/button";
import { Personal } from "../lib/personal";
import { NOINDEX } from "../lib/seo";
import type { Route } from "./+types/inbox";

/** The list as the personal part of the shared member render: its state is the member's {@link InboxPage}. */
const INBOX_LIST_PART = "inbox-list";

/**
 * The member's inbox page (`inbox`); visitors are redirected to log in. In the shared member
 * render `inbox` is null and the page cache sets each member's list into {@link INBOX_LIST_PART}.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireViewer(services, request);
  const page = pageFrom(new URL(request.url));
  // The same kept read for the member's own render and the shared render's part.
  const read = (member: { id: string }, cookie: string | null) =>
    memberRead(services.memberReads, cookie, memberReadKey(member.id, "inbox", page), () => inboxPage(services.db, member.id, page));
  const shared = sharePersonal(context, async (member) => ({ [INBOX_LIST_PART]: await read(member, null) }));
  if (shared.shared) return { inbox: null as InboxPage | null, ...shared };
  return { inbox: (await read(viewer, request.headers.get("cookie"))) as InboxPage | null };
}

/** Page title; never indexed. */
export const meta: Route.MetaFunction = () => [{ title: `${ib.title} – ${app.name}` }, NOINDEX];

function Row({ row }: { row: InboxRow }) {
  const names = participantNames(row.others);
  const unread = row.unreadCount > 0;
  return (
    <li>
      <Link
        to={conversationPath(row.id)}
        className="flex items-start gap-3 p-4 hover:bg-slate-50 focus-visible:bg-slate-50"
      >
        {/* The link's name is what it shows (names, time, latest line), plus the unread count in words. */}
        <ParticipantAvatars participants={row.others} />
        <span className="min-w-0 flex-1 space-y-0.5">
          <span className="flex flex-wrap items-baseline justify-between gap-x-2">
            <span className={`min-w-0 text-slate-900 [overflow-wrap:anywhere] ${unread ? "font-extrabold" : "font-semibold"}`}>{names}</span>
            <RelativeTime iso={row.lastMessageAt} className="shrink-0 text-xs text-slate-500" />
          </span>
          <span className="flex items-center justify-between gap-2">
            <span className={`line-clamp-1 text-sm [overflow-wrap:anywhere] ${unread ? "text-slate-900" : "text-slate-600"}`}>
              {row.latestDeleted ? <em>{ib.deleted}</em> : row.latestLine ? `${row.latestMine ? `${ib.you}: ` : ""}${row.latestLine}` : ib.noMessagesYet}
            </span>
            {unread ? (
              <span className="shrink-0 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">
                <span data-testid="conversation-unread" aria-hidden>
                  {row.unreadCount > 9 ? "9+" : row.unreadCount}
                </span>
                <span className="sr-only">{`, ${ib.unreadCount(row.unreadCount)}`}</span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The list, the empty note or the pager: the member's part of the page. */
function InboxList({ inbox: { rows, page, hasMore } }: { inbox: InboxPage }) {
  return (
    <>
      {rows.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center">
          <p className="font-semibold text-slate-800">{ib.empty}</p>
          <p className="mt-1 text-sm text-slate-600">{ib.emptyHint}</p>
        </div>
      ) : (
        <ul aria-label={ib.title} className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
          {rows.map((row) => (
            <Row key={row.id} row={row} />
          ))}
        </ul>
      )}
      <Pager page={page} hasMore={hasMore} />
    </>
  );
}

/** The 'Inkorg' page. */
export default function InboxRoute({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  // A new message anywhere: the list from the server again (order, latest line, unread).
  useEventStream({ user: true }, { message: () => void revalidator.revalidate() });
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{ib.title}</h1>
        <Link to={newMessagePath()} className={buttonClass("primary", "gap-2")}>
          <PenSquare className="size-4" aria-hidden />
          {ib.newMessage}
        </Link>
      </div>
      <Personal name={INBOX_LIST_PART} value={loaderData.inbox}>
        {(inbox) => (inbox ? <InboxList inbox={inbox} /> : <div hidden id="inbox-list-place" />)}
      </Personal>
    </div>
  );
}
