#!/usr/bin/env node
/**
 * CI check: `server/db/schema.ts` and the migrations' newest snapshot
 * (`server/db/migrations/meta/`) agree, i.e. `drizzle-kit generate` on the tree as it is would
 * write nothing.
 *
 * Runs `drizzle-kit generate` with the project's `drizzle.config.ts` into a temporary copy of
 * `server/db/migrations` (the real folder is never written), then compares the copy with the
 * original.
 *
 * Usage: `npm run db:check` (or `node scripts/check-migrations.mjs`), from anywhere in the project.
 * It also checks the journal: each entry's `when` must be later than the one before (drizzle's
 * migrator skips an older one on databases that already ran a newer one) and has its SQL file.
 *
 * Exit status: 0 when nothing would be generated; 1 when the journal is out of order, when
 * drizzle-kit would write or change a file (the files and the SQL are printed), when drizzle-kit
 * fails or would ask a question (a rename: there is no terminal to answer it), or when it runs
 * longer than 60 s.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const migrations = path.join(root, "server", "db", "migrations");
const drizzleKit = path.join(root, "node_modules", "drizzle-kit", "bin.cjs");

/**
 * Every file under `dir`, by path relative to it, with its content.
 *
 * @param {string} dir absolute folder path
 * @returns {Map<string, string>} relative path → UTF-8 content
 */
function files(dir) {
  const out = new Map();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out.set(path.relative(dir, full), readFileSync(full, "utf8"));
  }
  return out;
}

/**
 * Problems in `meta/_journal.json` that make drizzle's migrator skip or miss a migration: it
 * applies a migration only when its `when` is later than the newest one a database has run, so
 * `when` must grow strictly from entry to entry; and every entry needs its SQL file.
 *
 * @returns {string[]} one readable line per problem (empty when the journal is sound)
 */
function journalProblems() {
  const journal = JSON.parse(readFileSync(path.join(migrations, "meta", "_journal.json"), "utf8"));
  const problems = [];
  journal.entries.forEach((entry, i) => {
    if (!existsSync(path.join(migrations, `${entry.tag}.sql`))) problems.push(`${entry.tag}: server/db/migrations/${entry.tag}.sql is missing`);
    const prev = journal.entries[i - 1];
    if (prev && !(entry.when > prev.when)) {
      problems.push(
        `${entry.tag}: "when" ${entry.when} (${new Date(entry.when).toISOString()}) is not after ${prev.tag}'s ` +
          `${prev.when} (${new Date(prev.when).toISOString()}), so databases that already ran ${prev.tag} would never run it. ` +
          `Set it to ${prev.when + 1} or later in server/db/migrations/meta/_journal.json.`,
      );
    }
  });
  return problems;
}

const problems = journalProblems();
if (problems.length > 0) {
  console.error("db:check: server/db/migrations/meta/_journal.json is out of order:\n");
  for (const line of problems) console.error(`  ${line}`);
  process.exit(1);
}

const work = mkdtempSync(path.join(tmpdir(), "borssnack-migrations-"));
let status = 1;
try {
  cpSync(migrations, path.join(work, "migrations"), { recursive: true });
  // drizzle-kit resolves `out` against the working directory (an absolute path breaks it), so it
  // runs in the temporary folder, with the project's config and an absolute schema path.
  const config = path.join(work, "drizzle.config.ts");
  writeFileSync(
    config,
    [
      `import base from ${JSON.stringify(path.join(root, "drizzle.config.ts"))};`,
      `export default { ...base, schema: ${JSON.stringify(path.join(root, "server", "db", "schema.ts"))}, out: "./migrations" };`,
      "",
    ].join("\n"),
  );
  const run = spawnSync(process.execPath, [drizzleKit, "generate", "--config", config], {
    cwd: work,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 60_000,
  });
  const output = `${run.stdout ?? ""}${run.stderr ?? ""}`.trim();
  // drizzle-kit exits with status 0 even when it fails, e.g. when a rename needs an answer and
  // there is no terminal; only its "nothing to migrate" line counts as a clean result.
  const clean = /No schema changes, nothing to migrate/.test(output);
  const failed = run.error || run.status !== 0 || /\bError\b/.test(output);
  if (failed) {
    console.error(output);
    console.error(
      /Interactive prompts require a TTY/.test(output) || run.error?.code === "ETIMEDOUT"
        ? "\ndb:check: schema.ts and the migrations disagree, and drizzle-kit generate needs an answer (a renamed table,\n" +
            "column or constraint?). Run `npm run db:generate` in a terminal, review the SQL and commit it with its snapshot."
        : `\ndb:check: drizzle-kit generate failed (${run.error ? run.error.message : `exit status ${run.status}`}).`,
    );
  } else {
    const before = files(migrations);
    const after = files(path.join(work, "migrations"));
    const changed = [...after.keys()].filter((name) => before.get(name) !== after.get(name)).sort();
    if (changed.length === 0 && clean) {
      console.log("db:check: schema.ts matches the migrations; drizzle-kit generate has nothing to write.");
      status = 0;
    } else {
      console.error("db:check: server/db/schema.ts and server/db/migrations disagree.");
      console.error(changed.length ? "drizzle-kit generate would write or change these files:\n" : output);
      for (const name of changed) console.error(`  server/db/migrations/${name}${before.has(name) ? " (changed)" : " (new)"}`);
      for (const name of changed.filter((n) => n.endsWith(".sql"))) {
        console.error(`\n--- ${name}\n${after.get(name)}`);
      }
      console.error(
        "\nEither schema.ts changed without a migration (run `npm run db:generate`, review the SQL and commit it with\n" +
          "its snapshot), or schema.ts no longer describes what the migrations create (fix schema.ts; the migrations\n" +
          "are the truth for existing databases). server/db/schema-drift.test.ts shows the differences in detail.",
      );
    }
  }
} finally {
  if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}
process.exit(status);
