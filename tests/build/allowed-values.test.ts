/**
 * One source for every allowed value (`domain/values.ts`): fails when a second literal list of
 * reaction types, roles, report reasons, notification types, target types or moderation actions
 * appears anywhere in the sources — as an array, a union type or an SQL `IN (…)` list of two or
 * more of the values. Derive from the module instead (`REACTION_TYPES.map`, `z.enum(ROLES)`,
 * `Record<ReactionType, …>`, `sqlInList(…)`).
 */
import { describe, expect, it } from "vitest";
import {
  MODERATION_ACTIONS,
  NOTIFICATION_TYPES,
  REACTION_TYPES,
  REPORT_REASONS,
  ROLES,
  SEARCH_KINDS,
  TARGET_TYPES,
} from "../../domain/values";
import { sourceFiles } from "./source-files";

const LISTS: Record<string, readonly string[]> = {
  REACTION_TYPES,
  ROLES,
  REPORT_REASONS,
  NOTIFICATION_TYPES,
  MODERATION_ACTIONS,
  TARGET_TYPES,
  SEARCH_KINDS,
};

/**
 * Finds literal groups — quoted words separated only by commas, bars and space (`["bull", "bear"]`,
 * `"bull" | "bear"`, `IN ('bull', 'bear')`) — made entirely of two or more distinct values of
 * `list`. A group that mixes in other words (`"thread" | "comment" | "user"`) is another
 * vocabulary and is left alone.
 */
function literalRuns(text: string, list: readonly string[]): string[] {
  const item = `["'\`][a-z_]+["'\`]`;
  const re = new RegExp(`${item}(?:\\s*[,|]\\s*${item})+`, "g");
  return [...text.matchAll(re)]
    .map((m) => m[0])
    .filter((run) => {
      const words = run.match(/[a-z_]+/g) ?? [];
      return words.every((w) => list.includes(w)) && new Set(words).size >= 2;
    });
}

/** The text without `/* … *\/` and `// …` comments (documentation may name the values). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

describe("allowed values have one source", () => {
  const files = sourceFiles(["app", "server", "domain", "bench", "scripts", "tests"]).filter(
    (f) => f.path !== "domain/values.ts" && !f.path.startsWith("tests/build/"),
  );

  for (const [name, list] of Object.entries(LISTS)) {
    it(`no second literal list of ${name}`, () => {
      const found = files.flatMap((f) => literalRuns(withoutComments(f.text), list).map((run) => `${f.path}: ${run}`));
      expect(found).toEqual([]);
    });
  }

  it("the guard finds a hand-written list (so it cannot pass vacuously)", () => {
    expect(literalRuns(`const ORDER = ["bull", "bear", "like", "fire"];`, REACTION_TYPES)).toHaveLength(1);
    expect(literalRuns(`role: "member" | "moderator" | "admin"`, ROLES)).toHaveLength(1);
    expect(literalRuns("sql`x IN ('spam', 'other')`", REPORT_REASONS)).toHaveLength(1);
    expect(literalRuns(`const one = "bull";`, REACTION_TYPES)).toHaveLength(0);
    expect(literalRuns(`type Log = "thread" | "comment" | "user"`, TARGET_TYPES)).toHaveLength(0);
  });
});
