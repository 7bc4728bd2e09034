CREATE TABLE "companies" (
	"ticker" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sector" text,
	"industry" text
);
--> statement-breakpoint
CREATE TABLE "post_tickers" (
	"ticker" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"thread_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_tickers_pkey" PRIMARY KEY("ticker","target_type","target_id"),
	CONSTRAINT "post_tickers_target_type_check" CHECK ("post_tickers"."target_type" IN ('thread', 'comment'))
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "body_html" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "followers_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "following_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "bio_html" text;--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "body_html" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "post_tickers" ADD CONSTRAINT "post_tickers_ticker_companies_ticker_fk" FOREIGN KEY ("ticker") REFERENCES "public"."companies"("ticker") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tickers" ADD CONSTRAINT "post_tickers_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_name_lower_idx" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "post_tickers_ticker_created_idx" ON "post_tickers" USING btree ("ticker","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_tickers_target_idx" ON "post_tickers" USING btree ("target_type","target_id");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_follow_counters_nonnegative" CHECK ("profiles"."followers_count" >= 0 AND "profiles"."following_count" >= 0);