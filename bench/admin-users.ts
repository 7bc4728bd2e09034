/**
 * Admin benchmark (the users page "must stay usable with 100,000 members";
 * docs/performance.md): fills a fresh database with 100 000 members (through the real
 * user → profile trigger), 2 000 open reports on 1 000 threads, then times the users page
 * queries (first page, last page, searches), the report queue and badge, and queuing a message
 * to all members (median of 10 runs after 2 warm-up runs; the send-to-all is timed once).
 *
 * ```sh
 * TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/admin-users.ts
 * npx tsx bench/admin-users.ts                          # embedded PGlite
 * BENCH_MEMBERS=10000 npx tsx bench/admin-users.ts      # smaller
 * ```
 *
 * @module
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import { ensureDefaultCategories } from "../server/forum/default-categories";
import { countOpenReports, listReportGroups } from "../server/moderation/reports";
import { createTestDatabaseUrl } from "../server/testing/harness";
import { enqueueMessage } from "../server/admin/messages";
import { listUsers, USERS_PAGE_SIZE } from "../server/admin/users";
import { REPORT_REASONS, sqlArray } from "../domain/values";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const RUNS = 10;
const WARMUP = 2;

async function time(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i += 1) await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await fn();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  console.log(`${label.padEnd(48)} median ${((ms[4]! + ms[5]!) / 2).toFixed(1).padStart(7)} ms   max ${ms[ms.length - 1]!.toFixed(1).padStart(7)} ms`);
}

const pg = await createTestDatabaseUrl();
const database = await openDatabase(pg ? { databaseUrl: pg.url } : { pgliteDir: "memory://" });
try {
  await database.migrate();
  const db = database.db;
  await ensureDefaultCategories(db);
  const start = performance.now();
  await db.execute(sql`
    INSERT INTO "user" (id, name, email, username, display_username, email_verified)
    SELECT 'u' || i, 'Medlem' || i, 'medlem' || i || '@exempel.se', 'medlem' || i, 'Medlem' || i, true
    FROM generate_series(1, ${MEMBERS}) i`);
  await db.execute(sql`UPDATE profiles SET role_id = 'admin' WHERE id = 'u1'`);
  await db.execute(sql`UPDATE profiles SET last_activity_at = now() - (random() * interval '2 hours') WHERE random() < 0.05`);
  const [cat] = (await db.execute(sql`SELECT id FROM categories LIMIT 1`) as unknown as { rows: Array<{ id: string }> }).rows;
  await db.execute(sql`
    INSERT INTO threads (id, category_id, author_id, title, body, body_html)
    SELECT md5('t' || i)::uuid, ${cat!.id}::uuid, 'u' || (2 + i), 'Tråd ' || i, 'Text ' || i, '<p>Text</p>'
    FROM generate_series(1, 1000) i`);
  await db.execute(sql`
    INSERT INTO reports (target_type, target_id, reason, user_id)
    SELECT 'thread', md5('t' || (1 + (i % 1000)))::uuid, (${sql.raw(sqlArray(REPORT_REASONS))})[1 + i % ${REPORT_REASONS.length}], 'u' || (5000 + i)
    FROM generate_series(1, 2000) i`);
  await db.execute(sql`ANALYZE`);
  console.log(`${MEMBERS} members on ${database.kind}, loaded in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  const lastPage = Math.ceil(MEMBERS / USERS_PAGE_SIZE);
  await time("users page 1", () => listUsers(db, { page: 1 }));
  await time(`users page ${lastPage} (last)`, () => listUsers(db, { page: lastPage }));
  await time("users search 'medlem4711' (few hits)", () => listUsers(db, { q: "medlem4711" }));
  await time("users search 'lem9' (many hits), page 3", () => listUsers(db, { q: "lem9", page: 3 }));
  await time("open-report badge (2 000 open)", () => countOpenReports(db));
  await time("report queue, 50 oldest groups", () => listReportGroups(db));
  const t0 = performance.now();
  const { total } = await enqueueMessage(db, { id: "u1", role: "admin", nickname: "Medlem1" }, {
    sendToAll: true,
    recipients: "",
    subject: "Nyheter",
    content: "<p>Hej</p>",
    withButton: false,
    buttonLabel: "",
    buttonUrl: "",
  });
  console.log(`${`queue a message to all (${total} recipients)`.padEnd(48)} once   ${(performance.now() - t0).toFixed(1).padStart(7)} ms`);
} finally {
  await database.close();
  await pg?.drop();
}
