/**
 * Renders text with search terms in `<mark>` (SPEC §2 Search results). The text is split into
 * segments rendered as React text nodes, so content can never become markup.
 *
 * @module
 */
import { Fragment } from "react";
import { highlightSegments } from "../../../domain/search-highlight";

/**
 * The text as one inline `<span>`: its plain parts are text nodes and its matches `<mark>`s inside
 * it, so a flex or grid parent lays it out as one item. (Rendered as sibling elements, each part
 * was a flex item of its own: a member chip's `gap` split 'Göran_Utdelning' into 'Göran_ Utdelning'.)
 *
 * @param text plain text (title, snippet or nickname)
 * @param terms lower-case words and stems to mark
 */
export function Highlighted({ text, terms }: { text: string; terms: readonly string[] }) {
  return (
    <span>
      {highlightSegments(text, terms).map((segment, i) =>
        segment.hit ? (
          <mark key={i} className="rounded-sm bg-amber-200/80 text-inherit">
            {segment.text}
          </mark>
        ) : (
          <Fragment key={i}>{segment.text}</Fragment>
        ),
      )}
    </span>
  );
}
