/**
 * A post, comment or bio body. Normally the HTML cooked and sanitised at write time
 * (`server/content/cook.ts`: Markdown subset, @mentions and $TICKER links, external links with
 * `rel="nofollow ugc noopener"`); for a row not cooked yet (`body_html` empty until
 * `forum recook` ran), the plain text as typed: paragraphs and line breaks kept, every character
 * escaped by React (a `<script>` in a post is shown as text).
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

/**
 * Class for cooked Markdown: styles for the tags `cook` allows and the `.mention` / `.cashtag`
 * pills, defined once in `app/app.css` (`.cooked`).
 */
export const COOKED_CLASSES = "cooked";

/** Props of {@link PostBody}. */
export interface PostBodyProps {
  /** Cooked, sanitised HTML from the database (`body_html` / `bio_html`); empty or absent: not cooked. */
  html?: string | null;
  /** The source as typed, shown as plain paragraphs when `html` is empty. */
  text: string;
  className?: string;
}

/**
 * Renders a body: the stored sanitised HTML when there is some, else `text` as `<p>` elements
 * with preserved line breaks.
 */
export function PostBody({ html, text, className = "" }: PostBodyProps) {
  const base = `leading-relaxed text-slate-800 [overflow-wrap:anywhere] ${className}`;
  if (html) {
    // Sanitised at write time by server/content/cook.ts (allow-listed tags, attributes, schemes).
    return <div className={`${base} ${COOKED_CLASSES}`} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <div className={`space-y-3 ${base}`}>
      {paragraphs(text).map((p, i) => (
        <p key={i} className="whitespace-pre-line">
          {p}
        </p>
      ))}
    </div>
  );
}
