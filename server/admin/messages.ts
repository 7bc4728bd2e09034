/**
 * Admin e-mail messages (SPEC §2 Admin messages, §3 Admin message payload, §4 Admin send, §5 Admin
 * message, §7 send-admin-email and get-user-emails, §8 Admin; a durable bulk send).
 *
 * Sending is a job in the database: {@link messageWrite} stores the message and one row per
 * recipient in one transaction; the worker (`mail-worker.ts`) sends them and survives restarts.
 * docs/decisions/012-moderation-admin.md says why the queue is our own table.
 *
 * @module
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import { z } from "zod";
import { adminPages as ap, moderation as m } from "../../domain/i18n/sv";
import type { Db } from "../db/client";
import { adminMailJobs, adminMailRecipients, profiles, user } from "../db/schema";
import { ForumError } from "../platform/errors";
import { recordModeration } from "../moderation/log";
import { adminOnlyMessage } from "../../domain/policy/moderation";
import { defineWrite, runWrite, unwrap } from "../writes/pipeline";
import type { StaffMember } from "./users";

/** SPEC §9 Default CTA label / URL. */
export const DEFAULT_BUTTON = { label: ap.defaultButtonLabel, url: "#" } as const;
/** Most addresses typed by hand in Mottagare (decided: docs/decisions/012). */
export const MAX_TYPED_RECIPIENTS = 1000;

/**
 * SPEC §5 Admin message: recipients split on comma or semicolon, trimmed, empties dropped.
 *
 * @param value the Mottagare field
 * @returns the addresses, lower-cased, duplicates removed, in order
 */
export function parseRecipients(value: string): string[] {
  const out: string[] = [];
  for (const part of value.split(/[,;]/)) {
    const address = part.trim().toLowerCase();
    if (address && !out.includes(address)) out.push(address);
  }
  return out;
}

/**
 * The safe e-mail subset of the admin's HTML (sanitised with a maintained library):
 * text formatting, lists, headings and http(s)/mailto links; everything else is dropped.
 *
 * @param html what the admin typed
 * @returns sanitised HTML
 */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "a", "ul", "ol", "li", "h2", "h3", "blockquote", "hr"],
    allowedAttributes: { a: ["href"] },
    allowedSchemes: ["http", "https", "mailto"],
    disallowedTagsMode: "discard",
  });
}

const email = z.email();

/** The form of /admin/messages as the server validates it. */
export const messageSchema = z
  .object({
    sendToAll: z.boolean(),
    recipients: z.string().max(100_000),
    subject: z.string().trim().min(1, { error: ap.subjectRequired }).max(200, { error: ap.subjectTooLong }),
    content: z.string().refine((v) => v.trim().length > 0, { error: ap.contentRequired }).pipe(z.string().max(50_000, { error: ap.contentTooLong })),
    withButton: z.boolean(),
    buttonLabel: z.string().trim().max(100),
    buttonUrl: z.string().trim().max(2000),
  })
  .superRefine((v, ctx) => {
    if (!v.sendToAll) {
      const list = parseRecipients(v.recipients);
      if (list.length === 0) ctx.addIssue({ code: "custom", path: ["recipients"], message: ap.noRecipients });
      else if (list.length > MAX_TYPED_RECIPIENTS) ctx.addIssue({ code: "custom", path: ["recipients"], message: ap.tooManyRecipients });
      else {
        const bad = list.find((a) => !email.safeParse(a).success);
        if (bad) ctx.addIssue({ code: "custom", path: ["recipients"], message: ap.invalidEmail(bad) });
      }
    }
    if (v.withButton) {
      const url = v.buttonUrl || DEFAULT_BUTTON.url;
      if (url !== "#" && !/^https?:\/\/[^\s]+$/i.test(url)) ctx.addIssue({ code: "custom", path: ["buttonUrl"], message: ap.buttonUrlInvalid });
    }
  });

