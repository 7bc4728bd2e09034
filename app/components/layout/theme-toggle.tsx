/**
 * The colour theme choice (issue 19 "Dark mode"): 'Systemets tema' / 'Ljust' / 'Mörkt'.
 *
 * - {@link ThemeMenuItems}: a 'Tema' group of `menuitemradio` items for the user menu (members).
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
import { DropdownMenu } from "radix-ui";
import { Check, Monitor, Moon, Sun } from "lucide-react";
import { useLocation } from "react-router";
import { theme as th } from "../../../domain/i18n/sv";
import { isThemePreference } from "../../../domain/theme";
import { THEME_PREFERENCES, type ThemePreference } from "../../../domain/values";
import { THEME_ACTION, useThemeChoice } from "../../lib/theme";

const ICONS: Record<ThemePreference, typeof Sun> = { system: Monitor, light: Sun, dark: Moon };

const noSubscribe = () => () => {};
/** false in the server HTML and during hydration, true once React runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(noSubscribe, () => true, () => false);
}

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
