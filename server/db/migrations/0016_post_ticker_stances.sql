ALTER TABLE "post_tickers" ADD COLUMN "author_id" text;--> statement-breakpoint
ALTER TABLE "post_tickers" ADD COLUMN "sentiment" text;--> statement-breakpoint
ALTER TABLE "post_tickers" ADD COLUMN "position" text;--> statement-breakpoint
ALTER TABLE "post_tickers" ADD CONSTRAINT "post_tickers_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_tickers_created_idx" ON "post_tickers" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "post_tickers" ADD CONSTRAINT "post_tickers_sentiment_check" CHECK ("post_tickers"."sentiment" IS NULL OR "post_tickers"."sentiment" IN ('bullish', 'bearish'));--> statement-breakpoint
ALTER TABLE "post_tickers" ADD CONSTRAINT "post_tickers_position_check" CHECK ("post_tickers"."position" IS NULL OR "post_tickers"."position" IN ('owns', 'does_not_own'));--> statement-breakpoint
-- Backfill the author of every existing mention from its thread or comment (issue 17).
UPDATE "post_tickers" pt SET "author_id" = t."author_id" FROM "threads" t
  WHERE pt."target_type" = 'thread' AND t."id" = pt."target_id" AND pt."author_id" IS NULL;--> statement-breakpoint
UPDATE "post_tickers" pt SET "author_id" = c."author_id" FROM "comments" c
  WHERE pt."target_type" = 'comment' AND c."id" = pt."target_id" AND pt."author_id" IS NULL;
