CREATE TABLE "post_images" (
	"key" text PRIMARY KEY NOT NULL,
	"owner_id" text,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_images_size_positive" CHECK ("post_images"."width" > 0 AND "post_images"."height" > 0 AND "post_images"."bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "post_images" ADD CONSTRAINT "post_images_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_images_created_idx" ON "post_images" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "post_images_owner_created_idx" ON "post_images" USING btree ("owner_id","created_at" DESC NULLS FIRST);