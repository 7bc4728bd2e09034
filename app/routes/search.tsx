/**
 * `/forum/sok?q=…`: the full search results page (beyond SPEC §2):
 * server-rendered and shareable; filters `typ` (alla, inlagg, kommentarer, profiler) and
 * `kategori`; pages with `?sida=N`. Results are ranked as in `server/search/search.ts`.
 *
 * @module
 */
import { isGenericRender, listReader, sharePersonal } from "../../server/cache/share-personal";
import { FileText, MessageSquare, Search as SearchIcon, User } from "lucide-react";
import { data, Form, Link, useSearchParams } from "react-router";
import { listCategories } from "../../server/forum/queries";
import { searchPage, SearchUnavailableError } from "../../server/search/search";
import type { SearchResult } from "../../domain/search";
import { SEARCH_KINDS, type SearchKind } from "../../domain/values";
import { clientIp } from "../../server/http/client-ip";
import { RateLimitedError, retryAfterHeaders } from "../../server/platform/errors";
import { servicesContext } from "../../server/platform/services";
import { getViewer } from "../../server/accounts/session";
import { markMuted } from "../../server/mutes/collapse";
import { MutedItem } from "../components/forum/muted-item";
import { pageFrom, Pager } from "../components/forum/pager";
import { RelativeTime } from "../components/forum/relative-time";
import { Highlighted } from "../components/search/highlight";
import { MemberChip } from "../components/search/member-chip";
import { resultPath } from "../components/search/result-link";
import { app, forum as f, search as s } from "../../domain/i18n/sv";
import type { Route } from "./+types/search";
import { LIMITS } from "../../domain/limits";

/** URL values of the kind filter (`typ`). */
const KIND_PARAMS: Record<string, SearchKind> = { inlagg: "thread", kommentarer: "comment", profiler: "member" };
const PARAM_OF: Record<SearchKind, string> = { thread: "inlagg", comment: "kommentarer", member: "profiler" };
const KIND_ICON = { thread: FileText, comment: MessageSquare, member: User } as const;

