/**
 * The logo (SPEC §2 Shared forum layout): its own module, so the landing, auth and admin pages
 * that show it do not also load the forum header.
 *
 * @module
 */
import { Link } from "react-router";

/** The logo: bull and product name, linking to the start page. */
export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-1.5 text-lg font-extrabold sm:gap-2 tracking-tight text-slate-900">
      {/* The bull gives way on the narrowest phones (< 360 px) so the header's buttons fit. */}
      <span aria-hidden className="text-2xl max-[359px]:hidden">
        🐂
      </span>
      <span>
        Börs<span className="text-brand-700">snack</span>
      </span>
    </Link>
  );
}
