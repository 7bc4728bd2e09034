/**
 * Start page `/` and forum home `/forum` (SPEC §2 Forum home): how-to text, 'Kategorier' grid,
 * 'Diskussioner' sorted Senaste (Trendar and Populära arrive with trending).
 *
 * @module
 */
import { listCategories, listRecentThreads } from "../../server/forum/queries";
import { servicesContext } from "../../server/services";
import { CategoryGrid } from "../components/forum/category-grid";
import { HowTo } from "../components/forum/how-to";
import { ThreadList } from "../components/forum/thread-row";
import { app, forum as f } from "../i18n/sv";
import type { Route } from "./+types/forum-home";

/** Categories and the 10 newest threads (SPEC §9 Recent threads). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const [categories, threads] = await Promise.all([listCategories(db), listRecentThreads(db)]);
  return { categories, threads };
}

/** Title, description and OpenGraph tags of the start page. */
export const meta: Route.MetaFunction = () => [
  { title: `${app.name} – ${app.title}` },
  { name: "description", content: app.description },
  { property: "og:title", content: app.title },
  { property: "og:description", content: app.description },
  { property: "og:type", content: "website" },
  { property: "og:site_name", content: app.name },
];

/** The forum home. */
export default function ForumHome({ loaderData }: Route.ComponentProps) {
  const { categories, threads } = loaderData;
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 md:text-3xl">{app.title}</h1>
        <p className="text-slate-600">{app.description}</p>
      </div>
      <HowTo />
      <CategoryGrid categories={categories} />
      <section aria-labelledby="discussions-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="discussions-heading" className="text-xl font-bold text-slate-900">
            {f.discussions}
          </h2>
          <div role="tablist" aria-label={f.discussions} className="inline-flex rounded-lg bg-slate-200 p-1 text-sm">
            <span role="tab" aria-selected="true" className="rounded-md bg-white px-3 py-1 font-semibold text-slate-900 shadow-sm">
              {f.sortLatest}
            </span>
          </div>
        </div>
        <ThreadList threads={threads} showCategory empty={f.emptyThreads} />
      </section>
    </div>
  );
}
