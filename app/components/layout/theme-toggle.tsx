/**
 * The colour theme choice: 'Systemets tema' / 'Ljust' / 'Mörkt'.
 *
 * - `ThemeMenuItems` (in `header-menus.tsx`, loaded with the user menu): a 'Tema' group of
 *   `menuitemradio` items for the user menu (members).
 * - {@link ThemeForm}: a 'Tema' radio group in a form that posts to `/api/theme`, for the
 *   visitors' footer and the members' phone menu. Without JavaScript the 'Byt tema' button posts
 *   it and the server answers with the same page in the new theme; with JavaScript a click on a
 *   radio button switches at once (no reload) and the button is not rendered.
 *
 * Both read and set the preference through `useThemeChoice` (app/lib/theme.ts).
 *
 * @module
 */
import { useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { theme as th } from "../../../domain/i18n/sv";
import { isThemePreference } from "../../../domain/theme";
import { THEME_PREFERENCES } from "../../../domain/values";
import { THEME_ACTION, useThemeChoice } from "../../lib/theme";

const noSubscribe = () => () => {};
/** false in the server HTML and during hydration, true once React runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(noSubscribe, () => true, () => false);
}

/**
 * A 'Tema' fieldset with three radio buttons that works without JavaScript.
 *
 * @param props.className extra classes for the form
 * @returns `<form method="post" action="/api/theme">` with `theme` radios and `returnTo` (this page)
 */
export function ThemeForm({ className = "" }: { className?: string }) {
  const { preference, setTheme } = useThemeChoice();
  const location = useLocation();
  const hydrated = useHydrated();
  return (
    <form
      method="post"
      action={THEME_ACTION}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = new FormData(event.currentTarget).get("theme");
        if (isThemePreference(chosen)) setTheme(chosen);
      }}
    >
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <legend className="float-left mr-1 font-semibold text-slate-700">{th.label}</legend>
        {THEME_PREFERENCES.map((value) => (
          <label key={value} className="inline-flex min-h-8 cursor-pointer items-center gap-1.5 text-slate-700">
            <input
              type="radio"
              name="theme"
              value={value}
              checked={preference === value}
              onChange={() => setTheme(value)}
              className="size-4 accent-brand-700"
            />
            {th.options[value]}
          </label>
        ))}
        {hydrated ? null : (
          <button type="submit" className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-100">
            {th.save}
          </button>
        )}
      </fieldset>
    </form>
  );
}
