/**
 * A post, comment or bio body. Normally the HTML cooked and sanitised at write time
 * (`server/content/cook.ts`: Markdown subset, @mentions and $TICKER links, external links with
 * `rel="nofollow ugc noopener"`); for a row not cooked yet (`body_html` empty until
 * `forum recook` ran), the plain text as typed: paragraphs and line breaks kept, every character
 * escaped by React (a `<script>` in a post is shown as text).
 *
 * Images of the forum's own storage are wrapped by `cook` in `<a class="post-image">` (issue 16);
 * a click on one, delegated from the body, opens it full size in {@link ImageLightbox} (a
 * modifier click or a click before the scripts loaded follows the link to the image itself).
 *
 * @module
 */
import { useState, type MouseEvent } from "react";
import { ImageLightbox, type LightboxImage } from "./image-lightbox";

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
  const [lightbox, setLightbox] = useState<LightboxImage | null>(null);
  const base = `leading-relaxed text-slate-800 [overflow-wrap:anywhere] ${className}`;
  if (html) {
    return (
      <>
        {/* Sanitised at write time by server/content/cook.ts (allow-listed tags, attributes, schemes). */}
        <div
          className={`${base} ${COOKED_CLASSES}`}
          onClick={(event) => openImage(event, setLightbox)}
          dangerouslySetInnerHTML={{ __html: html }}
        />
        <ImageLightbox image={lightbox} onClose={() => setLightbox(null)} />
      </>
    );
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

/** Opens a clicked own image (`a.post-image > img`) in the lightbox instead of following the link. */
function openImage(event: MouseEvent<HTMLDivElement>, open: (image: LightboxImage) => void): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element).closest?.("a.post-image");
  if (!link || !event.currentTarget.contains(link)) return;
  const img = link.querySelector("img");
  if (!img) return;
  event.preventDefault();
  open({
    src: img.getAttribute("src") ?? link.getAttribute("href") ?? "",
    alt: img.getAttribute("alt") ?? "",
    opener: link as HTMLElement,
  });
}
