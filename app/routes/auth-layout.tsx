/**
 * Auth layout (SPEC §2 Auth layout): header with the logo, the page in a card, footer with the
 * year and rights line. The three clocks and the landing link arrive with the accounts issue.
 *
 * @module
 */
import { Outlet } from "react-router";
import { Logo } from "../components/layout/site-header";
import { app } from "../i18n/sv";

/** Layout around `/auth/*`. */
export default function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 to-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4">
          <Logo />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 md:py-16">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:p-8">
          <Outlet />
        </div>
      </main>
      <footer className="py-6 text-center text-sm text-slate-500">{app.copyright(new Date().getFullYear())}</footer>
    </div>
  );
}
