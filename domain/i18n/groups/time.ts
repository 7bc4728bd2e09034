/**
 * Relative-time and date words (app/lib/dates.ts): month names for 'd MMMM yyyy' and the
 * relative-time phrases, worded as date-fns' Swedish locale words them (SPEC §1: "för 5 minuter
 * sedan"), so the texts did not change when the browser stopped downloading date-fns.
 */
export const time = {
  months: ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"],
  /** Counts up to twelve are written out ('tre minuter'); larger ones are digits. */
  numberWords: ["noll", "en", "två", "tre", "fyra", "fem", "sex", "sju", "åtta", "nio", "tio", "elva", "tolv"],
  /** Each phrase for a count of one, and for other counts with `{{count}}`. */
  distance: {
    lessThanXMinutes: { one: "mindre än en minut", other: "mindre än {{count}} minuter" },
    xMinutes: { one: "en minut", other: "{{count}} minuter" },
    aboutXHours: { one: "ungefär en timme", other: "ungefär {{count}} timmar" },
    xDays: { one: "en dag", other: "{{count}} dagar" },
    aboutXMonths: { one: "ungefär en månad", other: "ungefär {{count}} månader" },
    xMonths: { one: "en månad", other: "{{count}} månader" },
    aboutXYears: { one: "ungefär ett år", other: "ungefär {{count}} år" },
    overXYears: { one: "över ett år", other: "över {{count}} år" },
    almostXYears: { one: "nästan ett år", other: "nästan {{count}} år" },
  },
  /** A past time: 'fem minuter sedan'. */
  ago: (distance: string) => `${distance} sedan`,
  /** A future time: 'om fem minuter'. */
  in: (distance: string) => `om ${distance}`,
} as const;
