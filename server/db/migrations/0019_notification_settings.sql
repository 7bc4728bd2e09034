ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "followed_thread" text DEFAULT 'forum' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "reply" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "watched_thread" text DEFAULT 'forum' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "mention" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "quote" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "watched_ticker" text DEFAULT 'forum' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "email_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "weekly_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "ticker" text;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_ticker_mention_unread_idx" ON "notifications" USING btree ("user_id","ticker") WHERE "notifications"."type" = 'ticker_mention' AND "notifications"."read" = false;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_followed_thread_check" CHECK ("notification_settings"."followed_thread" IN ('off', 'forum', 'email', 'push'));--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_reply_check" CHECK ("notification_settings"."reply" IN ('off', 'forum', 'email', 'push'));--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_watched_thread_check" CHECK ("notification_settings"."watched_thread" IN ('off', 'forum', 'email', 'push'));--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_mention_check" CHECK ("notification_settings"."mention" IN ('off', 'forum', 'email', 'push'));--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_quote_check" CHECK ("notification_settings"."quote" IN ('off', 'forum', 'email', 'push'));--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_watched_ticker_check" CHECK ("notification_settings"."watched_ticker" IN ('off', 'forum', 'email', 'push'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" IN ('new_thread', 'new_comment', 'mention', 'thread_activity', 'quote', 'ticker_mention'));