/**
 * The colour theme in the browser (issue 19 "Dark mode"): the stored preference from the root
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
 * The preference in effect: a choice being sent wins over the stored one.
 *
 * @returns `system` | `light` | `dark`; `system` when the root loader has no data (error pages)
 */
export function useThemePreference(): ThemePreference {
  const stored = (useRouteLoaderData("root") as { theme?: ThemePreference } | undefined)?.theme;
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY });
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
      void submit({ theme, mode: "js", returnTo: location.pathname + location.search }, { method: "post", action: THEME_ACTION });
    },
    [submit, location.pathname, location.search],
  );
  return { preference, setTheme };
}