/** A queued message's progress (SPEC §4 Admin send: sending, progress, done). */
export interface JobProgress {
  id: string;
  subject: string;
  status: "sending" | "done";
  total: number;
  sent: number;
  skipped: number;
  failed: number;
  /** sent + skipped + failed. */
  processed: number;
  /** ISO creation time. */
  createdAt: string;
}

/**
 * Sending a message as a declared write (SPEC §4 Admin send, §5 Admin message, §7
 * send-admin-email): the form's fields (see {@link messageSchema}; checkboxes as booleans) →
 * `{ jobId, total }`. Stores the message and its recipients as one job: with `sendToAll` every
 * member with a verified address who has not opted out; otherwise the typed addresses (members
 * among them who opted out are skipped when the worker reaches them). Steps: login → access:
 * acting admins only (403 'Endast administratörer kan skicka meddelanden', title 'Behörighet
 * saknas'; a blocked admin has no powers) → parse: 400 the first invalid field's Swedish message
 * (title 'Inga mottagare' when there are none, else 'Fel vid skickande') → prepare:
 * the content sanitised ({@link sanitizeMailHtml}) → transaction: the job, its recipients and the moderation-log entry (400 'Inga mottagare' when
 * sending to all finds nobody). Declares no cache change: no cached page shows the queue.
 *
 * @returns the write; its value is the job id and its number of recipients
 */
export const messageWrite = defineWrite({
  name: "admin-message",
  changes: () => [],
  login: { message: m.loginRequired, title: m.notLoggedIn },
  access: (actor) => {
    const notAdmin = adminOnlyMessage(actor, ap.adminsOnlyMessages);
    if (notAdmin) throw new ForumError(403, notAdmin, ap.noPermissionTitle);
  },
  parse: (raw: unknown) => {
    const parsed = messageSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    const title = issue.message === ap.noRecipients ? ap.noRecipientsTitle : ap.sendFailed;
    throw new ForumError(400, issue.message, title);
  },
  // Sanitising up to 50,000 characters of HTML is done before the transaction opens.
  prepare: async (_scope, v) => sanitizeMailHtml(v.content),
  transaction: async (tx, { actor }, v, _loaded, contentHtml): Promise<{ jobId: string; total: number }> => {
    const button = v.withButton ? { label: v.buttonLabel || DEFAULT_BUTTON.label, url: v.buttonUrl || DEFAULT_BUTTON.url } : null;
    const [job] = await tx
      .insert(adminMailJobs)
      .values({
        createdBy: actor.id,
        subject: v.subject,
        headline: v.subject,
        contentHtml,
        buttonLabel: button?.label ?? null,
        buttonUrl: button?.url ?? null,
        sendToAll: v.sendToAll,
        total: 0,
      })
      .returning({ id: adminMailJobs.id });
    const jobId = job!.id;
    if (v.sendToAll) {
      await tx.execute(sql`
        INSERT INTO ${adminMailRecipients} (job_id, email, user_id)
        SELECT ${jobId}::uuid, lower(u.email), u.id FROM ${user} u JOIN ${profiles} p ON p.id = u.id
        WHERE u.email_verified AND NOT p.admin_mail_opt_out
        ON CONFLICT DO NOTHING`);
    } else {
      const list = parseRecipients(v.recipients);
      await tx.execute(sql`
        INSERT INTO ${adminMailRecipients} (job_id, email, user_id)
        SELECT ${jobId}::uuid, x.e, (SELECT u.id FROM ${user} u WHERE u.email = x.e LIMIT 1)
        FROM (VALUES ${sql.join(
          list.map((a) => sql`(${a}::text)`),
          sql`, `,
        )}) AS x(e)
        ON CONFLICT DO NOTHING`);
    }
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(adminMailRecipients)
      .where(eq(adminMailRecipients.jobId, jobId));
    const total = Number(count?.n ?? 0);
    if (total === 0) throw new ForumError(400, ap.noRecipients, ap.noRecipientsTitle);
    await tx.update(adminMailJobs).set({ total }).where(eq(adminMailJobs.id, jobId));
    await recordModeration(tx, {
      actor,
      action: "send_message",
      targetType: "message",
      targetId: jobId,
      targetLabel: v.subject,
      reason: v.sendToAll ? m.logRecipientsAll(total) : m.logRecipients(total),
    });
    return { jobId, total };
  },
});

