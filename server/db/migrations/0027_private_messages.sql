CREATE TABLE "conversation_members" (
	"conversation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"read_seq" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"left_at" timestamp with time zone,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_members_pkey" PRIMARY KEY("conversation_id","user_id"),
	CONSTRAINT "conversation_members_counts_nonnegative" CHECK ("conversation_members"."unread_count" >= 0 AND "conversation_members"."read_seq" >= 0)
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" text,
	"is_group" boolean DEFAULT false NOT NULL,
	"pair_key" text,
	"message_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_message_count_nonnegative" CHECK ("conversations"."message_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "message_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"user_id" text,
	"reason" text NOT NULL,
	"details" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	CONSTRAINT "message_reports_status_check" CHECK ("message_reports"."status" IN ('open', 'resolved')),
	CONSTRAINT "message_reports_reason_check" CHECK ("message_reports"."reason" IN ('spam', 'harassment', 'misinformation', 'inappropriate', 'offensive', 'other')),
	CONSTRAINT "message_reports_resolution_check" CHECK ("message_reports"."resolution" IS NULL OR "message_reports"."resolution" IN ('dismissed', 'content_deleted', 'author_blocked'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"body_html" text NOT NULL,
	"same_text" text DEFAULT '' NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "messages_seq_positive" CHECK ("messages"."seq" >= 1),
	CONSTRAINT "messages_body_length" CHECK (char_length("messages"."body") <= 10000)
);
--> statement-breakpoint
ALTER TABLE "moderation_log" DROP CONSTRAINT "moderation_log_action_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "private_message" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "messages_from" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_resolved_by_profiles_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_members_inbox_idx" ON "conversation_members" USING btree ("user_id","last_message_at" DESC NULLS LAST,"conversation_id") WHERE "conversation_members"."left_at" IS NULL AND NOT "conversation_members"."hidden";--> statement-breakpoint
CREATE INDEX "conversation_members_unread_idx" ON "conversation_members" USING btree ("user_id") WHERE "conversation_members"."unread_count" > 0 AND "conversation_members"."left_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_key_idx" ON "conversations" USING btree ("pair_key");--> statement-breakpoint
CREATE INDEX "message_reports_status_created_idx" ON "message_reports" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "message_reports_one_open_per_member_idx" ON "message_reports" USING btree ("user_id","message_id") WHERE "message_reports"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "messages_conversation_seq_idx" ON "messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE INDEX "messages_author_created_idx" ON "messages" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_held_idx" ON "messages" USING btree ("created_at") WHERE "messages"."held";--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_private_message_unread_idx" ON "notifications" USING btree ("user_id","reference_id") WHERE "notifications"."type" = 'private_message' AND "notifications"."read" = false;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_action_check" CHECK ("moderation_log"."action" IN ('delete_thread', 'delete_comment', 'block_user', 'unblock_user', 'dismiss_reports', 'delete_user', 'change_role', 'send_message', 'edit_thread', 'edit_comment', 'pin_thread', 'unpin_thread', 'lock_thread', 'unlock_thread', 'move_thread', 'merge_thread', 'set_slow_mode', 'release_message', 'delete_message', 'dismiss_message_reports'));--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_private_message_check" CHECK ("notification_settings"."private_message" IN ('off', 'forum', 'email', 'push'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" IN ('new_thread', 'new_comment', 'mention', 'thread_activity', 'quote', 'ticker_mention', 'private_message'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_messages_from_check" CHECK ("profiles"."messages_from" IN ('everyone', 'following', 'nobody'));