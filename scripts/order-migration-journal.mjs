#!/usr/bin/env node
/**
 * Runs after `drizzle-kit generate` (`npm run db:generate`): drizzle's migrator applies a
 * migration only when its journal `when` is later than the newest one a database has run, and
 * entries 0007–0011 carry hand-set times in the future (up to 2026-11-28). A migration generated
 * before then would be skipped on every existing database; this moves each `when` that is not
 * later than the previous one to the previous one + 1 ms, and says which it moved.
 *
 * Exit status 0; it rewrites `server/db/migrations/meta/_journal.json` only when something moved.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const file = path.resolve(import.meta.dirname, "../server/db/migrations/meta/_journal.json");
const journal = JSON.parse(readFileSync(file, "utf8"));
let moved = 0;
for (let i = 1; i < journal.entries.length; i++) {
  const prev = journal.entries[i - 1];
  const entry = journal.entries[i];
  if (entry.when <= prev.when) {
    console.log(`db:generate: ${entry.tag} "when" ${entry.when} → ${prev.when + 1} (after ${prev.tag})`);
    entry.when = prev.when + 1;
    moved++;
  }
}
if (moved > 0) writeFileSync(file, `${JSON.stringify(journal, null, 2)}\n`);
