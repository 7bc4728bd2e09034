/**
 * The edit history of a thread or comment: the kept revisions of
 * `post_revisions`, newest first, each with its editor, time and a word-level diff old → new
 * made with jsdiff's `diffWords` (the maintained `diff` package) and a Swedish word segmenter.
 * The diff is made here, on the server, so the browser bundle carries no diff library.
 *
 * @module
 */
import { diffWords } from "diff";
import { and, desc, eq } from "drizzle-orm";
import { forum as f } from "../../domain/i18n/sv";
import { isUuid } from "../../domain/ids";
import { isOneOf, TARGET_TYPES } from "../../domain/values";
import type { DiffPart, RevisionView } from "../../domain/views";
import type { Db } from "../db/client";
import { postRevisions } from "../db/schema";
import { findPostTarget } from "./post-target";

/** Longest time one diff may take (ms); past it the change is shown as all removed, all added. */
const DIFF_TIMEOUT_MS = 500;

const segmenter = new Intl.Segmenter("sv", { granularity: "word" });

/**
 * Word-level diff of two texts.
 *
 * @param before the old text
 * @param after the new text
 * @returns the parts in order: unchanged, `removed` or `added`
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const changes = diffWords(before, after, { intlSegmenter: segmenter, timeout: DIFF_TIMEOUT_MS });
  if (!changes) return [{ value: before, removed: true }, { value: after, added: true }];
  return changes.map((c) => (c.added ? { value: c.value, added: true } : c.removed ? { value: c.value, removed: true } : { value: c.value }));
}

/**
 * The history of one post.
 *
 * @param db database handle
 * @param targetType `thread` or `comment` (anything else: null)
 * @param id the post's uuid (anything else: null)
 * @returns the revisions newest first (empty when the post was never kept-edited), or null when
 *   the post does not exist. `editorNickname` is the catalogue's 'Okänd' (`forum.unknownAuthor`,
 *   as posts show a deleted author) once the editor's account is deleted (`editor_id` null),
 *   whatever the row still holds (account deletion also overwrites it, decision 006)
 */
export async function listRevisions(db: Db, targetType: string, id: string): Promise<RevisionView[] | null> {
  if (!isOneOf(TARGET_TYPES, targetType) || !isUuid(id)) return null;
  const post = await findPostTarget(db, targetType, id);
  if (!post) return null;
  const rows = await db
    .select()
    .from(postRevisions)
    .where(
      targetType === "thread"
        ? and(eq(postRevisions.targetType, "thread"), eq(postRevisions.threadId, id))
        : and(eq(postRevisions.targetType, "comment"), eq(postRevisions.commentId, id)),
    )
    .orderBy(desc(postRevisions.createdAt), desc(postRevisions.id))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    editorNickname: r.editorId === null ? f.unknownAuthor : r.editorNickname,
    createdAt: r.createdAt.toISOString(),
    title: r.oldTitle !== null && r.newTitle !== null && r.oldTitle !== r.newTitle ? wordDiff(r.oldTitle, r.newTitle) : null,
    body: r.oldBody === r.newBody ? [] : wordDiff(r.oldBody, r.newBody),
  }));
}
