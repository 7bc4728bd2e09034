/**
 * Document shell: `<html lang="sv">`, meta, styles, the single toast outlet (SPEC §4 Toast: one
 * at a time) and the error boundary with the spec's Swedish texts (SPEC §8). The colour theme
 * (domain/theme.ts): `<html class="dark">` for the `dark` cookie, and for
 * `system` a nonce'd inline script in `<head>` that adds the class before the first paint.
 *
 * @module
 */
import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { toast, Toaster } from "./lib/toast";
import { getViewer, toClientViewer } from "../server/accounts/session";
import { readFlash, type Flash } from "../server/http/flash";
import { servicesContext } from "../server/platform/services";
import { recentActiveUsers } from "../server/presence/stats";
import type { Route } from "./+types/root";
import "./app.css";
import { ConnectionProblem, NotFound, Unavailable } from "./components/layout/error-views";
import { isUnavailableError } from "./lib/route-errors";
import { app, errors } from "../domain/i18n/sv";
import type { ClientViewer } from "./lib/viewer";
import { PersonalData } from "./lib/personal";
import { GENERIC_VIEWER_ID } from "../domain/personal";
import { PWA_PATHS, THEME_COLOR } from "./pwa/manifest";
import { registerServiceWorker } from "./pwa/register";
import { adoptTypedInput } from "./lib/typed-before-hydration";
import { IconSprite } from "./components/ui/sprite-icon";
import { cspNonceContext } from "../server/security/headers";
import { DARK_CLASS, isDarkTheme, SYSTEM_THEME_SCRIPT, themeFromCookie } from "../domain/theme";
import { useSystemPrefersDark, useThemePreference } from "./lib/theme";
import { MEMBER_DOCUMENT_ATTRIBUTE } from "./lib/lazy";

/**
 * Root data: the logged-in member's public fields, a one-shot flash message, the colour theme
 * preference of the `theme` cookie (`system` | `light` | `dark`) and the response's CSP
 * nonce for the theme's inline script ("" without CSP).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  // The online counts are in the first paint (the header does not move when they come).
  const [viewer, online] = await Promise.all([getViewer(services, request), recentActiveUsers(services.db)]);
  const { flash, clear } = await readFlash(request);
  const clientViewer: ClientViewer | null = viewer ? toClientViewer(viewer) : null;
  return data(
    {
      viewer: clientViewer,
      flash,
      publicUrl: services.config.publicUrl,
      provider: services.config.provider,
      theme: themeFromCookie(request.headers.get("Cookie")),
      nonce: context.get(cspNonceContext),
      online,
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

/** Passes the flash-clearing cookie on document requests. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** Default title and description (SPEC §1 Document title). */
export const meta: Route.MetaFunction = () => [
  { title: app.title },
  { name: "description", content: app.description },
];

/**
 * The `<html>` document around every page and error, in the viewer's colour theme:
 * the class follows the preference in effect (a switch in flight first) and, for `system`, the
 * device; `suppressHydrationWarning` because the head script may have added `dark` before React.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const preference = useThemePreference();
  const systemDark = useSystemPrefersDark();
  const dark = isDarkTheme(preference, systemDark);
  const rootData = useRouteLoaderData("root") as { nonce?: string; viewer?: ClientViewer | null } | undefined;
  const nonce = rootData?.nonce;
  return (
    <html lang="sv" className={dark ? DARK_CLASS : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={preference === "system" ? "light dark" : preference} />
        {preference === "system" ? (
          <script nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SYSTEM_THEME_SCRIPT }} />
        ) : null}
        <meta name="theme-color" content={THEME_COLOR} />
        {/* Installable app: manifest, home-screen icon on iOS. */}
        <link rel="manifest" href={PWA_PATHS.manifest} />
        <link rel="apple-touch-icon" href={PWA_PATHS.appleTouchIcon} />
        <link rel="icon" href="data:image/svg+xml,<svg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 100 100%22><text y=%22.9em%22 font-size=%2290%22>🐂</text></svg>" />
        <Meta />
        <Links />
        {/* A page made for the generic member: the member's states (server/cache/page-cache.ts). */}
        <PersonalData shared={rootData?.viewer?.id === GENERIC_VIEWER_ID} nonce={nonce ?? ""} />
      </head>
      {/* data-member: the browser loads the page's member-only modules before hydrating (app/lib/lazy.ts). */}
      <body className="min-h-screen" {...(rootData?.viewer ? { [MEMBER_DOCUMENT_ATTRIBUTE]: "" } : {})}>
        <IconSprite />
        {children}
        <Toaster
          position="top-center"
          visibleToasts={1}
          richColors
          theme={dark ? "dark" : "light"}
          closeButton
          containerAriaLabel={app.toastRegion}
          toastOptions={{ closeButtonAriaLabel: app.toastClose }}
        />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function FlashToast({ flash }: { flash: Flash | null }) {
  useEffect(() => {
    if (!flash?.toast) return;
    const { title, description, kind } = flash.toast;
    const show = kind === "error" ? toast.error : kind === "info" ? toast.info : toast.success;
    show(title, description ? { description } : undefined);
  }, [flash]);
  return null;
}

/**
 * Every page, plus the flash toast of the previous redirect; registers the service worker and,
 * once hydrated, hands React what the reader typed before the script ran (`adoptTypedInput`) and
 * marks `<html data-hydrated="true">`.
 */
export default function Root({ loaderData }: Route.ComponentProps) {
  useEffect(registerServiceWorker, []);
  useEffect(() => {
    adoptTypedInput(document);
    // The page is interactive from here on: `<html data-hydrated>` (read by the browser tests
    // before they type, and by anyone checking a page with a script).
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <FlashToast flash={loaderData.flash} />
      <Outlet />
    </>
  );
}

/**
 * Unexpected errors and thrown 4xx responses: 404 gets the spec's 404 page, a database outage
 * (503, server/db/unavailable.ts) 'Forumet är tillfälligt otillgängligt', anything else the
 * generic Swedish text; details are logged on the server, never shown.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isUnavailableError(error)) return <Unavailable />;
  if (isRouteErrorResponse(error) && error.status === 503) return <ConnectionProblem />;
  // A 4xx thrown with a Swedish message: a string, or `{ error }` as the body readers throw
  // (server/http/forms.ts: 413 'Förfrågan är för stor…').
  const data: unknown = isRouteErrorResponse(error) && error.status < 500 ? error.data : undefined;
  const message =
    typeof data === "string"
      ? data
      : typeof (data as { error?: unknown } | undefined)?.error === "string"
        ? (data as { error: string }).error
        : errors.genericUnknown;
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl" aria-hidden>
        📉
      </p>
      <h1 className="text-2xl font-bold">{errors.genericTitle}</h1>
      <p className="text-slate-600">{message}</p>
      <a href="/" className="font-semibold text-brand-700 underline">
        {errors.backToStart}
      </a>
    </main>
  );
}
