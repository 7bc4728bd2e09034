/**
 * Cost of the per-action abuse limits and of idempotent posting
 * (docs/performance.md). Run: `npx tsx bench/action-limits.ts` (PGlite in memory), or with
 * `TEST_DATABASE_URL=postgres://…` on a fresh PostgreSQL database. Prints median and p95 (ms) of
 * 500 sequential `enforce("comment")` calls (3 counted rules + the account-age lookup; a fresh
 * key each, so none is refused), and of
 * 200 comments created with and without a submit key.
 *
 * @module
 */
import { eq } from "drizzle-orm";
import { createComment, createThread } from "../server/forum/commands";
import { listCategories } from "../server/forum/queries";
import { user } from "../server/db/schema";
import { createMember, createTestForum } from "../server/testing/harness";

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!.toFixed(2), p95: s[Math.floor(s.length * 0.95)]!.toFixed(2) };
};

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

const forum = await createTestForum();
const db = forum.services.db;
const categoryId = (await listCategories(db))[0]!.id;
const members = [];
for (let i = 0; i < 20; i++) members.push(await createMember(forum));
for (const m of members) await db.update(user).set({ createdAt: new Date(Date.now() - 30 * 86_400_000) }).where(eq(user.id, m.id));

const enforce: number[] = [];
for (let i = 0; i < 500; i++) {
  const m = members[i % members.length]!;
  enforce.push(await time(() => forum.services.actionLimits.enforce("comment", { userId: `${m.id}-${i}`, ip: `10.0.${i >> 8}.${i & 255}` })));
}
const author = { id: members[0]!.id, role: "member" as const, nickname: members[0]!.nickname };
const { id: threadId } = await createThread(db, author, { categoryId, title: "Bänk", body: "Mätning" });
const plain: number[] = [];
const keyed: number[] = [];
for (let i = 0; i < 200; i++) {
  plain.push(await time(() => createComment(db, author, threadId, { body: `Utan nyckel ${i}` })));
  keyed.push(await time(() => createComment(db, author, threadId, { body: `Med nyckel ${i}` }, { submitKey: crypto.randomUUID() })));
}
console.log(JSON.stringify({ database: process.env.TEST_DATABASE_URL ? "postgresql" : "pglite", enforceComment: stats(enforce), commentWithoutKey: stats(plain), commentWithKey: stats(keyed) }));
await forum.close();
