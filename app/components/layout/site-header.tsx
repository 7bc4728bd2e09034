/**
 * Sticky forum header (SPEC §2 Shared forum layout): logo, Forum link, and a user menu or a
 * 'Logga in' button; below 768 px a menu button opens a sheet with the same links.
 * A member also gets 'Inkorg' with its unread badge, the notification bell and the activity logger; everyone sees the online
 * indicator (SPEC §2 bell, §4 Presence). On desktop a compact line below says whether
 * the Stockholm, New York and Tokyo exchanges are open (`MarketHoursLine`).
 *
 * @module
 */
import { ChevronDown, Menu } from "lucide-react";
import { Link, NavLink, useLocation } from "react-router";
import { nav } from "../../../domain/i18n/sv";
import { lazyComponent } from "../../lib/lazy";
import { LazyWidget } from "../ui/lazy-widget";
import { Logo } from "./logo";
import type { ClientViewer } from "../../lib/viewer";
import { EdgeAvatar } from "../ui/edge-level";
import { Personal } from "../../lib/personal";
import { VIEWER_PART } from "../../../domain/personal";
import { buttonClass } from "../ui/button";
import { MemberHeaderControls } from "./member-header-lazy";
import { OnlineIndicator } from "../presence/presence";
import { MarketHoursLine } from "../market/market-status";

const UserMenuPopup = lazyComponent(() => import("./header-menus"), (m) => m.UserMenuPopup);
const MobileMenuSheet = lazyComponent(() => import("./header-menus"), (m) => m.MobileMenuSheet);

function UserMenu({ viewer }: { viewer: ClientViewer }) {
  return (
    <LazyWidget
      widget={UserMenuPopup}
      haspopup="menu"
      props={{ viewer }}
      trigger={{
        className: "flex items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm font-semibold text-slate-800 hover:bg-slate-100",
        children: (
          <>
            {/* Name 'Användarmeny <nick>': it contains the visible nickname (axe). */}
            <span className="sr-only">{nav.userMenu}</span>
            <Personal name={VIEWER_PART} value={viewer}>
              {(member) => (
                <>
                  <span aria-hidden className="contents">
                    <EdgeAvatar nickname={member.nickname} avatarUrl={member.avatarUrl} edgeLevel={member.edgeLevel} size="sm" />
                  </span>
                  <span className="max-w-40 truncate">{member.nickname}</span>
                </>
              )}
            </Personal>
            <ChevronDown className="size-4" aria-hidden />
          </>
        ),
      }}
    />
  );
}

function MobileMenu({ viewer }: { viewer: ClientViewer | null }) {
  return (
    <LazyWidget
      widget={MobileMenuSheet}
      haspopup="dialog"
      props={{ viewer }}
      trigger={{
        className: "rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden",
        "aria-label": nav.openMenu,
        children: <Menu className="size-6" aria-hidden />,
      }}
    />
  );
}

/** The sticky header; `viewer` null shows 'Logga in'. */
export function SiteHeader({ viewer }: { viewer: ClientViewer | null }) {
  const location = useLocation();
  const back = location.pathname + location.search;
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-4">
        <div className="flex items-center gap-6">
          <Logo />
          <nav className="hidden md:block" aria-label={nav.mainMenu}>
            <NavLink
              to="/forum"
              className={({ isActive }) =>
                `rounded-md px-3 py-2 text-sm font-semibold ${isActive ? "text-brand-700" : "text-slate-700 hover:text-slate-900"}`
              }
            >
              {nav.forum}
            </NavLink>
            {viewer ? (
              <NavLink
                to="/forum/bevakning"
                className={({ isActive }) =>
                  `rounded-md px-3 py-2 text-sm font-semibold ${isActive ? "text-brand-700" : "text-slate-700 hover:text-slate-900"}`
                }
              >
                {nav.watchlist}
              </NavLink>
            ) : null}
          </nav>
        </div>
        <div className="flex items-center gap-1.5 sm:gap-2">
          {/* On phones too (SPEC §2 header); compact below 640 px. */}
          <OnlineIndicator className="max-sm:px-2 max-sm:text-[11px]" />
          {viewer ? <MemberHeaderControls /> : null}
          <div className="hidden md:block">
            {viewer ? (
              <UserMenu viewer={viewer} />
            ) : (
              <Link
                to={back.startsWith("/auth") ? "/auth/login" : `/auth/login?redirectTo=${encodeURIComponent(back)}`}
                className={buttonClass("primary")}
              >
                {nav.login}
              </Link>
            )}
          </div>
          {!viewer ? (
            <Link to="/auth/login" className={buttonClass("primary", "whitespace-nowrap max-sm:px-3 md:hidden")}>
              {nav.login}
            </Link>
          ) : null}
          <MobileMenu viewer={viewer} />
        </div>
      </div>
      <MarketHoursLine />
    </header>
  );
}
