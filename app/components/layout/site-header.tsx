/**
 * Sticky forum header (SPEC §2 Shared forum layout): logo, Forum link, and a user menu or a
 * 'Logga in' button; below 768 px a menu button opens a sheet with the same links.
 * A member also gets the notification bell and the activity logger; everyone sees the online
 * indicator (issue 5: SPEC §2 bell, §4 Presence). On desktop a compact line below says whether
 * the Stockholm, New York and Tokyo exchanges are open (issue 17, `MarketHoursLine`).
 *
 * @module
 */
import { Dialog, DropdownMenu } from "radix-ui";
import { Bookmark, ChevronDown, Eye, KeyRound, LogOut, Mail, Menu, Settings, Shield, User, X } from "lucide-react";
import { Form, Link, NavLink, useLocation, useSubmit } from "react-router";
import { app, bookmarks as bm, nav } from "../../../domain/i18n/sv";
import { clearAllDrafts } from "../../lib/drafts";
import type { ClientViewer } from "../../lib/viewer";
import { EdgeAvatar } from "../ui/edge-level";
import { buttonClass } from "../ui/button";
import { NotificationBell } from "../notifications/notification-bell";
import { ActivityTracker, OnlineIndicator } from "../presence/presence";
import { MarketHoursLine } from "../market/market-status";
import { ThemeForm, ThemeMenuItems } from "./theme-toggle";

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

function LogoutForm({ className, children }: { className: string; children: React.ReactNode }) {
  return (
    <Form method="post" action="/auth/logout" onSubmit={clearAllDrafts}>
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}

function UserMenu({ viewer }: { viewer: ClientViewer }) {
  const submit = useSubmit();
  const item =
    "flex w-full cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100";
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="flex items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm font-semibold text-slate-800 hover:bg-slate-100"
      >
        {/* Name 'Användarmeny <nick>': it contains the visible nickname (issue 19, axe). */}
        <span className="sr-only">{nav.userMenu}</span>
        <span aria-hidden className="contents">
          <EdgeAvatar nickname={viewer.nickname} avatarUrl={viewer.avatarUrl} edgeLevel={viewer.edgeLevel} size="sm" />
        </span>
        <span className="max-w-40 truncate">{viewer.nickname}</span>
        <ChevronDown className="size-4" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item asChild>
            <Link to={`/forum/profil/${viewer.id}`} className={item}>
              <User className="size-4" aria-hidden /> {nav.myProfile}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to="/forum/bevakning" className={item}>
              <Eye className="size-4" aria-hidden /> {nav.watchlist}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to="/forum/sparade" className={item}>
              <Bookmark className="size-4" aria-hidden /> {bm.menu}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to="/auth/set-password" className={item}>
              <KeyRound className="size-4" aria-hidden /> {viewer.hasPassword ? nav.changePassword : nav.setPassword}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to="/forum/konto" className={item}>
              <Settings className="size-4" aria-hidden /> {nav.account}
            </Link>
          </DropdownMenu.Item>
          {viewer.can.admin ? (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              <DropdownMenu.Item asChild>
                <Link to="/admin" className={item}>
                  <Shield className="size-4" aria-hidden /> {nav.admin}
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild>
                <Link to="/admin/messages" className={item}>
                  <Mail className="size-4" aria-hidden /> {nav.messages}
                </Link>
              </DropdownMenu.Item>
            </>
          ) : null}
          {/* Issue 19: the colour theme ('Systemets tema' / 'Ljust' / 'Mörkt'). */}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <ThemeMenuItems itemClassName={item} />
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className={item}
            onSelect={() => {
              // Issue 16: unsent drafts stay with the member, not with the next user of the browser.
              clearAllDrafts();
              submit(null, { method: "post", action: "/auth/logout" });
            }}
          >
            <LogOut className="size-4" aria-hidden /> {nav.logout}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function MobileMenu({ viewer }: { viewer: ClientViewer | null }) {
  const link = "block rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100";
  return (
    <Dialog.Root>
      <Dialog.Trigger className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden" aria-label={nav.openMenu}>
        <Menu className="size-6" aria-hidden />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 dark:bg-black/60" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col gap-1 bg-white p-4 shadow-xl">
          <div className="mb-2 flex items-center justify-between">
            <Dialog.Title className="text-base font-bold">{viewer ? viewer.nickname : app.name}</Dialog.Title>
            <Dialog.Close className="rounded-lg p-2 hover:bg-slate-100" aria-label={nav.closeMenu}>
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{nav.openMenu}</Dialog.Description>
          <Dialog.Close asChild>
            <Link to="/forum" className={link}>
              {nav.forum}
            </Link>
          </Dialog.Close>
          {viewer ? (
            <>
              <Dialog.Close asChild>
                <Link to="/forum/notifications" className={link}>
                  {nav.notifications}
                </Link>
              </Dialog.Close>
              <Dialog.Close asChild>
                <Link to="/forum/bevakning" className={link}>
                  {nav.watchlist}
                </Link>
              </Dialog.Close>
              <Dialog.Close asChild>
                <Link to={`/forum/profil/${viewer.id}`} className={link}>
                  {nav.myProfile}
                </Link>
              </Dialog.Close>
              <Dialog.Close asChild>
                <Link to="/auth/set-password" className={link}>
                  {viewer.hasPassword ? nav.changePassword : nav.setPassword}
                </Link>
              </Dialog.Close>
              <Dialog.Close asChild>
                <Link to="/forum/konto" className={link}>
                  {nav.account}
                </Link>
              </Dialog.Close>
              {viewer.can.admin ? (
                <>
                  <Dialog.Close asChild>
                    <Link to="/admin" className={link}>
                      {nav.admin}
                    </Link>
                  </Dialog.Close>
                  <Dialog.Close asChild>
                    <Link to="/admin/messages" className={link}>
                      {nav.messages}
                    </Link>
                  </Dialog.Close>
                </>
              ) : null}
              <LogoutForm className={`${link} w-full text-left`}>{nav.logout}</LogoutForm>
              {/* Issue 19: the colour theme; the user menu with it is hidden on phones. */}
              <ThemeForm className="mt-2 border-t border-slate-200 px-3 pt-3 text-sm" />
            </>
          ) : (
            <>
              <Dialog.Close asChild>
                <Link to="/auth/login" className={link}>
                  {nav.login}
                </Link>
              </Dialog.Close>
              <Dialog.Close asChild>
                <Link to="/auth/register" className={link}>
                  {nav.register}
                </Link>
              </Dialog.Close>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
          {/* Issue 19: on phones too (SPEC §2 header); compact below 640 px. */}
          <OnlineIndicator className="max-sm:px-2 max-sm:text-[11px]" />
          {viewer ? (
            <>
              <ActivityTracker />
              <NotificationBell />
            </>
          ) : null}
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
