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
 * Tailwind classes for cooked Markdown (the tags `cook` allows: p, br, strong, em, ul, ol, li,
 * blockquote, code, pre, a, span) and the `.mention` / `.cashtag` pills.
 */
export const COOKED_CLASSES = [
  "space-y-3",
  "[&_strong]:font-semibold [&_em]:italic",
  "[&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6",
  "[&_li>p]:my-0 [&_li>ul]:mt-1 [&_li>ol]:mt-1",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_blockquote]:text-slate-600 [&_blockquote]:italic [&_blockquote]:space-y-2",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em]",
  "[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-sm [&_pre]:text-slate-100",
  "[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-inherit",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-800",
  "[&_a.mention]:rounded-full [&_a.mention]:bg-brand-50 [&_a.mention]:px-1 [&_a.mention]:no-underline [&_a.mention]:text-brand-700 [&_a.mention:hover]:bg-brand-100",
  "[&_.cashtag]:rounded-full [&_.cashtag]:px-1 [&_.cashtag]:font-semibold [&_.cashtag]:no-underline",
  "[&_a.cashtag]:bg-sky-50 [&_a.cashtag]:text-sky-800 [&_a.cashtag:hover]:bg-sky-100",
  "[&_span.cashtag]:bg-slate-100 [&_span.cashtag]:text-slate-700",
].join(" ");

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
