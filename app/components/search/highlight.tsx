/**
 * Renders text with search terms in `<mark>` (SPEC §2 Search results). The text is split into
 * segments rendered as React text nodes, so content can never become markup.
 *
 * @module
 */
import { highlightSegments } from "../../../domain/search-highlight";

/**
 * @param text plain text (title or snippet)
 * @param terms lower-case words and stems to mark
 */
export function Highlighted({ text, terms }: { text: string; terms: readonly string[] }) {
  return (
    <>
      {highlightSegments(text, terms).map((segment, i) =>
        segment.hit ? (
          <mark key={i} className="rounded-sm bg-amber-200/80 text-inherit">
            {segment.text}
          </mark>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </>
  );
}
