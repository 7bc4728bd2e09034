/**
 * The building blocks of the demo's text: the seeded random numbers, the slots a template fills
 * (the thread's company, the member asked, …), a line of text with the author's stated view
 * ('Din syn' / 'Innehav') on the company it names, and the shape of a thread script.
 *
 * A view is part of the line because it must agree with what the line says: "Fyllde på lite
 * $VOLV-B i morse" is Bullish and owns; "står utanför $SAND" is not owned. The forum ignores a
 * stated view for a ticker the post does not name, so a line with a view writes the company's
 * cashtag ({@link speak} drops a view whose cashtag is missing, and the plan's test fails on it).
 *
 * Pure: no database, no I/O.
 *
 * @module
 */
import type { AuthorSentiment, Position } from "../../domain/values";
import { DEFAULT_CATEGORIES } from "../forum/default-categories";
import type { DemoStyle } from "./members";
import type { DemoCompany } from "./companies";

/** The random helpers every template gets. */
export interface Rng {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** A shuffled copy. */
  shuffle<T>(list: readonly T[]): T[];
}

/**
 * Deterministic random numbers (mulberry32): the same seed gives the same sequence on every
 * machine, so the demo's text and structure repeat exactly.
 *
 * @param seed any 32-bit integer
 * @returns the helpers of {@link Rng}, all drawing from one sequence
 */
export function rngOf(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)]!,
    chance: (p) => next() < p,
    shuffle: (list) => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
}

/** What a template gets: the thread's companies, the member answered, a member to mention. */
export interface Slots {
  /** The thread's company (for a thread about no company: unused by its templates). */
  c: DemoCompany;
  /** A second company the thread names (a comparison, a pair of exporters), else unused. */
  d: DemoCompany;
  /** The nickname of the member answered: the thread's author, or the comment replied to. */
  asker: string;
  /** Another demo member's nickname (for a mention). */
  other: string;
  r: Rng;
}

/** A template: slots in, Markdown out. */
export type Text = (s: Slots) => string;

/** The author's 'Din syn' / 'Innehav' on one of the thread's companies. */
export interface View {
  /** Which company (default `c`). */
  on?: "c" | "d";
  sentiment?: AuthorSentiment;
  position?: Position;
}

/** A line of text with what it needs and what its author states. */
export interface Said {
  text: Text;
  /** The author's view of the company, stated beside the text. */
  view?: View;
  /** The line names the thread's company (`c`): only under a thread about one. */
  company?: true;
  /** Only for companies that pass (e.g. banks); implies `company`. */
  fits?: (c: DemoCompany) => boolean;
  /** A reply that fits only after a comment with this view ("Jag köpte av samma skäl" after a Bullish one). */
  after?: AuthorSentiment;
}

/** A line: plain text, or text with a view or a condition. */
export type Line = Text | Said;

/**
 * A line in its long form.
 *
 * @param line plain text or a {@link Said}
 * @returns the {@link Said} (plain text: no view, no condition)
 */
export function said(line: Line): Said {
  return typeof line === "function" ? { text: line } : line;
}

/**
 * A line whose author is Bullish ('Din syn').
 *
 * @param text the template; it must write the company's cashtag, or the view is dropped
 * @param position 'Innehav' stated alongside, if the words say it ("köpte", "äger", "sålde allt")
 * @param on which company (default `c`)
 * @returns the line with its view
 */
export const bull = (text: Text, position?: Position, on?: "c" | "d"): Said => ({
  text,
  view: { sentiment: "bullish", ...(position ? { position } : {}), ...(on ? { on } : {}) },
});

/**
 * A line whose author is Bearish ('Din syn').
 *
 * @param text the template; it must write the company's cashtag, or the view is dropped
 * @param position 'Innehav' stated alongside, if the words say it
 * @param on which company (default `c`)
 * @returns the line with its view
 */
export const bear = (text: Text, position?: Position, on?: "c" | "d"): Said => ({
  text,
  view: { sentiment: "bearish", ...(position ? { position } : {}), ...(on ? { on } : {}) },
});

/**
 * A line that states only a position ('Innehav'), no Bullish or Bearish.
 *
 * @param text the template; it must write the company's cashtag, or the position is dropped
 * @param position owns or does not own
 * @param on which company (default `c`)
 * @returns the line with its view
 */
