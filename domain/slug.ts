/**
 * Readable thread links: the slug after a thread's id in its URL
 * (`/forum/kategori/{categoryId}/trad/{threadId}/{slug}`, docs/decisions/052-unread-and-links.md).
 *
 * @module
 */

/** Longest slug in characters. */
export const SLUG_MAX = 80;

/**
 * The slug of a thread title: lower case, å/ä → a and ö → o (every other accent dropped too),
 * anything but a–z and 0–9 becomes one hyphen, no hyphen at either end, cut to at most
 * {@link SLUG_MAX} characters at a hyphen when there is one in the last part.
 *
 * @param title the thread's title (any text)
 * @returns the slug, `""` when nothing is left (a title of only emoji or punctuation)
 * @example threadSlug("Är Ericsson köpvärd efter rapporten?") // "ar-ericsson-kopvard-efter-rapporten"
 */
export function threadSlug(title: string): string {
  const plain = title
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[æ]/g, "ae")
    .replace(/[ø]/g, "o")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (plain.length <= SLUG_MAX) return plain;
  const cut = plain.slice(0, SLUG_MAX + 1);
  const lastHyphen = cut.lastIndexOf("-");
  // Cut on a word when one ends in the last half; else at the limit.
  return (lastHyphen >= SLUG_MAX / 2 ? cut.slice(0, lastHyphen) : plain.slice(0, SLUG_MAX)).replace(/-+$/, "");
}
