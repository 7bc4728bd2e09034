-- Notifications, realtime and presence (issue 5; SPEC §3 notifications, §4 Notification and
-- Presence, §7 Activity and Live subscription). docs/decisions/011-notifications-realtime.md.
--
-- * type: beyond the spec, 'mention' (a member @mentioned in a thread, comment or reply).
-- * seq: a monotonic number per notification. It is the SSE event id, so a browser that
--   reconnects with Last-Event-ID gets every notification it missed (seq > that id), and one
--   pg_notify per post names the range [from, to] of the rows it created, whatever the fan-out.
-- * notification_fanouts: the durable fan-out job of a thread by an author with more followers
--   than server/notifications/commands.ts inlines; written in the thread's transaction and
--   worked off in batches after commit (server/notifications/fanout.ts), `cursor` = the last
--   follower id done, so a crash resumes where it stopped.
-- * user_activity: log_user_activity's idempotent record, one row per member, date and local hour.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" IN ('new_thread', 'new_comment', 'mention'));--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_seq_idx" ON "notifications" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "notifications_user_seq_idx" ON "notifications" USING btree ("user_id","seq");--> statement-breakpoint
CREATE TABLE "user_activity" (
	"user_id" text NOT NULL,
	"activity_date" date NOT NULL,
	"activity_hour" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_activity_pkey" PRIMARY KEY("user_id","activity_date","activity_hour"),
	CONSTRAINT "user_activity_hour_range" CHECK ("user_activity"."activity_hour" >= 0 AND "user_activity"."activity_hour" <= 23)
);--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "notification_fanouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"actor_id" text NOT NULL,
	"actor_nickname" text NOT NULL,
	"thread_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"title" text NOT NULL,
	"cursor" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "notification_fanouts" ADD CONSTRAINT "notification_fanouts_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_fanouts" ADD CONSTRAINT "notification_fanouts_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;
