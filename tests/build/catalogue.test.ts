/**
 * One short import name per catalogue group (`domain/i18n/sv.ts`): every file that imports a
 * group uses the name below, so `f.titleRequired` means the forum group everywhere and a reader
 * never has to look up what `t` is in this file. A new group gets its name here.
 */
import { describe, expect, it } from "vitest";
import * as sv from "../../domain/i18n/sv";
import { sourceFiles } from "./source-files";

/** Catalogue group → the one name it is imported as. */
export const CATALOGUE_NAMES: Record<keyof typeof sv, string> = {
  app: "app",
  nav: "nav",
  auth: "a",
  forum: "f",
  forumGuide: "fg",
  reactions: "r",
  toasts: "t",
  errors: "errors",
  time: "tm",
  mail: "ml",
  authMail: "aml",
  admin: "adm",
  profile: "p",
  ticker: "tk",
  sectors: "sec",
  cli: "cli",
  config: "cfg",
  roles: "roles",
  landing: "ld",
  privacy: "pv",
  uploads: "up",
  postImages: "pi",
  markdown: "md",
  quoteDrafts: "qd",
  edgeLevel: "el",
  search: "s",
  notifications: "n",
  threadWatch: "tw",
  presence: "pr",
  moderation: "m",
  postMarks: "pm",
  reporting: "rp",
  adminPages: "ap",
  adminMail: "am",
  adminJobs: "aj",
  abuseLimits: "al",
  unavailable: "unavailable",
  editing: "ed",
  marketHours: "mh",
  trendingTickers: "tt",
  stances: "st",
  watchlist: "wl",
  pwa: "pwa",
  notificationSettings: "nst",
  digestMail: "dm",
  webPush: "wp",
  theme: "th",
  mutes: "mu",
  bookmarks: "bm",
  feeds: "fd",
  unread: "ur",
  polls: "pl",
  threadTools: "tl",
  threadState: "ts",
  inbox: "ib",
};

describe("catalogue imports", () => {
  const files = sourceFiles(["app", "server", "domain", "tests", "bench", "scripts"], { tests: true });

  it("every group is imported under its one name", () => {
    const wrong: string[] = [];
    for (const file of files) {
      for (const m of file.text.matchAll(/import\s*\{([^}]*)\}\s*from\s*["'][./]*(?:domain\/)?i18n\/sv["']/g)) {
        for (const part of m[1]!.split(",").map((p) => p.trim()).filter(Boolean)) {
          const [group, alias] = part.split(/\s+as\s+/) as [keyof typeof sv, string | undefined];
          const want = CATALOGUE_NAMES[group];
          if ((alias ?? group) !== want) wrong.push(`${file.path}: ${part} (use ${group === want ? group : `${group} as ${want}`})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("names are unique, and every group of the catalogue has one", () => {
    expect(new Set(Object.values(CATALOGUE_NAMES)).size).toBe(Object.keys(CATALOGUE_NAMES).length);
    expect(Object.keys(CATALOGUE_NAMES).sort()).toEqual(Object.keys(sv).sort());
  });
});
