/**
 * The durable sender of admin messages (docs/decisions/012-moderation-admin.md).
 *
 * Each recipient row is claimed with `FOR UPDATE SKIP LOCKED` inside a transaction that stays open
 * while the message goes to the SMTP server and commits with the row marked `sent`. If the process
 * dies mid-send, the transaction rolls back with the connection and the row is `pending` again, so
 * the next worker (after a restart, or another instance) sends it; a row marked `sent` is never
 * sent again. Several instances share the work without sending a row twice.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { adminMailJobs, adminMailRecipients, profiles } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { adminMessageMail } from "./mail-template";
import { unsubscribeUrl } from "./unsubscribe";

/** Attempts before a recipient is given up as `failed`. */
export const MAX_ATTEMPTS = 3;

/** What the worker needs. */
export interface MailWorkerDeps {
  db: Db;
  mailer: Mailer;
  /** The forum's origin for links (config.publicUrl). */
  publicUrl: string;
  /** Signs opt-out links (config.authSecret). */
  secret: string;
}

/**
 * Sends the next pending message, if any.
 *
 * @returns true when a recipient row was handled (sent, skipped or retried), false when none was
 *   pending (or all pending rows are being sent by other workers)
 * @throws only on database failure
 */
export async function sendNextAdminMail(deps: MailWorkerDeps): Promise<boolean> {
  const handled = await deps.db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      SELECT r.job_id, r.email, r.user_id, r.attempts,
             j.subject, j.headline, j.content_html, j.button_label, j.button_url,
             COALESCE(p.admin_mail_opt_out, false) AS opted_out
      FROM ${adminMailRecipients} r
      JOIN ${adminMailJobs} j ON j.id = r.job_id
      LEFT JOIN ${profiles} p ON p.id = r.user_id
      WHERE r.status = 'pending'
      ORDER BY r.job_id, r.email
      LIMIT 1
      FOR UPDATE OF r SKIP LOCKED`);
    const row = (result as unknown as { rows: Array<Record<string, unknown>> }).rows[0];
    if (!row) return null;
    const jobId = String(row.job_id);
    const email = String(row.email);
    const where = sql`job_id = ${jobId}::uuid AND email = ${email}`;
    if (row.opted_out) {
      await tx.execute(sql`UPDATE ${adminMailRecipients} SET status = 'skipped' WHERE ${where}`);
      return jobId;
    }
    const host = new URL(deps.publicUrl).hostname || "localhost";
    const message = adminMessageMail({
      to: email,
      subject: String(row.subject),
      headline: String(row.headline),
      contentHtml: String(row.content_html),
      button: row.button_label ? { label: String(row.button_label), url: String(row.button_url ?? "#") } : null,
      unsubscribeUrl: row.user_id ? unsubscribeUrl(deps.publicUrl, deps.secret, String(row.user_id)) : null,
      messageId: `<${jobId}.${createHash("sha256").update(email).digest("hex").slice(0, 24)}@${host}>`,
    });
    try {
      await deps.mailer.send(message);
      await tx.execute(sql`UPDATE ${adminMailRecipients} SET status = 'sent', sent_at = now(), attempts = attempts + 1 WHERE ${where}`);
    } catch (error) {
      const attempts = Number(row.attempts) + 1;
      const text = String((error as Error)?.message ?? error).slice(0, 500);
      console.error(`[admin-mail] kunde inte skicka till ${email} (försök ${attempts}):`, text);
      await tx.execute(sql`
        UPDATE ${adminMailRecipients}
        SET attempts = ${attempts}, last_error = ${text}, status = ${attempts >= MAX_ATTEMPTS ? "failed" : "pending"}
        WHERE ${where}`);
    }
    return jobId;
  });
  if (handled === null) {
    await finishJobs(deps.db);
    return false;
  }
  return true;
}

/** Marks jobs without pending recipients as done. */
export async function finishJobs(db: Db): Promise<void> {
  await db.execute(sql`
    UPDATE ${adminMailJobs} j SET status = 'done', finished_at = now()
    WHERE j.status = 'sending'
      AND NOT EXISTS (SELECT 1 FROM ${adminMailRecipients} r WHERE r.job_id = j.id AND r.status = 'pending')`);
}

/**
 * Sends until nothing is pending (or `shouldStop` says so).
 *
 * @returns how many recipient rows were handled
 */
export async function drainAdminMail(deps: MailWorkerDeps, shouldStop: () => boolean = () => false): Promise<number> {
  let n = 0;
  while (!shouldStop() && (await sendNextAdminMail(deps))) n++;
  return n;
}

/** A running worker. */
export interface MailWorker {
  /** Starts a drain now (after a job was queued) instead of at the next tick. */
  kick(): void;
  /** Stops after the message being sent; resolves when the worker is idle. */
  stop(): Promise<void>;
}

/**
 * Starts the worker: drains at start-up (resuming jobs a crash interrupted), after each
 * {@link MailWorker.kick}, and every `intervalMs` (default 5 s) for jobs queued by other instances.
 */
export function startAdminMailWorker(deps: MailWorkerDeps, options: { intervalMs?: number } = {}): MailWorker {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          if ((await drainAdminMail(deps, () => stopped)) > 0) deps.mailer.close?.();
        } catch (error) {
          console.error("[admin-mail] utskicket avbröts:", (error as Error).message);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(run, options.intervalMs ?? 5000);
  timer.unref?.();
  run();
  return {
    kick: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
