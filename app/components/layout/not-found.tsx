/**
 * The 404 page (SPEC §2): bull emoji, 'Hoppsan! Sidan hittades inte', link back to the start page.
 *
 * @module
 */
import { Link } from "react-router";
import { errors } from "../../i18n/sv";

/** 404 content, used by the catch-all route and the error boundary. */
export function NotFound() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-7xl" aria-hidden>
        🐂
      </p>
      <h1 className="text-2xl font-bold text-slate-900">{errors.notFound}</h1>
      <Link to="/" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
        {errors.backToStart}
      </Link>
    </main>
  );
}
