/**
 * What one answer of the notifications page cost before its list was kept per member
 * (docs/decisions/043-member-reads.md): the CPU of the list's query and of its React render, each
 * run 1 000 times in this process against the bench dataset.
 *
 * ```sh
 * DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_full NODE_ENV=production npx tsx bench/notification-list-cost.ts
 * ```
 *
 * Prints one line per step: mean wall and CPU milliseconds per run.
 *
 * @module
 */
import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { NotificationList } from "../app/components/notifications/notification-list";
import { openDatabase } from "../server/db/client";
import { getAllNotifications } from "../server/notifications/queries";
import { benchEmail } from "./data";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL must name the bench database (npm run bench:data)");
const database = await openDatabase({ databaseUrl: url });
try {
  const found = await database.db.execute(sql`SELECT id FROM "user" WHERE email = ${benchEmail(2)}`);
  const userId = String((found as unknown as { rows: Array<{ id: string }> }).rows[0]!.id);
  const items = await getAllNotifications(database.db, userId);
  /** Runs `step` `n` times after 50 warm-up runs and prints its mean wall and CPU time (ms). */
  const time = async (label: string, n: number, step: () => unknown) => {
    for (let i = 0; i < 50; i += 1) await step();
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (let i = 0; i < n; i += 1) await step();
    const used = process.cpuUsage(cpu);
    console.log(`${label}: ${((performance.now() - started) / n).toFixed(3)} ms wall, ${((used.user + used.system) / 1000 / n).toFixed(3)} ms CPU`);
  };
  console.log(`${items.length} notifications of ${benchEmail(2)}`);
  await time("getAllNotifications", 1000, () => getAllNotifications(database.db, userId));
  await time("NotificationList render", 1000, () => renderToString(createElement(NotificationList, { items, busy: false })));
  await time("JSON.stringify(items)", 1000, () => JSON.stringify(items));
} finally {
  await database.close();
}
