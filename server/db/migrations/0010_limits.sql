-- Idempotent posting (issue "Hardening"): one row per submitted thread or comment form, keyed by
-- the form's hidden idempotency key; a second submit with the same key gets the same post.
CREATE TABLE "post_submissions" (
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"key" text NOT NULL,
	"thread_id" uuid REFERENCES "threads"("id") ON DELETE CASCADE,
	"comment_id" uuid REFERENCES "comments"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_submissions_pk" PRIMARY KEY ("user_id", "key")
);
--> statement-breakpoint
CREATE INDEX "post_submissions_created_idx" ON "post_submissions" USING btree ("created_at");
