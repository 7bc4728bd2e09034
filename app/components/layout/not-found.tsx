/**
 * The 404 page (SPEC §2): bull emoji, 'Hoppsan! Sidan hittades inte', link back to the start page;
 * and the other error views. Loaded only by a page that shows one: import them from
 * `error-views.ts`. Each view's root element carries `data-route-error`
 * (`ROUTE_ERROR_ATTRIBUTE`, app/lib/lazy.ts), so the browser loads this module before it hydrates
 * such a page.
 *
 * @module
 */
import { Link } from "react-router";
import { isUnavailableError } from "../../lib/route-errors";
import { ROUTE_ERROR_ATTRIBUTE } from "../../lib/lazy";
import { errors, forum as f, unavailable } from "../../../domain/i18n/sv";

/** The attribute every view's root element carries. */
const errorView = { [ROUTE_ERROR_ATTRIBUTE]: "" };

/** 404 content, used by the catch-all route and the error boundary. */
export function NotFound() {
  return (
    <main {...errorView} className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
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
    <div {...errorView} className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
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
    <main {...errorView} className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
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

/**
 * 'Forumet är tillfälligt otillgängligt' (faults): the database cannot be
 * reached; the answer is HTTP 503 with `Retry-After`. A plain link reloads the page.
 *
 * @param props.compact true inside the forum layout (a box), false for the whole page
 */
export function Unavailable({ compact = false }: { compact?: boolean }) {
  return (
    <main
      {...errorView}
      className={
        compact
          ? "mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center"
          : "mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-6 text-center"
      }
    >
      <p className="text-5xl" aria-hidden>
        🔧
      </p>
      <h1 className="text-2xl font-bold text-slate-900">{unavailable.title}</h1>
      <p className="text-slate-600">{unavailable.text}</p>
      <a href="" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
        {unavailable.retry}
      </a>
    </main>
  );
}

/**
 * A route's error boundary inside the forum layout: {@link Unavailable} when the database could
 * not be reached, else the route's not-found box.
 *
 * @param props.error the boundary's `error`
 * @param props.text the route's not-found text (SPEC §8)
 */
export function RouteErrorBox({ error, text }: { error: unknown; text: string }) {
  return isUnavailableError(error) ? <Unavailable compact /> : <NotFoundBox text={text} />;
}
