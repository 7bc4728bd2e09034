CREATE TABLE "notification_digests" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT '-infinity' NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"weekly_sent_at" timestamp with time zone DEFAULT '-infinity' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;