/**
 * The database's CHECK constraints agree with the allowed-values module (`domain/values.ts`):
 * reads every constraint from `pg_constraint` of a freshly migrated database (the migrations are
 * what existing forums run) and compares the values it allows with the module's lists. Adding a
 * reaction type without the migration that widens `reactions_reaction_type_check` fails here.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MESSAGES_FROM,
  LIMITS,
  MAIL_JOB_STATUSES,
  MAIL_RECIPIENT_STATUSES,
  MODERATION_ACTIONS,
  NOTIFICATION_TYPES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  REACTION_TYPES,
  REPORT_REASONS,
  REPORT_RESOLUTIONS,
  REPORT_STATUSES,
  TARGET_TYPES,
  AUTHOR_SENTIMENTS,
  POSITIONS,
  SLOW_MODE_MINUTES,
} from "../../domain/values";
import type { Database } from "./client";
import { openTestDatabase } from "../testing/harness";

let database: Database;
let drop: () => Promise<void>;
let defs: Map<string, string>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.migrate();
  const result = (await database.db.execute(sql`
    SELECT c.conname AS name, pg_get_constraintdef(c.oid) AS def
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
    WHERE c.contype = 'c' AND n.nspname NOT IN ('pg_catalog', 'information_schema')`)) as unknown as {
    rows: Array<{ name: string; def: string }>;
  };
  defs = new Map(result.rows.map((r) => [r.name, r.def]));
});
afterAll(() => drop());

/** The quoted values a constraint allows (PostgreSQL shows `IN (…)` as `= ANY (ARRAY['a'::text, …])`). */
function allowedValues(name: string): string[] {
  const def = defs.get(name);
  if (!def) throw new Error(`no CHECK constraint ${name} in the migrated database`);
  return [...def.matchAll(/'([^']*)'(?:::text)?/g)].map((m) => m[1]!).sort();
}

/** The numbers of a `BETWEEN 1 AND n` length check. */
function upperBound(name: string): number {
  const m = /<= (\d+)\)/.exec(defs.get(name) ?? "") ?? /AND (\d+)/.exec(defs.get(name) ?? "");
  if (!m) throw new Error(`no upper bound in ${name}: ${defs.get(name)}`);
  return Number(m[1]);
}

const sorted = (list: readonly string[]) => [...list].sort();

describe("database CHECK constraints match domain/values.ts", () => {
  const cases: Array<[string, readonly string[]]> = [
    ["reactions_reaction_type_check", REACTION_TYPES],
    ["reactions_target_type_check", TARGET_TYPES],
    ["post_tickers_target_type_check", TARGET_TYPES],
    ["post_revisions_target_type_check", TARGET_TYPES],
    ["bookmarks_target_type_check", TARGET_TYPES],
    ["post_tickers_sentiment_check", AUTHOR_SENTIMENTS],
    ["post_tickers_position_check", POSITIONS],
    ["reports_target_type_check", TARGET_TYPES],
    ["reports_reason_check", REPORT_REASONS],
    ["reports_status_check", REPORT_STATUSES],
    ["reports_resolution_check", REPORT_RESOLUTIONS],
    ["notifications_type_check", NOTIFICATION_TYPES],
    ["moderation_log_action_check", MODERATION_ACTIONS],
    ["admin_mail_jobs_status_check", MAIL_JOB_STATUSES],
    ["admin_mail_recipients_status_check", MAIL_RECIPIENT_STATUSES],
    ["profiles_messages_from_check", MESSAGES_FROM],
    ["message_reports_reason_check", REPORT_REASONS],
    ["message_reports_status_check", REPORT_STATUSES],
    ["message_reports_resolution_check", REPORT_RESOLUTIONS],
    ...NOTIFICATION_KINDS.map((kind): [string, readonly string[]] => [`notification_settings_${kind}_check`, NOTIFICATION_CHANNELS]),
  ];
  for (const [name, list] of cases) {
    it(`${name} allows exactly the module's values`, () => {
      expect(allowedValues(name)).toEqual(sorted(list));
    });
  }

  it("threads_slow_mode_minutes allows exactly the module's minutes", () => {
    const def = defs.get("threads_slow_mode_minutes") ?? "";
    const numbers = [...(/ANY \(ARRAY\[([^\]]*)\]|IN \(([^)]*)\)/.exec(def)?.slice(1).find(Boolean) ?? "").matchAll(/\d+/g)].map(Number);
    expect(numbers).toEqual([...SLOW_MODE_MINUTES]);
  });

  it("title, body and comment length checks use the module's limits", () => {
    expect(upperBound("threads_title_length")).toBe(LIMITS.title);
    expect(upperBound("threads_body_length")).toBe(LIMITS.body);
    expect(upperBound("comments_body_length")).toBe(LIMITS.comment);
    expect(upperBound("messages_body_length")).toBe(LIMITS.message);
  });

  it("every CHECK constraint that lists values is compared above", () => {
    const listing = [...defs].filter(([, def]) => /ANY \(ARRAY\[|IN \(/.test(def)).map(([name]) => name);
    expect(sorted(listing)).toEqual(sorted([...cases.map(([name]) => name), "threads_slow_mode_minutes"]));
  });
});
