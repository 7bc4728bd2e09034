DROP INDEX "messages_author_created_idx";--> statement-breakpoint
CREATE INDEX "messages_author_same_text_idx" ON "messages" USING btree ("author_id","same_text","created_at");--> statement-breakpoint
-- The abuse-limit counters are not worth a WAL flush each: every member write spends one or more
-- of them in its own short transaction. An unlogged table commits without waiting for the disk;
-- after a crash PostgreSQL empties it, and every limit starts counting again (decision 014).
ALTER TABLE "abuse_limits" SET UNLOGGED;
