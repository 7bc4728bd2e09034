/**
 * Read marks (docs/decisions/052-unread-and-links.md): the thread page reports which comments
 * were on the member's screen, and 'Markera alla som lästa' marks a category or the whole forum
 * read. Each is a declared write (server/writes/pipeline.ts) under the `read` limit. None
 * changes what a cached page shows others: the member's unread state is a personal part read for
 * each answer, so they declare no cache change.
 *
 * @module
 */
import { sql } from "drizzle-orm";
import { isUuid } from "../../domain/ids";
import { errors, forum as f, toasts as t, unread as ur } from "../../domain/i18n/sv";
import type { Db } from "../db/client";
import { categories } from "../db/schema";
import { ForumError } from "../platform/errors";
import { defineWrite, runWrite, unwrap, type WriteActor } from "../writes/pipeline";
import { memberJoins, readPoint, rows } from "./queries";

/** At most this many comment ids per report (two comment pages' worth with replies). */
export const SEEN_MAX = 500;

/** A checked read report: the thread and the comments that were on screen. */
export interface ReadReport {
  threadId: string;
  seen: string[];
}

/**
 * Checks a read report: `threadId` a UUID, `seen` comment ids (a comma-separated string or an
 * array) that are UUIDs, at most {@link SEEN_MAX}.
 *
 * @throws {ForumError} 400 'Ogiltig förfrågan.' otherwise
 */
export function parseReadReport(raw: { threadId?: unknown; seen?: unknown }): ReadReport {
  const threadId = typeof raw.threadId === "string" ? raw.threadId : "";
  const list = Array.isArray(raw.seen) ? raw.seen : typeof raw.seen === "string" && raw.seen !== "" ? raw.seen.split(",") : [];
  if (!isUuid(threadId) || list.length > SEEN_MAX || !list.every((id) => typeof id === "string" && isUuid(id))) {
    throw new ForumError(400, errors.badRequest);
  }
  return { threadId, seen: [...new Set(list as string[])] };
}

/**
 * Moves the member's read point of a thread forward: past every comment by others, in time order,
 * that was on their screen (`seen`) without an unseen one before it; never back. Opening a thread
 * reads its opening post, so the point is at least the thread's creation (the thread is then
 * "opened": no longer new, and its later comments count as 'N nya').
 *
 * @returns `{ readUpTo }`: the new read point (ISO)
 */
export const markReadWrite = defineWrite({
  name: "markRead",
  changes: () => [],
  login: { message: t.notLoggedIn },
  parse: parseReadReport,
  policy: async ({ db }: { db: Db }, report: ReadReport) => {
    const [found] = await rows<{ one: number }>(db, sql`SELECT 1 AS one FROM threads WHERE id = ${report.threadId}::uuid`);
    if (!found) throw new ForumError(404, f.threadNotFound);
  },
  limits: "read",
  transaction: async (tx, { actor }, report): Promise<{ readUpTo: string }> => {
    const seen = report.seen.length ? sql`ARRAY[${sql.join(report.seen.map((id) => sql`${id}::uuid`), sql`, `)}]` : sql`ARRAY[]::uuid[]`;
    // The first unread comment not seen stops the point; every unread comment before it was seen.
    const [row] = await rows<{ read_up_to: Date | string }>(
      tx,
      sql`WITH point AS (
            SELECT t.id, t.created_at, ${readPoint} AS at FROM threads t ${memberJoins(actor.id)} WHERE t.id = ${report.threadId}::uuid
          ), unseen AS (
            SELECT min(c.created_at) AS at FROM comments c, point
             WHERE c.thread_id = point.id AND c.created_at > COALESCE(point.at, '-infinity')
               AND c.author_id IS DISTINCT FROM ${actor.id} AND c.id <> ALL(${seen})
          ), reached AS (
            SELECT max(c.created_at) AS at FROM comments c, point, unseen
             WHERE c.thread_id = point.id AND c.created_at > COALESCE(point.at, '-infinity')
               AND (unseen.at IS NULL OR c.created_at < unseen.at)
          )
          INSERT INTO thread_reads (user_id, thread_id, last_read_at)
          SELECT ${actor.id}, point.id, GREATEST(point.created_at, point.at, reached.at) FROM point, reached
          ON CONFLICT (user_id, thread_id) DO UPDATE
             SET last_read_at = GREATEST(thread_reads.last_read_at, EXCLUDED.last_read_at), updated_at = now()
          RETURNING last_read_at AS read_up_to`,
    );
    return { readUpTo: new Date(row!.read_up_to).toISOString() };
  },
});

/**
 * 'Markera alla som lästa': the whole forum (`categoryId` absent) or one category, up to now.
 *
 * @returns `{ categoryName }`: the category's name, or null for the whole forum
 */
export const markAllReadWrite = defineWrite({
  name: "markAllRead",
  changes: () => [],
  login: { message: t.notLoggedIn, title: ur.markFailed },
  parse: (raw: { categoryId?: unknown }): { categoryId: string | null } => {
    if (raw.categoryId === undefined || raw.categoryId === "") return { categoryId: null };
    if (typeof raw.categoryId !== "string" || !isUuid(raw.categoryId)) throw new ForumError(400, errors.badRequest, ur.markFailed);
    return { categoryId: raw.categoryId };
  },
  policy: async ({ db }: { db: Db }, input: { categoryId: string | null }) => {
    if (input.categoryId === null) return null;
    const [found] = await rows<{ name: string }>(db, sql`SELECT name FROM ${categories} WHERE id = ${input.categoryId}::uuid`);
    if (!found) throw new ForumError(404, f.categoryNotFound, ur.markFailed);
    return found.name;
  },
  limits: "read",
  transaction: async (tx, { actor }, input, categoryName): Promise<{ categoryName: string | null }> => {
    if (input.categoryId === null) {
      await tx.execute(sql`UPDATE profiles SET all_read_at = now() WHERE id = ${actor.id}`);
    } else {
      await tx.execute(sql`INSERT INTO category_reads (user_id, category_id, read_at) VALUES (${actor.id}, ${input.categoryId}::uuid, now())
                           ON CONFLICT (user_id, category_id) DO UPDATE SET read_at = EXCLUDED.read_at`);
    }
    return { categoryName };
  },
});

/**
 * Reports comments as read ({@link markReadWrite} without abuse limits); tests and scripts.
 *
 * @returns `{ readUpTo }` (ISO)
 * @throws {ForumError} 400 malformed report, 401 no member, 404 unknown thread
 */
export async function markRead(db: Db, actor: WriteActor, threadId: string, seen: string[] = []): Promise<{ readUpTo: string }> {
  return unwrap(await runWrite(markReadWrite, { db, actor }, { threadId, seen })).value;
}

/**
 * 'Markera alla som lästa' ({@link markAllReadWrite} without abuse limits); tests and scripts.
 *
 * @param categoryId one category, or null for the whole forum
 * @throws {ForumError} 400, 401, 404 as the write refuses
 */
export async function markAllRead(db: Db, actor: WriteActor, categoryId: string | null = null): Promise<void> {
  unwrap(await runWrite(markAllReadWrite, { db, actor }, { categoryId: categoryId ?? undefined }));
}
