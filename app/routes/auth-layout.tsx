/**
 * Auth layout (SPEC §2 Auth layout): header with the logo linking to /landing and the three
 * ticking 24-hour clocks (New York, Stockholm, Tokyo; right of the logo from 768 px, below it on
 * smaller screens), the page in a card, and a footer with the current year and the rights line.
 *
 * @module
 */
import { Link, Outlet } from "react-router";
import { MarketClocks } from "../components/auth/market-clocks";
import { app, landing as ld, nav } from "../../domain/i18n/sv";
import { NOINDEX } from "../lib/seo";

/** Every `/auth/*` page is `noindex`; pages with their own `meta` repeat it. */
export const meta = () => [{ title: app.title }, NOINDEX];

/** The product logo as in the forum header, but leading to the landing page. */
function AuthLogo() {
  return (
    <Link
      to="/landing"
      title={ld.toLanding}
      className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-slate-900"
    >
      <span aria-hidden className="text-2xl">
        🐂
      </span>
      <span>
        Börs<span className="text-brand-700">snack</span>
      </span>
    </Link>
  );
}

/** Layout around `/auth/*`: header with logo and clocks, the page card, footer. */
export default function AuthLayout() {
  const year = new Date().getFullYear();
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 to-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {nav.skipToContent}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-3 md:min-h-16 md:flex-row md:items-center md:justify-between md:py-2">
          <AuthLogo />
          <MarketClocks className="w-full md:w-auto" />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 md:py-16">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:p-8">
          <Outlet />
        </div>
      </main>
      <footer className="px-4 py-6 text-center text-sm text-slate-500">{app.copyright(year)}</footer>
    </div>
  );
}
