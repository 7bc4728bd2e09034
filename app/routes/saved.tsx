/**
 * `/forum/sparade` 'Sparade' (bookmarks), members only (visitors are sent to the login
 * page and come back here): the member's saved threads and comments, newest saved first, each
 * with its kind, title (a comment: 'Kommentar i …'), an excerpt, author and time, a link to the
 * item (a comment's link lands on its anchor), and 'Ta bort' to unsave; 50 per page (`?sida=N`).
 * Deleted posts are gone from the list (their rows cascade).
 *
 * @module
 */
import { Link, useFetcher } from "react-router";
import { bookmarkFormAction } from "../../server/bookmarks/form-action";
import { listSaved, type SavedItem } from "../../server/bookmarks/queries";
import { readForm } from "../../server/http/forms";
import { servicesContext } from "../../server/platform/services";
import { getViewer, requireViewer } from "../../server/accounts/session";
import { pageFrom, Pager } from "../components/forum/pager";
import { RelativeTime } from "../components/forum/relative-time";
import { useActionToast, type ActionAnswer } from "../lib/use-action-toast";
import { app, bookmarks as bm, forum as f, ticker as tk } from "../../domain/i18n/sv";
import { profilePath } from "../../domain/paths";
import { postPath, POST_TEXTS } from "../../domain/post-target";
import type { Route } from "./+types/saved";

/** One page of the member's saved posts; visitors are redirected to log in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = await requireViewer(services, request);
  return listSaved(services.db, viewer.id, pageFrom(new URL(request.url)));
}

/** 'Ta bort' (and 'Spara'): `intent=unsave|save`, `targetType`, `targetId`; visitors get 401. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  return bookmarkFormAction(services, await getViewer(services, request), request, form);
}

/** Page title. */
export const meta: Route.MetaFunction = () => [{ title: `${bm.title} – ${app.name}` }, { name: "robots", content: "noindex" }];

/** One saved post with its 'Ta bort' form. */
function SavedRow({ item }: { item: SavedItem }) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionToast(fetcher.data);
  const title = item.targetType === "thread" ? item.threadTitle : bm.commentIn(item.threadTitle);
  // Hidden at once while the removal runs; the reloaded list no longer has it.
  if (fetcher.formData) return null;
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{POST_TEXTS[item.targetType].kind}</p>
        <Link
          to={postPath({ type: item.targetType, id: item.id, categoryId: item.categoryId, threadId: item.threadId })}
          className="font-semibold text-slate-900 hover:text-brand-800 hover:underline [overflow-wrap:anywhere]"
        >
          {title}
        </Link>
        {item.excerpt ? <p className="line-clamp-3 text-sm text-slate-700 [overflow-wrap:anywhere]">{item.excerpt}</p> : null}
        <p className="text-xs text-slate-500">
          {item.author ? (
            <Link to={profilePath(item.author.id)} className="hover:underline">
              {tk.by(item.author.nickname)}
            </Link>
          ) : (
            tk.by(f.unknownAuthor)
          )}{" "}
          · <RelativeTime iso={item.createdAt} />
        </p>
      </div>
      <fetcher.Form method="post" className="shrink-0">
        <input type="hidden" name="intent" value="unsave" />
        <input type="hidden" name="targetType" value={item.targetType} />
        <input type="hidden" name="targetId" value={item.id} />
        <button
          type="submit"
          aria-label={bm.removeLabel(title)}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100"
        >
          {bm.remove}
        </button>
      </fetcher.Form>
    </li>
  );
}

/** The 'Sparade' page. */
export default function SavedPage({ loaderData }: Route.ComponentProps) {
  const { items, page, hasMore } = loaderData;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{bm.title}</h1>
        <p className="text-slate-600">{bm.description}</p>
      </div>
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">{bm.empty}</p>
      ) : (
        <ul aria-label={bm.title} className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
          {items.map((item) => (
            <SavedRow key={`${item.targetType}:${item.id}`} item={item} />
          ))}
        </ul>
      )}
      <Pager page={page} hasMore={hasMore} />
    </div>
  );
}
