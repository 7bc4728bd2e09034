/**
 * Reports and the report queue (SPEC §3 reports, §4 Report, §5 Report, §8 Reactions and reports,
 * §9 Report reasons; the queue at /admin/reports).
 *
 * A member has at most one open report per target: a second one is acknowledged like the first but
 * not stored again (partial unique index `reports_one_open_per_member_idx`). Staff close a target's
 * open reports together: dismiss, delete the content, or block its author; who and when are kept
 * on the reports and in the moderation log.
 *
 * @module
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { moderation as m, reporting as rp } from "../../domain/i18n/sv";
import type { Db } from "../db/client";
import { REPORT_REASONS, TARGET_TYPES, isOneOf, type TargetType } from "../../domain/values";
import { blockedUsers, comments, profiles, reports, threads } from "../db/schema";
import { ForumError, pgCode } from "../platform/errors";
import { deleteComment, deleteThread } from "../forum/commands";
import { isUuid } from "../../domain/ids";
import { blockUser, type Moderator } from "./blocks";
import { recordModeration } from "./log";
import { reportPermission, staffOnlyMessage } from "../../domain/policy/moderation";
import { fieldErrors, isBlankText, LIMITS } from "../../domain/validation";
import { defineWrite, runWrite, unwrap, WriteInputError, type WriteScope } from "../writes/pipeline";
import { findPostTarget } from "../forum/post-target";
import type { CacheChange } from "../cache/page-writes";

/** Longest report details (decided: docs/decisions/012-moderation-admin.md). */
export const REPORT_DETAILS_MAX = LIMITS.reportDetails;

/** SPEC §5 Report: a reason must be chosen; details optional, trimmed, empty → null. */
export const reportSchema = z.object({
  targetType: z.enum(TARGET_TYPES, { error: m.reportTargetMissing }),
  targetId: z.string().refine(isUuid, { error: m.reportTargetMissing }),
  reason: z.enum(REPORT_REASONS, { error: m.chooseReason }),
  details: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(REPORT_DETAILS_MAX, { error: m.detailsTooLong }))
    .transform((v) => (isBlankText(v) ? null : v)),
});

/**
 * Filing a report as a declared write (server/writes/pipeline.ts; SPEC §7 Writes "Report: insert
 * … status"): `{ targetType, targetId, reason, details? }` → `{ duplicate }`. Steps: login (401
 * 'Du måste vara inloggad för att anmäla innehåll.', title 'Inloggning krävs') →
 * {@link reportSchema} (400 'Du måste ange en anledning för din anmälan' with title 'Välj en
 * anledning', or bad details; a malformed target is 404) → the reporter's profile (401) and the
 * target exist (404, title 'Kunde inte skicka anmälan') and is not the reporter's own (403
 * 'Du kan inte anmäla ditt eget innehåll.') → limit `report` (429) → transaction: the target
 * re-read FOR KEY SHARE (deleted meanwhile: 404), then insert, unless the
 * member already has an open report on the target (`duplicate: true`, nothing stored).
 */
