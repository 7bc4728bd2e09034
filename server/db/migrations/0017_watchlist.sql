CREATE TABLE "watchlist_tickers" (
	"user_id" text NOT NULL,
	"ticker" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_tickers_pkey" PRIMARY KEY("user_id","ticker")
);
--> statement-breakpoint
ALTER TABLE "watchlist_tickers" ADD CONSTRAINT "watchlist_tickers_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_tickers" ADD CONSTRAINT "watchlist_tickers_ticker_companies_ticker_fk" FOREIGN KEY ("ticker") REFERENCES "public"."companies"("ticker") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watchlist_tickers_ticker_idx" ON "watchlist_tickers" USING btree ("ticker");--> statement-breakpoint
-- Issue 17 watchlist feed and 'Bevakat' tab (docs/performance.md): covering versions of the
-- (ticker, created_at) and (author_id, created_at) indexes, so the per-ticker and per-author
-- LATERAL top-N reads are index-only scans (schema.ts cannot declare INCLUDE). author_id and
-- sentiment make the members' view per watched ticker ('Din syn', 7 days) index-only too.
CREATE INDEX IF NOT EXISTS "post_tickers_ticker_feed_idx" ON "post_tickers" USING btree ("ticker","created_at" DESC NULLS LAST) INCLUDE ("target_type","target_id","thread_id","author_id","sentiment");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "threads_author_created_id_idx" ON "threads" USING btree ("author_id","created_at" DESC) INCLUDE ("id");
