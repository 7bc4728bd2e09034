/**
 * `/forum/edit/{postId}` (SPEC §2): a placeholder page that only shows the id.
 *
 * @module
 */
import { app, forum as f } from "../../domain/i18n/sv";
import type { Route } from "./+types/edit-placeholder";

/** Title of the placeholder. */
export const meta: Route.MetaFunction = () => [{ title: `${f.editTitle} – ${app.name}` }, { name: "robots", content: "noindex" }];

/** Shows the id, nothing else. */
export default function EditPlaceholder({ params }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl space-y-2 rounded-xl border border-slate-200 bg-white p-6">
      <h1 className="text-xl font-bold">{f.editTitle}</h1>
      <p className="text-slate-600 [overflow-wrap:anywhere]">{f.editPlaceholder(params.postId)}</p>
    </div>
  );
}