/**
 * Stores a message and its recipients as one job ({@link messageWrite}, throwing on failure;
 * scripts and tests).
 *
 * @param actor must be an admin
 * @param input the form fields (see {@link messageSchema})
 * @returns the job id and its number of recipients
 * @throws {ForumError} 403 'Endast administratörer kan skicka meddelanden' (title 'Behörighet
 *   saknas'), 400 the first invalid field's Swedish message (title 'Inga mottagare' when there
 *   are none), 400 when sending to all finds nobody
 */
export async function enqueueMessage(db: Db, actor: StaffMember, input: unknown): Promise<{ jobId: string; total: number }> {
  return unwrap(await runWrite(messageWrite, { db, actor }, input)).value;
}

/**
 * Progress of one job, or null when there is no such job.
 *
 * @param jobId the job's id (anything else gives null)
 */
export async function getJobProgress(db: Db, jobId: string): Promise<JobProgress | null> {
  if (!/^[0-9a-f-]{36}$/i.test(jobId)) return null;
  const result = await db.execute(sql`
    SELECT j.id, j.subject, j.status, j.total,
           to_char(j.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
           count(*) FILTER (WHERE r.status = 'sent')::int AS sent,
           count(*) FILTER (WHERE r.status = 'skipped')::int AS skipped,
           count(*) FILTER (WHERE r.status = 'failed')::int AS failed
    FROM ${adminMailJobs} j LEFT JOIN ${adminMailRecipients} r ON r.job_id = j.id
    WHERE j.id = ${jobId}::uuid
    GROUP BY j.id`);
  const row = (result as unknown as { rows: Array<Record<string, unknown>> }).rows[0];
  if (!row) return null;
  const sent = Number(row.sent), skipped = Number(row.skipped), failed = Number(row.failed);
  return {
    id: String(row.id),
    subject: String(row.subject),
    status: row.status === "done" ? "done" : "sending",
    total: Number(row.total),
    sent,
    skipped,
    failed,
    processed: sent + skipped + failed,
    createdAt: String(row.created_at),
  };
}

/** The latest jobs (newest first) for the messages page. */
export async function listRecentJobs(db: Db, limit = 5): Promise<Array<{ id: string; subject: string; status: string; total: number; createdAt: string }>> {
  const rows = await db
    .select({ id: adminMailJobs.id, subject: adminMailJobs.subject, status: adminMailJobs.status, total: adminMailJobs.total, createdAt: adminMailJobs.createdAt })
    .from(adminMailJobs)
    .orderBy(desc(adminMailJobs.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * The e-mail addresses of selected members (SPEC §7 get-user-emails), for the Mottagare field.
 *
 * @param actor must be an admin: addresses are never shown to anyone else
 * @param userIds at most 1,000 ids; unknown ones are ignored
 * @returns the addresses, in the order of `userIds`
 * @throws {ForumError} 403 'Endast administratörer kan skicka meddelanden', 400 too many ids
 */
export async function getUserEmails(db: Db, actor: StaffMember | null, userIds: unknown): Promise<string[]> {
  const notAdmin = adminOnlyMessage(actor, ap.adminsOnlyMessages);
  if (notAdmin) throw new ForumError(403, notAdmin, ap.noPermissionTitle);
  const ids = Array.isArray(userIds) ? userIds.filter((x): x is string => typeof x === "string" && x.length > 0 && x.length <= 200) : [];
  if (ids.length > MAX_TYPED_RECIPIENTS) throw new ForumError(400, ap.tooManyRecipients, ap.emailsFailed);
  if (ids.length === 0) return [];
  const rows = await db.select({ id: user.id, email: user.email }).from(user).where(and(inArray(user.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r.email]));
  return ids.map((id) => byId.get(id)).filter((e): e is string => Boolean(e));
}