export const reportWrite = defineWrite({
  name: "report",
  login: { message: rp.loginToReport, title: rp.loginRequiredTitle },
  parse: (raw: unknown) => {
    const parsed = reportSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const field = String(parsed.error.issues[0]!.path[0] ?? "");
    const title = field === "reason" ? m.chooseReasonTitle : m.reportFailed;
    const status = field === "targetId" || field === "targetType" ? 404 : 400;
    throw new WriteInputError(status, parsed.error.issues[0]!.message, fieldErrors(parsed.error), title);
  },
  policy: async ({ db, actor }: WriteScope, { targetType, targetId }) => {
    const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, actor.id)).limit(1);
    if (!profile) throw new ForumError(401, m.profileMissing, m.reportFailed);
    const target = await findPostTarget(db, targetType, targetId);
    if (!target) throw new ForumError(404, m.reportTargetMissing, m.reportFailed);
    if (reportPermission(actor, target) === "own-content") throw new ForumError(403, m.cannotReportOwn, m.reportFailed);
  },
  limits: "report",
  transaction: async (tx, { actor }, { targetType, targetId, reason, details }): Promise<{ duplicate: boolean }> => {
    // No orphans: the target re-read FOR KEY SHARE in this transaction. A delete
    // that committed since the policy step leaves nothing (404, as for a missing target); one that
    // comes later waits for this commit, and its trigger then removes the report with the content
    // (migration 0012, which also checks the target on insert under the same lock).
    const target = await findPostTarget(tx, targetType, targetId, { lock: "key share" });
    if (!target) throw new ForumError(404, m.reportTargetMissing, m.reportFailed);
    try {
      const inserted = await tx
        .insert(reports)
        .values({ targetType, targetId, reason, details, userId: actor.id, status: "open" })
        .onConflictDoNothing({
          target: [reports.userId, reports.targetType, reports.targetId],
          where: sql`${reports.status} = 'open'`,
        })
        .returning({ id: reports.id });
      return { duplicate: inserted.length === 0 };
    } catch (error) {
      if (pgCode(error) === "23503") throw new ForumError(404, m.reportTargetMissing, m.reportFailed);
      throw error;
    }
  },
});

/**
 * Files a report ({@link reportWrite} without abuse limits, throwing on failure).
 *
 * @param actor the logged-in member, or null for a visitor
 * @param input `{ targetType, targetId, reason, details? }` as submitted
 * @returns `{ duplicate }`: true when the member already had an open report on this target (the
 *   answer is the same thank-you; nothing new is stored)
 * @throws {ForumError} 401 'Du måste vara inloggad för att anmäla innehåll.' (title 'Inloggning
 *   krävs'), 400 'Du måste ange en anledning för din anmälan' (title 'Välj en anledning') or bad
 *   details, 404 target missing (title 'Kunde inte skicka anmälan')
 */
export async function createReport(db: Db, actor: { id: string } | null, input: unknown): Promise<{ duplicate: boolean }> {
  return unwrap(await runWrite(reportWrite, { db, actor: actor && { id: actor.id, role: "member", nickname: "" } }, input)).value;
}

/**
 * An open report whose thread or comment still exists: the one condition the admin badge and the
 * queue both count by, so they always agree. Reports go with their content
 * (migration 0012 trigger) and leftovers from before were closed as 'content_deleted'; this keeps
 * any report on missing content out of both all the same.
 */
const openOnLiveTarget = sql`${reports.status} = 'open' AND (
  (${reports.targetType} = 'thread' AND EXISTS (SELECT 1 FROM ${threads} WHERE ${threads.id} = ${reports.targetId}))
  OR (${reports.targetType} = 'comment' AND EXISTS (SELECT 1 FROM ${comments} WHERE ${comments.id} = ${reports.targetId})))`;

/**
 * Number of open reports on content that still exists (the admin navigation badge).
 *
 * @returns the count, equal to the sum of the counts of every {@link listReportGroups} group
 */
export async function countOpenReports(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(reports).where(openOnLiveTarget);
  return Number(row?.n ?? 0);
}

/** One reported target with its open reports, as the queue shows it. */
export interface ReportGroup {
  targetType: TargetType;
  targetId: string;
  /** Number of open reports on the target. */
  count: number;
  /** Each reason with how many open reports chose it. */
  reasons: Array<{ reason: (typeof REPORT_REASONS)[number]; count: number }>;
  /** Distinct non-empty details given by reporters (at most 5). */
  details: string[];
  /** ISO time of the first open report. */
  firstReportedAt: string;
  /** Thread title, or the comment's thread title. */
  title: string;
  /** First 280 characters of the body. */
  preview: string;
  /** The author, and whether they are blocked already (the queue then offers no 'Blockera författaren'). */
  author: { id: string; nickname: string; blocked: boolean } | null;
  /** Link to the content: thread page, with the comment anchor for comments. */
  categoryId: string;
  threadId: string;
}

/**
 * The open reports grouped by target, oldest first (the report queue).
 *
 * @param options.limit at most this many groups (default 50)
 * @returns the groups; targets that no longer exist are left out
 */
