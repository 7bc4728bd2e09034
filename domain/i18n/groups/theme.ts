import type { ThemePreference } from "../../values";

/** Colour theme: the user menu's and the visitors' footer choice. */
export const theme = {
  /** Name of the radio group. */
  label: "Tema",
  options: { system: "Systemets tema", light: "Ljust", dark: "Mörkt" } as const satisfies Record<ThemePreference, string>,
  /** The footer form's submit button (needed only without JavaScript). */
  save: "Byt tema",
  /** `POST /api/theme` with a value outside `THEME_PREFERENCES` (domain/values.ts). */
  invalid: "Okänt tema. Välj Systemets tema, Ljust eller Mörkt.",
} as const;
