CREATE TABLE "category_reads" (
	"user_id" text NOT NULL,
	"category_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "category_reads_user_id_category_id_pk" PRIMARY KEY("user_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "poll_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "poll_options_label_length" CHECK (char_length(btrim("poll_options"."label")) BETWEEN 1 AND 100),
	CONSTRAINT "poll_options_position_range" CHECK ("poll_options"."position" BETWEEN 0 AND 9)
);
--> statement-breakpoint
CREATE TABLE "poll_votes" (
	"option_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poll_votes_option_id_user_id_pk" PRIMARY KEY("option_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "polls" (
	"thread_id" uuid PRIMARY KEY NOT NULL,
	"multiple_choice" boolean DEFAULT false NOT NULL,
	"closes_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thread_reads" (
	"user_id" text NOT NULL,
	"thread_id" uuid NOT NULL,
	"last_read_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_reads_user_id_thread_id_pk" PRIMARY KEY("user_id","thread_id")
);
--> statement-breakpoint
CREATE TABLE "thread_redirects" (
	"from_thread_id" uuid PRIMARY KEY NOT NULL,
	"to_thread_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "moderation_log" DROP CONSTRAINT "moderation_log_action_check";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "previous_visit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "all_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "last_activity_at" timestamp with time zone GENERATED ALWAYS AS (COALESCE(last_comment_at, created_at)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "pinned_home" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "slow_mode_minutes" integer;--> statement-breakpoint
ALTER TABLE "category_reads" ADD CONSTRAINT "category_reads_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_reads" ADD CONSTRAINT "category_reads_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_options" ADD CONSTRAINT "poll_options_thread_id_polls_thread_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."polls"("thread_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_option_id_poll_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."poll_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_thread_id_polls_thread_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."polls"("thread_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_reads" ADD CONSTRAINT "thread_reads_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_reads" ADD CONSTRAINT "thread_reads_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_redirects" ADD CONSTRAINT "thread_redirects_to_thread_id_threads_id_fk" FOREIGN KEY ("to_thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "poll_options_thread_position_idx" ON "poll_options" USING btree ("thread_id","position");--> statement-breakpoint
CREATE INDEX "poll_votes_thread_user_idx" ON "poll_votes" USING btree ("thread_id","user_id");--> statement-breakpoint
CREATE INDEX "poll_votes_user_idx" ON "poll_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "thread_reads_thread_idx" ON "thread_reads" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "thread_redirects_to_idx" ON "thread_redirects" USING btree ("to_thread_id");--> statement-breakpoint
CREATE INDEX "threads_last_activity_idx" ON "threads" USING btree ("last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "threads_category_last_activity_idx" ON "threads" USING btree ("category_id","last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "threads_pinned_idx" ON "threads" USING btree ("pinned_at") WHERE "threads"."pinned_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_action_check" CHECK ("moderation_log"."action" IN ('delete_thread', 'delete_comment', 'block_user', 'unblock_user', 'dismiss_reports', 'delete_user', 'change_role', 'send_message', 'edit_thread', 'edit_comment', 'pin_thread', 'unpin_thread', 'lock_thread', 'unlock_thread', 'move_thread', 'merge_thread', 'set_slow_mode'));--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_slow_mode_minutes" CHECK ("threads"."slow_mode_minutes" IS NULL OR "threads"."slow_mode_minutes" IN (1, 5, 15, 60));