export async function listReportGroups(db: Db, options: { limit?: number } = {}): Promise<ReportGroup[]> {
  const limit = options.limit ?? 50;
  const result = await db.execute(sql`
    WITH g AS (
      SELECT target_type, target_id, count(*)::int AS n, min(created_at) AS first_at,
             json_agg(reason) AS reasons,
             (array_remove(array_agg(details ORDER BY created_at), NULL))[1:20] AS details
      FROM ${reports} WHERE ${openOnLiveTarget}
      GROUP BY target_type, target_id
    )
    SELECT g.target_type, g.target_id, g.n, g.reasons, g.details,
           to_char(g.first_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS first_at,
           COALESCE(t.title, ct.title) AS title,
           left(COALESCE(t.body, c.body), 280) AS preview,
           COALESCE(t.category_id, ct.category_id) AS category_id,
           COALESCE(t.id, ct.id) AS thread_id,
           p.id AS author_id, p.nickname AS author_nickname,
           EXISTS (SELECT 1 FROM ${blockedUsers} b WHERE b.user_id = p.id) AS author_blocked
    FROM g
    LEFT JOIN ${threads} t ON g.target_type = 'thread' AND t.id = g.target_id
    LEFT JOIN ${comments} c ON g.target_type = 'comment' AND c.id = g.target_id
    LEFT JOIN ${threads} ct ON ct.id = c.thread_id
    LEFT JOIN ${profiles} p ON p.id = COALESCE(t.author_id, c.author_id)
    WHERE t.id IS NOT NULL OR c.id IS NOT NULL
    ORDER BY g.first_at ASC, g.target_id
    LIMIT ${limit}`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return rows.map((r) => {
    const counts = new Map<string, number>();
    for (const reason of r.reasons as string[]) counts.set(reason, (counts.get(reason) ?? 0) + 1);
    return {
      targetType: r.target_type as TargetType,
      targetId: String(r.target_id),
      count: Number(r.n),
      reasons: REPORT_REASONS.filter((x) => counts.has(x)).map((reason) => ({ reason, count: counts.get(reason)! })),
      details: [...new Set(((r.details as string[] | null) ?? []).filter(Boolean))].slice(0, 5),
      firstReportedAt: String(r.first_at),
      title: String(r.title ?? ""),
      preview: String(r.preview ?? ""),
      author: r.author_id ? { id: String(r.author_id), nickname: String(r.author_nickname), blocked: r.author_blocked === true } : null,
      categoryId: String(r.category_id),
      threadId: String(r.thread_id),
    };
  });
}

/** What staff do with a reported target. */
export type ReportDecision = "dismiss" | "delete" | "block";

/** A staff decision on a target's open reports, as {@link resolveReportsWrite} parses it. */
interface Resolution {
  targetType: TargetType;
  targetId: string;
  decision: ReportDecision;
  /** Trimmed, at most 500 characters; null when empty. */
  reason: string | null;
}

/** What a resolution did: how many open reports it closed, and how. */
export interface Resolved {
  closed: number;
  decision: ReportDecision;
}

/**
 * Closing a target's open reports as a declared write (the report queue): `dismiss` keeps the
 * content; `delete` removes it (its reports go with it, the log keeps the record); `block`
 * blocks the author and closes the reports as 'author_blocked'. `{ targetType, targetId,
 * decision, reason? }` → {@link Resolved}. Steps: login → access: acting staff only (403
 * 'Otillräckliga rättigheter'; blocked staff have no powers) → parse: a thread or comment uuid
 * (404 'Anmälningarna är redan hanterade.'), a known decision (400) → policy: the target has open
 * reports (404) → transaction, all or nothing: the deletion ({@link deleteThread},
 * {@link deleteComment}), the block ({@link blockUser}; 404 when the author is gone) and the
 * closing of the reports with their moderation-log entry. A deletion or block changes pages; a
 * dismissal changes no cached page.
 *
 * @returns the write; its value is {@link Resolved}
 */
export const resolveReportsWrite = defineWrite({
  name: "resolve-reports",
  changes: ({ decision }: Resolved): readonly CacheChange[] => (decision === "dismiss" ? [] : ["pages"]),
  login: { message: m.loginRequired, title: m.notLoggedIn },
  access: (actor) => {
    const notStaff = staffOnlyMessage(actor, m.insufficientRights);
    if (notStaff) throw new ForumError(403, notStaff, m.insufficientRights);
  },
  parse: (raw: { targetType: string; targetId: string; decision: string; reason?: string | null }): Resolution => {
    const { targetType, targetId, decision } = raw;
    if (!isOneOf(TARGET_TYPES, targetType) || !isUuid(targetId)) throw new ForumError(404, m.groupGone);
    if (decision !== "dismiss" && decision !== "delete" && decision !== "block") throw new ForumError(400, m.groupGone);
    const reason = typeof raw.reason === "string" && raw.reason.trim() ? raw.reason.trim().slice(0, 500) : null;
    return { targetType, targetId, decision, reason };
  },
  policy: async ({ db }, { targetType, targetId }): Promise<number> => {
    const openRows = await db.select({ id: reports.id }).from(reports).where(openReportsOn(targetType, targetId));
    if (openRows.length === 0) throw new ForumError(404, m.groupGone);
    return openRows.length;
  },
  transaction: async (tx, { actor }, { targetType, targetId, decision, reason }, open): Promise<Resolved> => {
    if (decision === "delete") {
      // The reports go with the content (the tables' delete triggers).
      if (targetType === "thread") await deleteThread(tx, actor, targetId);
      else {
        const comment = await findPostTarget(tx, targetType, targetId);
        if (!comment) throw new ForumError(404, m.groupGone);
        await deleteComment(tx, actor, comment.threadId, targetId);
      }
      return { closed: open, decision };
    }
    if (decision === "block") {
      const item = await findPostTarget(tx, targetType, targetId);
      if (!item?.authorId) throw new ForumError(404, m.userNotFound, m.blockFailed);
      await blockUser(tx, actor, item.authorId, reason);
    }
    const closed = await tx
      .update(reports)
      .set({
        status: "resolved",
        resolution: decision === "block" ? "author_blocked" : "dismissed",
        resolvedBy: actor.id,
        resolvedAt: sql`now()`,
      })
      .where(openReportsOn(targetType, targetId))
      .returning({ id: reports.id });
    if (decision === "dismiss") {
      await recordModeration(tx, {
        actor,
        action: "dismiss_reports",
        targetType,
        targetId,
        targetLabel: m.reportCount(closed.length),
        reason,
      });
    }
    return { closed: closed.length, decision };
  },
});

/** The open reports on one target. */
function openReportsOn(targetType: TargetType, targetId: string) {
  return and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, "open"));
}

/**
 * Closes a target's open reports ({@link resolveReportsWrite}, throwing on failure; scripts and
 * tests).
 *
 * @param actor a moderator or admin
 * @param input `{ targetType, targetId, decision, reason? }`
 * @returns how many open reports were closed
 * @throws {ForumError} 403 not staff, 404 no open reports on that target ('Anmälningarna är redan
 *   hanterade.'), plus what {@link deleteThread}, {@link deleteComment} and {@link blockUser} throw
 */
export async function resolveReports(
  db: Db,
  actor: Moderator,
  input: { targetType: string; targetId: string; decision: string; reason?: string | null },
): Promise<{ closed: number }> {
  const { value } = unwrap(await runWrite(resolveReportsWrite, { db, actor }, input));
  return { closed: value.closed };
}

/** Open reports of one member (tests and the member's own view). */
export async function openReportsBy(db: Db, userId: string) {
  return db
    .select({ targetType: reports.targetType, targetId: reports.targetId, reason: reports.reason, details: reports.details })
    .from(reports)
    .where(and(eq(reports.userId, userId), eq(reports.status, "open")))
    .orderBy(asc(reports.createdAt));
}
