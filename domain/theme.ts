/**
 * Colour theme preference: the `theme` cookie, read by the root loader so
 * the server renders the right theme, written by `POST /api/theme` (app/routes/api-theme.ts) and,
 * for an instant switch, by the browser. Pure: no DOM, no Node built-ins.
 *
 * - `dark`: the server renders `<html class="dark">`.
 * - `light`: no class.
 * - `system` (default, also for a missing or unknown cookie): the server renders
 *   {@link SYSTEM_THEME_SCRIPT} in `<head>`, which adds `dark` before the first paint when the
 *   device prefers a dark colour scheme.
 *
 * Rules in docs/decisions/033-dark-mode.md.
 *
 * @module
 */
import { THEME_PREFERENCES, type ThemePreference } from "./values";

/** Name of the cookie that holds the preference (not a secret, so not httpOnly). */
export const THEME_COOKIE = "theme";
/** How long the cookie lives: one year, in seconds. */
export const THEME_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** The class on `<html>` that switches the palette (app/app.css `.dark`, Tailwind's `dark:` variant). */
export const DARK_CLASS = "dark";
/** The media query a `system` preference follows. */
export const DARK_MEDIA_QUERY = "(prefers-color-scheme: dark)";

/**
 * Inline script for the `system` preference, run in `<head>` before the stylesheet paints
 * anything: adds {@link DARK_CLASS} to `<html>` when the device prefers dark. It carries the
 * response's CSP nonce (server/security/headers.ts).
 */
export const SYSTEM_THEME_SCRIPT = `try{if(matchMedia(${JSON.stringify(DARK_MEDIA_QUERY)}).matches)document.documentElement.classList.add(${JSON.stringify(DARK_CLASS)})}catch(e){}`;

/**
 * Whether a value is one of the preferences.
 *
 * @param value anything (a form field, a cookie value)
 * @returns true for `system`, `light` or `dark`
 */
export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === "string" && (THEME_PREFERENCES as readonly string[]).includes(value);
}

/**
 * The preference stored in a `Cookie` header.
 *
 * @param cookieHeader the request's `Cookie` header (null or "" when absent)
 * @returns the cookie's preference; `system` when it is missing or not a known value
 */
export function themeFromCookie(cookieHeader: string | null | undefined): ThemePreference {
  const match = /(?:^|;\s*)theme=([^;]*)/.exec(cookieHeader ?? "");
  const value = match?.[1]?.trim();
  return isThemePreference(value) ? value : "system";
}

/**
 * The cookie that stores a preference: one year, the whole site, `SameSite=Lax`.
 *
 * @param preference the chosen theme
 * @param options.secure add `Secure` (the forum is served over HTTPS)
 * @returns a `Set-Cookie` value, also valid for `document.cookie`
 */
export function themeCookie(preference: ThemePreference, options: { secure?: boolean } = {}): string {
  return `${THEME_COOKIE}=${preference}; Max-Age=${THEME_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}

/**
 * Whether `<html>` gets the dark class.
 *
 * @param preference the stored preference
 * @param systemPrefersDark whether the device prefers dark (false on the server, which cannot know)
 * @returns true for `dark`, and for `system` on a device that prefers dark
 */
export function isDarkTheme(preference: ThemePreference, systemPrefersDark: boolean): boolean {
  return preference === "dark" || (preference === "system" && systemPrefersDark);
}

/**
 * Where the no-JavaScript theme form returns to: a same-origin path only (an open redirect
 * otherwise). `//host`, `/\host`, absolute URLs and anything not starting with `/` give `/`.
 *
 * @param value the form's `returnTo` field
 * @returns a path starting with a single `/`
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  if (/[\u0000-\u001f\\]/.test(value)) return "/";
  return value;
}