/**
 * The query, filters and one page of results; 503 with `failed` when the database fails; 429
 * with `Retry-After` and `limited` (the Swedish message) over the search limit
 * (server/abuse/action-limits.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, LIMITS.searchQuery).trim();
  const kind = KIND_PARAMS[url.searchParams.get("typ") ?? ""];
  const categories = await listCategories(db);
  const wanted = url.searchParams.get("kategori") ?? "";
  const categoryId = kind !== "member" && categories.some((c) => c.id === wanted) ? wanted : undefined;
  const page = pageFrom(url);
  const base = {
    q,
    kind: kind ?? null,
    categoryId: categoryId ?? null,
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
  };
  const empty = { ...base, results: [], members: [], terms: [], page, hasMore: false, failed: true };
  // The shared member render's generic member searches for nobody: each member's
  // search is counted by the page's reader, below.
  if (q && !isGenericRender(request)) {
    try {
      const viewer = await getViewer(services, request);
      await services.actionLimits.enforce("search", { userId: viewer?.id ?? null, ip: clientIp(request), role: viewer?.role });
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      return data({ ...empty, limited: error.message }, { status: 429, headers: retryAfterHeaders(error) });
    }
  }
  try {
    const key = `page|${kind ?? ""}|${categoryId ?? ""}|${page}|${q}`;
    const [result, viewer] = await Promise.all([
      services.searchCache.get(key, () => searchPage(db, q, { kind, categoryId, page })),
      getViewer(services, request),
    ]);
    // Posts by members the viewer mutes collapse to one line.
    const results = markMuted(result.results, viewer, (r) => (r.kind === "member" ? null : r.author_id));
    // The shared member render learns whose posts this page lists.
    const muting = listReader(result.results.map((r) => (r.kind === "member" ? null : r.author_id)));
    const shared = sharePersonal(context, async (member, answer) => {
      // Counted when this answer's search ran, as a visitor's search counts only when the
      // visitors' page cache had no answer (docs/decisions/014-abuse-limits.md: the limit guards
      // the full-text queries; an answer from a kept render runs none). Over the limit, the
      // member's own render answers 429 with the Swedish message.
      if (q && answer.fresh) {
        try {
          await services.actionLimits.enforce("search", { userId: member.id, ip: answer.ip, role: member.role });
        } catch (error) {
          if (error instanceof RateLimitedError) return null;
          throw error;
        }
      }
      return muting(member, answer);
    });
    return { ...base, ...result, results, failed: false, ...shared };
  } catch (error) {
    if (!(error instanceof SearchUnavailableError)) throw error;
    console.error("[search] page failed:", error.code ?? "", (error.cause as Error | undefined)?.message ?? error);
    return data(empty, { status: 503 });
  }
}

/** Title with the query; search pages are not indexed by search engines. */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.q ? s.resultsFor(loaderData.q) : s.pageTitle} – ${app.name}` },
  { name: "description", content: s.metaDescription },
  { name: "robots", content: "noindex, follow" },
];

function ResultItem({ result, terms, categoryName }: { result: SearchResult; terms: string[]; categoryName?: string }) {
  const Icon = KIND_ICON[result.kind];
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-kind={result.kind}>
      <div className="flex items-start gap-3">
        <Icon className="mt-1 size-4 shrink-0 text-slate-500" aria-hidden />
        <div className="min-w-0 flex-1 space-y-1">
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
            <span className="font-semibold uppercase tracking-wide text-brand-700">{s.kinds[result.kind]}</span>
            {categoryName ? <span>{categoryName}</span> : null}
            <RelativeTime iso={result.created_at} />
          </p>
          <Link to={resultPath(result)} className="block font-semibold text-slate-900 hover:text-brand-700 hover:underline">
            <Highlighted text={result.title} terms={terms} />
          </Link>
          {result.snippet ? (
            <p className="text-sm text-slate-700">
              <Highlighted text={result.snippet} terms={terms} />
            </p>
          ) : null}
          <p className="text-xs text-slate-500">{s.by(result.author_name ?? f.unknownAuthor)}</p>
        </div>
      </div>
    </li>
  );
}

/** The results page. */
export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, kind, categoryId, categories, results, members, terms, page, hasMore, failed } = loaderData;
  const limited = "limited" in loaderData ? String(loaderData.limited) : undefined;
  const [params] = useSearchParams();
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const filterTo = (k: SearchKind | null) => {
    const next = new URLSearchParams(params);
    next.delete("sida");
    if (k) next.set("typ", PARAM_OF[k]);
    else next.delete("typ");
    if (k === "member") next.delete("kategori");
    return `?${next.toString()}`;
  };
  const filters: Array<{ kind: SearchKind | null; label: string }> = [
    { kind: null, label: s.filters.all },
    ...SEARCH_KINDS.map((k) => ({ kind: k, label: s.filters[k] })),
  ];
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{q ? s.resultsFor(q) : s.pageTitle}</h1>
      <Form method="get" className="flex flex-col gap-2 sm:flex-row" role="search" key={`${q}|${kind}|${categoryId}`}>
        {kind ? <input type="hidden" name="typ" value={PARAM_OF[kind]} /> : null}
        <label className="sr-only" htmlFor="search-page-q">
          {s.label}
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={LIMITS.searchQuery}
          placeholder={s.placeholder}
          className="h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-sm sm:flex-1 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
        {kind !== "member" ? (
          <>
            <label className="sr-only" htmlFor="search-page-category">
              {s.category}
            </label>
            <select
              id="search-page-category"
              name="kategori"
              defaultValue={categoryId ?? ""}
              className="h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm"
            >
              <option value="">{s.allCategories}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </>
        ) : null}
        <button
          type="submit"
          className="inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
        >
          <SearchIcon className="size-4" aria-hidden /> {s.submit}
        </button>
      </Form>
      {q ? (
        <nav aria-label={s.label} className="flex flex-wrap gap-1 text-sm">
          {filters.map((filter) => (
            <Link
              key={filter.label}
              to={filterTo(filter.kind)}
              aria-current={filter.kind === kind ? "page" : undefined}
              className={`rounded-full px-3 py-1 font-semibold ${
                filter.kind === kind ? "bg-slate-900 text-white" : "bg-slate-200 text-slate-700 hover:bg-slate-300"
              }`}
            >
              {filter.label}
            </Link>
          ))}
        </nav>
      ) : (
        <p className="text-slate-600">{s.emptyPrompt}</p>
      )}
      {failed ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {limited ?? s.failed}
        </p>
      ) : null}
      {members.length > 0 ? (
        <section aria-labelledby="search-members" className="space-y-2">
          <h2 id="search-members" className="text-sm font-bold uppercase tracking-wide text-slate-500">
            {s.membersHeading}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {members.map((m) => (
              <li key={m.id}>
                <MemberChip member={m} terms={terms} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {q && !failed ? (
        results.length > 0 ? (
          <section aria-label={kind === "member" ? s.membersHeading : s.postsHeading} className="space-y-3">
            <ul className="space-y-3">
              {results.map((r) => {
                const item = (
                  <ResultItem
                    key={`${r.kind}-${r.id}`}
                    result={r}
                    terms={terms}
                    categoryName={r.category_id ? categoryName.get(r.category_id) : undefined}
                  />
                );
                return r.muted ? (
                  <MutedItem key={`${r.kind}-${r.id}`} as="li" nickname={r.author_name ?? f.unknownAuthor} className="rounded-xl border border-slate-200 bg-white p-4">
                    {item}
                  </MutedItem>
                ) : (
                  item
                );
              })}
            </ul>
            <Pager page={page} hasMore={hasMore} />
          </section>
        ) : members.length === 0 || kind ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600" role="status">
            {s.noResults(q)}
          </p>
        ) : null
      ) : null}
    </div>
  );
}
