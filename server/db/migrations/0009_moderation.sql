-- Moderation and administration (issue 7): report resolution, one open report per member and
-- target, the moderation log, the admin-mail opt-out and the durable bulk-mail queue
-- (docs/decisions/012-moderation-admin.md).

-- Reports: who closed them, when and how (SPEC §4 Report stops at 'open'; the queue closes them).
ALTER TABLE "reports" ADD COLUMN "resolved_by" text REFERENCES "profiles"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolved_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolution" text;
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_status_check" CHECK ("status" IN ('open', 'resolved'));
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolution_check"
  CHECK ("resolution" IS NULL OR "resolution" IN ('dismissed', 'content_deleted', 'author_blocked'));
--> statement-breakpoint
-- Earlier duplicates of an open report (same member, same target) are closed before the rule holds.
UPDATE "reports" r SET "status" = 'resolved', "resolution" = 'dismissed', "resolved_at" = now()
WHERE r."status" = 'open' AND r."user_id" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "reports" o
  WHERE o."status" = 'open' AND o."user_id" = r."user_id" AND o."target_type" = r."target_type"
    AND o."target_id" = r."target_id" AND (o."created_at", o."id") < (r."created_at", r."id"));
--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_per_member_idx" ON "reports" ("user_id", "target_type", "target_id")
  WHERE "status" = 'open';
--> statement-breakpoint

-- Moderation log: every moderation and admin action, who, what, when, why.
CREATE TABLE "moderation_log" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "actor_id" text REFERENCES "profiles"("id") ON DELETE SET NULL,
  "actor_nickname" text NOT NULL,
  "action" text NOT NULL,
  "target_type" text NOT NULL,
  "target_id" text NOT NULL,
  "target_label" text,
  "reason" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "moderation_log_action_check" CHECK ("action" IN (
    'delete_thread', 'delete_comment', 'block_user', 'unblock_user', 'dismiss_reports',
    'delete_user', 'change_role', 'send_message'))
);
--> statement-breakpoint
CREATE INDEX "moderation_log_created_idx" ON "moderation_log" ("created_at" DESC);
--> statement-breakpoint

-- Members may refuse the admins' bulk mail (List-Unsubscribe one-click) and take it back.
ALTER TABLE "profiles" ADD COLUMN "admin_mail_opt_out" boolean DEFAULT false NOT NULL;
--> statement-breakpoint

-- Durable bulk mail: one job, one row per recipient; exactly one message per (job, address).
CREATE TABLE "admin_mail_jobs" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "created_by" text REFERENCES "profiles"("id") ON DELETE SET NULL,
  "subject" text NOT NULL,
  "headline" text NOT NULL,
  "content_html" text NOT NULL,
  "button_label" text,
  "button_url" text,
  "send_to_all" boolean DEFAULT false NOT NULL,
  "total" integer NOT NULL,
  "status" text DEFAULT 'sending' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "finished_at" timestamp with time zone,
  CONSTRAINT "admin_mail_jobs_status_check" CHECK ("status" IN ('sending', 'done'))
);
--> statement-breakpoint
CREATE TABLE "admin_mail_recipients" (
  "job_id" uuid NOT NULL REFERENCES "admin_mail_jobs"("id") ON DELETE CASCADE,
  "email" text NOT NULL,
  "user_id" text,
  "status" text DEFAULT 'pending' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "last_error" text,
  "sent_at" timestamp with time zone,
  CONSTRAINT "admin_mail_recipients_pkey" PRIMARY KEY ("job_id", "email"),
  CONSTRAINT "admin_mail_recipients_status_check" CHECK ("status" IN ('pending', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "admin_mail_recipients_pending_idx" ON "admin_mail_recipients" ("job_id", "email")
  WHERE "status" = 'pending';