export const holds = (text: Text, position: Position, on?: "c" | "d"): Said => ({ text, view: { position, ...(on ? { on } : {}) } });

/**
 * Marks a shared line as naming the thread's company, so it goes only under a thread about one.
 *
 * @param line the line (with or without a view)
 * @param fits only for companies that pass (e.g. banks); absent: any company
 * @returns the marked line
 */
export const about = (line: Line, fits?: (c: DemoCompany) => boolean): Said => ({ ...said(line), company: true, ...(fits ? { fits } : {}) });

/**
 * Marks a reply as answering a comment with a given view, so that agreement and disagreement
 * follow what the comment said.
 *
 * @param sentiment the view the comment replied to must state on the thread's company
 * @param line the reply
 * @returns the marked reply
 */
export const after = (sentiment: AuthorSentiment, line: Line): Said => ({ ...said(line), after: sentiment });

/** Stated views per ticker, as the forum's write path takes them (`stancesSchema`). */
export type Stances = Record<string, { sentiment?: AuthorSentiment; position?: Position }>;

/**
 * Writes a line: its Markdown and the author's stated view.
 *
 * @param line the template
 * @param s the slots
 * @returns `body`, and `stances` keyed by the company's ticker when the line states a view and
 *   the body names that company's cashtag (a view on a ticker the post does not name would be
 *   ignored by the forum, so it is not passed on)
 */
export function speak(line: Line, s: Slots): { body: string; stances?: Stances } {
  const l = said(line);
  const body = l.text(s);
  if (!l.view) return { body };
  const { on, ...stance } = l.view;
  const company = on === "d" ? s.d : s.c;
  if (!body.includes(company.tag)) return { body };
  return { body, stances: { [company.ticker]: stance } };
}

/**
 * A default category's name, checked against `server/forum/default-categories.ts`.
 *
 * @throws when the default categories no longer have it (the demo would write in a missing one)
 */
function category(name: string): string {
  const found = DEFAULT_CATEGORIES.find((c) => c.name === name);
  if (!found) throw new Error(`Standardkategorin "${name}" saknas`);
  return found.name;
}

/** The categories the demo writes in: every default category. */
export const CATEGORY = {
  general: category("Allmänt om börsen"),
  large: category("Large Cap"),
  small: category("Small Cap & First North"),
  technical: category("Teknisk analys"),
  funds: category("Fonder & ETF:er"),
  macro: category("Makro & räntor"),
  dividends: category("Utdelningar"),
  crypto: category("Krypto"),
  beginners: category("Nybörjarhörnan"),
  offTopic: category("Off topic"),
} as const;

/**
 * The category of a thread about one company.
 *
 * @param c the company
 * @returns 'Large Cap' or 'Small Cap & First North', by the company's segment
 */
export const byCap = (c: DemoCompany): string => (c.cap === "large" ? CATEGORY.large : CATEGORY.small);

/**
 * One thread of the demo, written once: where it goes, who writes it, which companies it is
 * about, its opening post with the author's view, the first answers to it, further comments and
 * (for a thread off the market) its own replies.
 */
export interface Script {
  /** A short stable name (`report-eve`), for reading the plan. */
  id: string;
  /** Category name, one of `DEFAULT_CATEGORIES`, or by the company. */
  category: string | ((c: DemoCompany) => string);
  /** Styles of the members who would start such a thread. */
  authors: readonly DemoStyle[];
  /**
   * Which companies the thread is about: `c` must pass `c`, a second company `d` (when the text
   * names one) must pass `d`. Absent: the thread names no company.
   */
  companies?: { c: (x: DemoCompany) => boolean; d?: (x: DemoCompany, c: DemoCompany) => boolean };
  /** The thread is about `c` (its ticker page lists it, the body tags it once, members watch it). */
  main?: true;
  title: Text;
  body: Text;
  /** The author's 'Din syn' / 'Innehav' on the thread's company. */
  view?: View;
  /** First answers: they refer to the question and name the asker. */
  answers: readonly Line[];
  /** Further comments under this thread. */
  comments: readonly Line[];
  /** Replies that fit only this thread; with them, it takes no shared chatter or replies. */
  replies?: readonly Line[];
}
