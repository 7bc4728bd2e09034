CREATE TABLE "abuse_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "abuse_limits_expire_idx" ON "abuse_limits" USING btree ("expire");