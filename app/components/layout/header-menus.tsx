/**
 * The header's user menu and phone menu (SPEC §2 Shared forum layout) with their Radix widgets,
 * loaded on first open: `site-header.tsx` renders plain buttons of the same look until
 * then. Also the user menu's theme group.
 *
 * @module
 */
import { Dialog, DropdownMenu } from "radix-ui";
import { Bookmark, Check, Eye, KeyRound, LogOut, Mail, Monitor, Moon, Settings, Shield, Sun, User, X } from "lucide-react";
import { Form, Link, useRouteLoaderData } from "react-router";
import { app, bookmarks as bm, nav, presence as pr, theme as th } from "../../../domain/i18n/sv";
import { isThemePreference } from "../../../domain/theme";
import { THEME_PREFERENCES, type ThemePreference } from "../../../domain/values";
import { useLogout } from "../../lib/logout";
import { useThemeChoice } from "../../lib/theme";
import type { ClientViewer } from "../../lib/viewer";
import type { LazyWidgetProps } from "../ui/lazy-widget";
import { ThemeForm } from "./theme-toggle";


const ICONS: Record<ThemePreference, typeof Sun> = { system: Monitor, light: Sun, dark: Moon };

/**
 * The user menu's theme group: a label 'Tema' and three radio items; choosing one switches at once.
 *
 * @param props.itemClassName the menu's item classes (kept alike with the other items)
 * @returns Radix `DropdownMenu` label and radio group (roles `menuitemradio`, `aria-checked`)
 */
export function ThemeMenuItems({ itemClassName }: { itemClassName: string }) {
  const { preference, setTheme } = useThemeChoice();
  return (
    <>
      <DropdownMenu.Label className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-600">{th.label}</DropdownMenu.Label>
      <DropdownMenu.RadioGroup
        aria-label={th.label}
        value={preference}
        onValueChange={(value) => {
          if (isThemePreference(value)) setTheme(value);
        }}
      >
        {THEME_PREFERENCES.map((value) => {
          const Icon = ICONS[value];
          return (
            <DropdownMenu.RadioItem
              key={value}
              value={value}
              className={itemClassName}
              // Keep the menu open: the member sees the page switch behind it.
              onSelect={(event) => event.preventDefault()}
            >
              <Icon className="size-4" aria-hidden /> <span className="flex-1">{th.options[value]}</span>
              <DropdownMenu.ItemIndicator>
                <Check className="size-4" aria-hidden />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.RadioItem>
          );
        })}
      </DropdownMenu.RadioGroup>
    </>
  );
}

/** The logout button as a form: without JavaScript a plain POST, with it {@link useLogout}. */
function LogoutForm({ className, children }: { className: string; children: React.ReactNode }) {
  const logout = useLogout();
  return (
    <Form
      method="post"
      action="/auth/logout"
      onSubmit={(event) => {
        event.preventDefault();
        void logout();
      }}
    >
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}

/**
 * The user menu as a Radix dropdown (controlled).
 *
 * @param props.viewer - the logged-in member (links, admin items)
 * @param props.open - whether the menu is open
 * @param props.onOpenChange - called with the wanted open state
 * @param props.trigger - the trigger button's class and content (the same as the plain placeholder)
 */
export function UserMenuPopup({ viewer, open, onOpenChange, trigger }: LazyWidgetProps & { viewer: ClientViewer }) {
  const logout = useLogout();
  const item =
    "flex w-full cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100";
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger {...trigger} />
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
          {/* The colour theme ('Systemets tema' / 'Ljust' / 'Mörkt'). */}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <ThemeMenuItems itemClassName={item} />
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className={item}
            onSelect={() => {
              // Drafts and this device's push subscription stay with the member, not with the
              // next user of the browser.
              void logout();
            }}
          >
            <LogOut className="size-4" aria-hidden /> {nav.logout}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * The phone menu as a Radix dialog sheet (controlled).
 *
 * @param props.viewer - the logged-in member, or null for a visitor
 * @param props.open - whether the sheet is open
 * @param props.onOpenChange - called with the wanted open state
 * @param props.trigger - the menu button's class, label and content
 */
export function MobileMenuSheet({ viewer, open, onOpenChange, trigger }: LazyWidgetProps & { viewer: ClientViewer | null }) {
  const online = (useRouteLoaderData("root") as { online?: { totalOnline: number; lastHourActive: number } | null } | undefined)?.online;
  const link = "block rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100";
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger {...trigger} />
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
          {/* The header shows only the number on a phone: the menu says it in full (SPEC §4 Presence). */}
          {online ? (
            <p className="mb-1 flex items-center gap-2 px-3 text-sm text-slate-600">
              <span aria-hidden className="size-2 shrink-0 rounded-full bg-emerald-500" />
              {pr.onlineLabel(online.totalOnline, online.lastHourActive)}
            </p>
          ) : null}
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
              {/* The saving toast sends members here ('Du hittar den under Sparade i menyn'). */}
              <Dialog.Close asChild>
                <Link to="/forum/sparade" className={link}>
                  {bm.menu}
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
              {/* The colour theme; the user menu with it is hidden on phones. */}
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
