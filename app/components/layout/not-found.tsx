/**
 * The 404 page (SPEC §2): bull emoji, 'Hoppsan! Sidan hittades inte', link back to the start page.
 *
 * @module
 */
import { Link } from "react-router";
import { errors, forum as f } from "../../i18n/sv";

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

/** A not-found box inside the forum layout, with the given spec text and a link to /forum. */
export function NotFoundBox({ text }: { text: string }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <p className="text-5xl" aria-hidden>
        🐂
      </p>
      <h1 className="text-xl font-bold">{text}</h1>
      <Link to="/forum" className="font-semibold text-brand-700 underline">
        {f.breadcrumbForum}
      </Link>
    </div>
  );
}

/** 'Anslutningsproblem' (SPEC §8): the login check failed or timed out; link to the start page. */
export function ConnectionProblem() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl" aria-hidden>
        📡
      </p>
      <h1 className="text-2xl font-bold text-slate-900">{errors.connectionTitle}</h1>
      <p className="text-slate-600">{errors.connectionText}</p>
      <Link to="/" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
        {errors.backToStart}
      </Link>
    </main>
  );
}
