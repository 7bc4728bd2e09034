/**
 * The moderation log: every moderation and admin action with who, what, when and why
 * ("Every moderation action is recorded in a moderation log … visible to admins").
 *
 * @module
 */
import { desc, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import type { ModerationAction } from "../../domain/values";
import { moderationLog } from "../db/schema";
import { logEvent } from "../platform/log";


/** One entry to record. */
export interface LogEntry {
  actor: { id: string; nickname: string };
  action: ModerationAction;
  targetType: "thread" | "comment" | "user" | "message";
  targetId: string;
  /** Readable label at the time: thread title, comment excerpt, nickname, subject. */
  targetLabel?: string | null;
  reason?: string | null;
}

/**
 * Records one action; call it inside the transaction of the action itself so both commit together.
 *
 * @param db database or the action's transaction
 * @param entry what happened
 */
export async function recordModeration(db: Db | Tx, entry: LogEntry): Promise<void> {
  await db.insert(moderationLog).values({
    actorId: entry.actor.id,
    actorNickname: entry.actor.nickname,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel ? entry.targetLabel.slice(0, 200) : null,
    reason: entry.reason ?? null,
  });
  // The same event in the server log (ids only: no content, no e-mail addresses).
  logEvent(`moderation.${entry.action}`, { actorId: entry.actor.id, targetType: entry.targetType, targetId: entry.targetId });
}

/**
 * Records one action on a thread ({@link recordModeration} with the thread as target, labelled
 * with its title); inside the action's transaction.
 *
 * @param db database or the action's transaction
 * @param actor who acted
 * @param action what they did (`pin_thread`, `delete_thread`, …)
 * @param thread the thread: its id and title at the time
 * @param reason the moderator's reason or what changed (e.g. the categories of a move), or null
 */
export function recordThreadModeration(
  db: Db | Tx,
  actor: { id: string; nickname: string },
  action: ModerationAction,
  thread: { id: string; title: string },
  reason: string | null = null,
): Promise<void> {
  return recordModeration(db, { actor: { id: actor.id, nickname: actor.nickname }, action, targetType: "thread", targetId: thread.id, targetLabel: thread.title, reason });
}

/** A log row as the admin page shows it. */
export interface LogRow {
  id: string;
  actorNickname: string;
  action: ModerationAction;
  targetType: string;
  targetId: string;
  targetLabel: string | null;
  reason: string | null;
  /** ISO timestamp. */
  createdAt: string;
}

/**
 * One page of the log, newest first.
 *
 * @param options.page 1-based page; `pageSize` rows per page (default 50)
 * @returns rows and whether another page exists
 */
export async function listModerationLog(
  db: Db,
  options: { page?: number; pageSize?: number } = {},
): Promise<{ rows: LogRow[]; hasMore: boolean }> {
  const pageSize = options.pageSize ?? 50;
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const rows = await db
    .select({
      id: moderationLog.id,
      actorNickname: moderationLog.actorNickname,
      action: moderationLog.action,
      targetType: moderationLog.targetType,
      targetId: moderationLog.targetId,
      targetLabel: moderationLog.targetLabel,
      reason: moderationLog.reason,
      createdAt: sql<string>`to_char(${moderationLog.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(moderationLog)
    .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return { rows: rows.slice(0, pageSize) as LogRow[], hasMore: rows.length > pageSize };
}
