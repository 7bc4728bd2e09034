-- Members deleted before account deletion scrubbed every copy of their nickname
-- (docs/decisions/006-privacy.md "Deletion: every copy") left it in edit history and in the
-- moderation log. Those rows lost their member reference when the account went (ON DELETE SET
-- NULL), so they are found by it; the name becomes 'Okänd', the catalogue's forum.unknownAuthor,
-- as deletion writes it now.
UPDATE "post_revisions" SET "editor_nickname" = 'Okänd' WHERE "editor_id" IS NULL AND "editor_nickname" <> 'Okänd';
--> statement-breakpoint
UPDATE "moderation_log" SET "actor_nickname" = 'Okänd' WHERE "actor_id" IS NULL AND "actor_nickname" <> 'Okänd';
--> statement-breakpoint
UPDATE "moderation_log" SET "target_label" = 'Okänd'
  WHERE "target_type" = 'user' AND "target_label" <> 'Okänd'
    AND NOT EXISTS (SELECT 1 FROM "user" u WHERE u."id" = "moderation_log"."target_id");
