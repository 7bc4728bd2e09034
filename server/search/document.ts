/**
 * What full-text search indexes of a post: its title and body as written, without their @mentions
 * (docs/search.md "What it finds", docs/decisions/051-search-mentions.md).
 *
 * A mention names a member, it is not what the post says: PostgreSQL's parser splits
 * '@Göran_Utdelning' at the underscore into 'göran' and 'utdelning', so without this every
 * comment that tags Göran was a match for 'utdelning'. Members are found by nickname separately
 * (`membersQuery` in ./search.ts), so nothing is lost.
 *
 * The stored `search_vector` columns of `threads` and `comments` are generated from
 * {@link searchableTextSql} (server/db/schema.ts, migration `0025_search_without_mentions.sql`).
 * The expression is fixed in each database when the column is created: changing
 * {@link MENTION_PATTERN} needs a migration that drops and re-adds both columns (which recomputes
 * every row) and re-creates their GIN indexes, as 0025 does.
 *
 * @module
 */

/** Characters of a nickname (SPEC §5 Nickname; `NICK_RUN` in server/content/cook.ts). */
const NICK = "A-Za-z0-9\\u00c5\\u00c4\\u00d6\\u00e5\\u00e4\\u00f6._-";
/** A nickname's last character: trailing dots are not part of a mention ('@anna.' ends a sentence). */
const NICK_END = "A-Za-z0-9\\u00c5\\u00c4\\u00d6\\u00e5\\u00e4\\u00f6_-";
/**
 * Letters, digits and combining marks, spelt as code-point ranges so that the result is the same
 * on every database whatever its locale (PostgreSQL's `[[:alnum:]]` depends on it): ASCII, Latin-1,
 * Latin Extended-A/B and the combining diacritics. Letters of other scripts count as punctuation
 * here, where cook.ts's `\p{L}` knows them; a mention glued to a Greek or Cyrillic letter is rare
 * enough not to matter.
 */
const LETTER = "A-Za-z0-9\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u024f\\u0300-\\u036f";

/**
 * A mention as a PostgreSQL regular expression (ARE), the rule of server/content/cook.ts:
 * `@` at the start or after anything but a letter, digit or one of `@ $ _ / \ . + = & # % -`
 * (e-mail addresses, paths and `\@escaped` stay text); then a maximal run of nickname characters
 * that is 2–30 long without its trailing dots and is not followed by a letter, digit, `_` or `@`.
 *
 * Unlike cook.ts it cannot tell code spans, link texts or whether the member exists: every
 * mention-shaped `@nick` in a title or body is left out of the index
 * (docs/decisions/051-search-mentions.md).
 * `server/search/search-mentions.test.ts` checks that it finds what cook.ts finds.
 */
export const MENTION_PATTERN = `(?<![${LETTER}@$_/\\\\.+=&#%-])@[${NICK}]{1,29}[${NICK_END}]\\.*(?![${LETTER}._@-])`;

/**
 * The SQL expression of a title's or body's searchable text: the column, empty when null, with
 * each mention replaced by a space (so the words on either side stay apart).
 *
 * @param column the column as written in the expression (`body`, `title`, `t.title`)
 * @returns an immutable SQL expression, usable in `GENERATED ALWAYS AS (…)`
 */
export function searchableTextSql(column: string): string {
  return `regexp_replace(coalesce(${column}, ''), '${MENTION_PATTERN}', ' ', 'g')`;
}
