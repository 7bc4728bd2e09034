CREATE TABLE "bookmarks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"target_type" text NOT NULL,
	"thread_id" uuid NOT NULL,
	"comment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookmarks_target_type_check" CHECK ("bookmarks"."target_type" IN ('thread', 'comment')),
	CONSTRAINT "bookmarks_target_shape" CHECK (("bookmarks"."target_type" = 'comment') = ("bookmarks"."comment_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "member_mutes" (
	"muter_id" text NOT NULL,
	"muted_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_mutes_pkey" PRIMARY KEY("muter_id","muted_id"),
	CONSTRAINT "member_mutes_not_self" CHECK ("member_mutes"."muter_id" <> "member_mutes"."muted_id")
);
--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_mutes" ADD CONSTRAINT "member_mutes_muter_id_profiles_id_fk" FOREIGN KEY ("muter_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_mutes" ADD CONSTRAINT "member_mutes_muted_id_profiles_id_fk" FOREIGN KEY ("muted_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookmarks_thread_unique_idx" ON "bookmarks" USING btree ("user_id","thread_id") WHERE "bookmarks"."comment_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bookmarks_comment_unique_idx" ON "bookmarks" USING btree ("user_id","comment_id") WHERE "bookmarks"."comment_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bookmarks_user_created_idx" ON "bookmarks" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookmarks_thread_idx" ON "bookmarks" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "bookmarks_comment_idx" ON "bookmarks" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "member_mutes_muted_idx" ON "member_mutes" USING btree ("muted_id");