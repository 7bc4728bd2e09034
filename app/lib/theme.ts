/**
 * The colour theme in the browser: the stored preference from the root
 * loader (the `theme` cookie), the choice in flight (the `theme` fetcher, so a switch shows at
 * once, before the answer), the device's own preference, and the function the toggles call.
 * Rules in docs/decisions/033-dark-mode.md.
 *
 * @module
 */
import { useCallback, useSyncExternalStore } from "react";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { DARK_MEDIA_QUERY, isThemePreference } from "../../domain/theme";
import type { ThemePreference } from "../../domain/values";

/** The fetcher key every theme toggle shares, so the document reads one choice in flight. */
export const THEME_FETCHER_KEY = "theme";
/** The resource route that stores the choice (app/routes/api-theme.ts). */
export const THEME_ACTION = "/api/theme";

function subscribeSystem(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_MEDIA_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * Whether the device prefers a dark colour scheme, following changes live.
 *
 * @returns true when `prefers-color-scheme: dark` matches; false on the server and during
 *   hydration (the inline head script has already set the class then, and React leaves it)
 */
export function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(
    subscribeSystem,
    () => window.matchMedia(DARK_MEDIA_QUERY).matches,
    () => false,
  );
}

/**
 * The choice made on this page, kept outside React so every toggle and the document see it in the
 * same render as the click: a controlled radio would otherwise jump back to the stored value until
 * the fetcher's state arrives, and again between the answer and the root loader's revalidation.
 */
let chosenOnPage: ThemePreference | null = null;
const chosenListeners = new Set<() => void>();

function subscribeChosen(onChange: () => void): () => void {
  chosenListeners.add(onChange);
  return () => chosenListeners.delete(onChange);
}

function choose(theme: ThemePreference): void {
  chosenOnPage = theme;
  for (const listener of chosenListeners) listener();
}

/**
 * The preference in effect: the choice made on this page, else a choice being sent, else the
 * stored one.
 *
 * @returns `system` | `light` | `dark`; `system` when the root loader has no data (error pages)
 */
export function useThemePreference(): ThemePreference {
  const local = useSyncExternalStore(subscribeChosen, () => chosenOnPage, () => null);
  const stored = (useRouteLoaderData("root") as { theme?: ThemePreference } | undefined)?.theme;
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY });
  if (local) return local;
  const pending = fetcher.formData?.get("theme");
  if (isThemePreference(pending)) return pending;
  return stored ?? "system";
}

/**
 * What a toggle needs: the preference in effect and a function that stores a new one (a fetcher
 * POST to `/api/theme` with `mode=js`; the page switches at once, without a reload).
 *
 * @returns `{ preference, setTheme(theme) }`
 */
export function useThemeChoice(): { preference: ThemePreference; setTheme: (theme: ThemePreference) => void } {
  const preference = useThemePreference();
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY });
  const location = useLocation();
  const { submit } = fetcher;
  const setTheme = useCallback(
    (theme: ThemePreference) => {
      choose(theme);
      void submit({ theme, mode: "js", returnTo: location.pathname + location.search }, { method: "post", action: THEME_ACTION });
    },
    [submit, location.pathname, location.search],
  );
  return { preference, setTheme };
}
