/**
 * Where a member's data lives and what account deletion does with each place
 * (docs/decisions/006-privacy.md "Deletion: every copy"). Two lists, both checked against the
 * migrated database by `server/privacy/scrub-coverage.test.ts`:
 *
 * - {@link MEMBER_DATA_COLUMNS}: every column that refers to a member or holds a copy of a
 *   member's nickname or e-mail, as the database catalogue finds them (a foreign key to `user` or
 *   `profiles`; a text column named like a member id, `*_id`/`*_ids`/`*_by`; a column named like a
 *   nickname, e-mail or name). The test fails when the catalogue and this list differ, so a new
 *   table or column with a member reference fails until it is listed here with how it is
 *   scrubbed (and `deleteMember` does it).
 * - {@link KEPT_AFTER_DELETION}: the only columns where a deleted member's nickname, e-mail or id
 *   may still be found after deletion, each with the reason it is kept. The test deletes a member
 *   who has done everything and scans every text column of every table for them.
 *
 * Pure data: nothing here touches the database.
 *
 * @module
 */

/**
 * What deletion does with one column.
 *
 * - `cascade`: the row goes with the member (`ON DELETE CASCADE` from `user` or `profiles`).
 * - `set-null`: the reference becomes null, the row stays (`ON DELETE SET NULL`).
 * - `row-deleted`: `deleteMember` deletes the member's rows (no foreign key does it).
 * - `scrubbed`: `deleteMember` replaces the copy (nickname → null or 'Okänd', id removed).
 * - `gone-with-row`: a copy in a row that goes by cascade or `row-deleted`.
 * - `not-member-data`: matches the catalogue's name patterns but holds no member data.
 */
export type MemberDataHandling = "cascade" | "set-null" | "row-deleted" | "scrubbed" | "gone-with-row" | "not-member-data";

/** One listed column: what deletion does and why. */
export interface MemberColumn {
  handling: MemberDataHandling;
  /** Why, in one line (shown by the test when the catalogue and the list differ). */
  why: string;
}

/**
 * Every member reference and every copied nickname or e-mail, keyed `schema.table.column`.
 * Keep in step with `deleteMember` (server/privacy/delete-account.ts) and decision 006.
 */
