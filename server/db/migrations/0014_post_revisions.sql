CREATE TABLE "post_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_type" text NOT NULL,
	"thread_id" uuid NOT NULL,
	"comment_id" uuid,
	"editor_id" text,
	"editor_nickname" text NOT NULL,
	"old_title" text,
	"new_title" text,
	"old_body" text NOT NULL,
	"new_body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_revisions_target_type_check" CHECK ("post_revisions"."target_type" IN ('thread', 'comment')),
	CONSTRAINT "post_revisions_target_shape" CHECK (("post_revisions"."target_type" = 'comment') = ("post_revisions"."comment_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "moderation_log" DROP CONSTRAINT "moderation_log_action_check";--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_editor_id_profiles_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_revisions_thread_idx" ON "post_revisions" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "post_revisions_comment_idx" ON "post_revisions" USING btree ("comment_id","created_at");--> statement-breakpoint
CREATE INDEX "post_revisions_editor_idx" ON "post_revisions" USING btree ("editor_id");--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_action_check" CHECK ("moderation_log"."action" IN ('delete_thread', 'delete_comment', 'block_user', 'unblock_user', 'dismiss_reports', 'delete_user', 'change_role', 'send_message', 'edit_thread', 'edit_comment'));