export const MEMBER_DATA_COLUMNS: Readonly<Record<string, MemberColumn>> = {
  // better-auth
  "public.user.email": { handling: "cascade", why: "the account row itself is deleted" },
  "public.user.name": { handling: "cascade", why: "the account row itself is deleted" },
  "public.user.username": { handling: "cascade", why: "the account row itself is deleted" },
  "public.user.display_username": { handling: "cascade", why: "the account row itself is deleted" },
  "public.session.user_id": { handling: "cascade", why: "logged out everywhere" },
  "public.account.user_id": { handling: "cascade", why: "password hash and provider links" },
  "public.account.account_id": { handling: "cascade", why: "the credential's id (the user id for passwords); goes with its row" },
  "public.account.provider_id": { handling: "not-member-data", why: "'credential' or a provider name" },
  "public.post_submissions.user_id": { handling: "cascade", why: "idempotency keys of the member's forms" },
  // profile and the member's own lists
  "public.profiles.id": { handling: "cascade", why: "the profile goes with the account" },
  "public.profiles.nickname": { handling: "cascade", why: "the profile goes with the account" },
  "public.profiles.role_id": { handling: "not-member-data", why: "a role name" },
  "public.reactions.user_id": { handling: "cascade", why: "reactions given; counters follow by trigger" },
  "public.user_follows.follower_id": { handling: "cascade", why: "follows both ways" },
  "public.user_follows.following_id": { handling: "cascade", why: "follows both ways" },
  "public.member_mutes.muter_id": { handling: "cascade", why: "mutes both ways" },
  "public.member_mutes.muted_id": { handling: "cascade", why: "mutes both ways (no longer listed in others' mute lists)" },
  "public.bookmarks.user_id": { handling: "cascade", why: "saved posts" },
  "public.watchlist_tickers.user_id": { handling: "cascade", why: "watched tickers" },
  "public.thread_subscriptions.user_id": { handling: "cascade", why: "watched and muted threads" },
  "public.notification_settings.user_id": { handling: "cascade", why: "notification settings" },
  "public.notification_digests.user_id": { handling: "cascade", why: "the member's digest cursor: no digest is mailed to them any more" },
  "public.notifications.user_id": { handling: "cascade", why: "notifications the member received (pushes not yet sent for them go too)" },
  "public.push_subscriptions.user_id": { handling: "cascade", why: "the member's devices; their push_deliveries cascade from here" },
  "public.user_activity.user_id": { handling: "cascade", why: "the activity log" },
  "public.thread_reads.user_id": { handling: "cascade", why: "how far the member read each thread" },
  "public.category_reads.user_id": { handling: "cascade", why: "'Markera alla som lästa' per category" },
  "public.poll_votes.user_id": { handling: "cascade", why: "the member's poll votes; counts follow (they are counted, not kept)" },
  "public.blocked_users.user_id": { handling: "cascade", why: "a block of the member" },
  "public.notification_fanouts.actor_id": { handling: "cascade", why: "pending follower fan-outs of the member's new threads" },
  "public.notification_fanouts.actor_nickname": { handling: "gone-with-row", why: "copy in a fan-out that cascades with the actor" },
  // kept content and records, without the member
  "public.threads.author_id": { handling: "set-null", why: "threads stay, shown as 'Okänd'" },
  "public.comments.author_id": { handling: "set-null", why: "comments stay, shown as 'Okänd'" },
  "public.post_tickers.author_id": { handling: "set-null", why: "ticker mentions of kept posts stay without author" },
  "public.post_images.owner_id": { handling: "set-null", why: "images may still be in kept posts" },
  "public.post_revisions.editor_id": { handling: "set-null", why: "edit history stays, editor shown as 'Okänd'" },
  "public.post_revisions.editor_nickname": { handling: "scrubbed", why: "set to 'Okänd' (NOT NULL column) before the editor id is cleared" },
  "public.notifications.actor_id": { handling: "set-null", why: "others' notifications keep the event" },
  "public.notifications.actor_nickname": { handling: "scrubbed", why: "set to null in others' notifications (rendered with the default actor), so digests and pushes built from them do not name the member" },
  "public.reports.user_id": { handling: "set-null", why: "reports filed stay without reporter" },
  "public.reports.resolved_by": { handling: "set-null", why: "closed reports stay without the closing moderator" },
  // private messages ('Inkorg')
  "public.conversations.created_by": { handling: "set-null", why: "the conversation stays for its other members" },
  "public.conversation_members.user_id": { handling: "cascade", why: "the member leaves every conversation" },
  "public.messages.author_id": { handling: "set-null", why: "messages stay in place as 'Okänd'; deleteMember empties their text first" },
  "public.message_reports.user_id": { handling: "set-null", why: "reports filed stay without reporter" },
  "public.message_reports.resolved_by": { handling: "set-null", why: "closed reports stay without the closing moderator" },
  "public.blocked_users.blocked_by": { handling: "set-null", why: "blocks the member made stay" },
  "public.moderation_log.actor_id": { handling: "set-null", why: "the action stays in the log (accountability), without who" },
  "public.moderation_log.actor_nickname": { handling: "scrubbed", why: "set to 'Okänd' (NOT NULL column)" },
  "public.moderation_log.target_id": { handling: "not-member-data", why: "kept: the opaque id ties the entries about one account; see KEPT_AFTER_DELETION" },
  "public.admin_mail_jobs.created_by": { handling: "set-null", why: "bulk mails an admin sent stay without sender" },
  "public.admin_mail_recipients.user_id": { handling: "row-deleted", why: "the member's recipient rows (pending or sent) are deleted: nothing more is mailed to them" },
  "public.admin_mail_recipients.email": { handling: "row-deleted", why: "rows with the member's address are deleted" },
  "public.subscription_fanouts.actor_id": { handling: "row-deleted", why: "pending subscriber batches of the member's comments are deleted (they would write notifications naming a gone profile)" },
  "public.subscription_fanouts.actor_nickname": { handling: "gone-with-row", why: "copy in a deleted batch" },
  "public.subscription_fanouts.told_ids": { handling: "scrubbed", why: "the member's id is removed from others' pending batches" },
  // matched by name, hold no member data
  "public.categories.name": { handling: "not-member-data", why: "a category name" },
  "public.companies.name": { handling: "not-member-data", why: "a company name" },
};

/**
 * The only columns where a deleted member's nickname, e-mail or id may remain, keyed
 * `schema.table.column`, with the reason. Everything else is scanned clean by the test.
 */
export const KEPT_AFTER_DELETION: Readonly<Record<string, string>> = {
  "public.threads.title": "words of members: the member's own kept posts, and others who named, mentioned or quoted them (`@nick skrev:` is part of the quoting member's text)",
  "public.threads.body": "as threads.title",
  "public.threads.body_html": "the cooked form of threads.body",
  "public.comments.body": "as threads.title",
  "public.comments.body_html": "the cooked form of comments.body",
  "public.messages.body": "words of other members in private conversations who named or mentioned the member (the member's own messages are emptied)",
  "public.messages.body_html": "the cooked form of messages.body",
  "public.post_revisions.old_title": "earlier versions of the same kept texts",
  "public.post_revisions.new_title": "earlier versions of the same kept texts",
  "public.post_revisions.old_body": "earlier versions of the same kept texts",
  "public.post_revisions.new_body": "earlier versions of the same kept texts",
  "public.moderation_log.target_id": "the opaque account id of user-targeted entries (block, unblock, role, deletion): ties the entries about one account for accountability; no row maps it to a person any more",
  "public.notification_fanouts.cursor": "a keyset position (the last member id done) of a pending fan-out: the batch continues after it; gone when the fan-out ends",
  "public.subscription_fanouts.cursor": "as notification_fanouts.cursor",
};
