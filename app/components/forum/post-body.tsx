/**
 * A post, comment or bio body. Normally the HTML cooked and sanitised at write time
 * (`server/content/cook.ts`: Markdown subset, @mentions and $TICKER links, external links with
 * `rel="nofollow ugc noopener"`); for a row not cooked yet (`body_html` empty until
 * `forum recook` ran), the plain text as typed: paragraphs and line breaks kept, every character
 * escaped by React (a `<script>` in a post is shown as text).
 *
 * The author's 'Din syn' / 'Innehav' tags ('Bullish' / 'Bearish', 'Äger' / 'Äger ej')
 * are put right after the first cashtag link of their ticker (`domain/stances.ts`
 * `decorateCashtags`); a ticker the body has no link for gets a row of tags under the body.
 *
 * A mention or cashtag pill that punctuation follows directly gets the class `tight`
 * ({@link tightenChips}): its padding then leaves no gap before the mark.
 *
 * Images of the forum's own storage are wrapped by `cook` in `<a class="post-image">`;
 * a click on one, delegated from the body, opens it full size in {@link ImageLightbox} (a
 * modifier click or a click before the scripts loaded follows the link to the image itself).
 *
 * @module
 */
import { Suspense, useState, type MouseEvent } from "react";
import { postMarks as pm } from "../../../domain/i18n/sv";
import { decorateCashtags, stanceTags } from "../../../domain/stance-display";
import type { PostStance } from "../../../domain/stances";
import { lazyComponent } from "../../lib/lazy";
import type { LightboxImage } from "./image-lightbox";

/** The lightbox (Radix Dialog) loads on the first image click. */
const ImageLightbox = lazyComponent(() => import("./image-lightbox"), (m) => m.ImageLightbox);

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

/**
 * A mention or cashtag pill of cooked HTML (`<a class="mention">`, `<a class="cashtag">`, an
 * unknown ticker's `<span class="cashtag">`) with punctuation right after it.
 */
const CHIP_BEFORE_PUNCTUATION = /<(a|span) ([^>]*?)class="(mention|cashtag)"([^>]*)>([^<]*)<\/\1>(?=[.,:;!?)\]…»”’])/g;

/**
 * Marks the pills that punctuation follows directly (`@Mod-Maja.`, `$VOLV-B,`) with the class
 * `tight` (app/app.css): the pill's right padding then overlaps the mark instead of pushing it
 * away, so '@Mod-Maja.' never reads as '@Mod-Maja .'. At render time, so stored posts need no
 * re-cooking; a pure string change, the same on the server and in the browser.
 *
 * @param html sanitised cooked HTML
 * @returns the same HTML with `tight` on those pills
 */
export function tightenChips(html: string): string {
  return html.replace(CHIP_BEFORE_PUNCTUATION, '<$1 $2class="$3 tight"$4>$5</$1>');
}

/** Props of {@link PostBody}. */
export interface PostBodyProps {
  /** Cooked, sanitised HTML from the database (`body_html` / `bio_html`); empty or absent: not cooked. */
  html?: string | null;
  /** The source as typed, shown as plain paragraphs when `html` is empty. */
  text: string;
  className?: string;
  /**
   * The author's stated 'Din syn' / 'Innehav' per ticker: tags right after the first
   * cashtag link of each ticker; tickers without a link in the body (named only in a thread's
   * title) get a row of tags under the body.
   */
  stances?: readonly PostStance[];
}

/**
 * Renders a body: the stored sanitised HTML when there is some, else `text` as `<p>` elements
 * with preserved line breaks.
 */
export function PostBody({ html, text, className = "", stances }: PostBodyProps) {
  const [lightbox, setLightbox] = useState<LightboxImage | null>(null);
  // Mounted from the first open on, so closing gives the focus back as before.
  const [lightboxUsed, setLightboxUsed] = useState(false);
  if (lightbox && !lightboxUsed) setLightboxUsed(true);
  const base = `leading-relaxed text-slate-800 [overflow-wrap:anywhere] ${className}`;
  // The tags go into the cooked HTML after the cashtag link (static catalogue words only).
  const decorated = html && stances?.length ? decorateCashtags(html, stances) : { html, unplaced: stances ?? [] };
  if (html) {
    return (
      <>
        {/* Sanitised at write time by server/content/cook.ts (allow-listed tags, attributes, schemes). */}
        <div
          className={`${base} ${COOKED_CLASSES}`}
          onClick={(event) => openImage(event, setLightbox)}
          dangerouslySetInnerHTML={{ __html: tightenChips(decorated.html ?? html) }}
        />
        <StanceRow stances={decorated.unplaced} />
        {lightboxUsed ? (
          <Suspense fallback={null}>
            <ImageLightbox image={lightbox} onClose={() => setLightbox(null)} />
          </Suspense>
        ) : null}
      </>
    );
  }
  return (
    <>
      <div className={`space-y-3 ${base}`}>
        {paragraphs(text).map((p, i) => (
          <p key={i} className="whitespace-pre-line">
            {p}
          </p>
        ))}
      </div>
      <StanceRow stances={decorated.unplaced} />
    </>
  );
}

/** '$VOLV-B Bullish Äger' for tickers the body has no cashtag link for. */
function StanceRow({ stances }: { stances: readonly PostStance[] }) {
  const shown = stances.filter((s) => stanceTags(s).length > 0);
  if (shown.length === 0) return null;
  return (
    <ul aria-label={pm.tagsLabel} className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm">
      {shown.map((s) => (
        <li key={s.ticker} className="cooked">
          <a href={`/forum/aktie/${encodeURIComponent(s.ticker)}`} className="cashtag">
            ${s.ticker}
          </a>
          {s.sentiment ? (
            <>
              {" "}
              <span className={`stance-tag stance-${s.sentiment}`} title={pm.sentimentTagTitle}>
                {pm.sentimentTags[s.sentiment]}
              </span>
            </>
          ) : null}
          {s.position ? (
            <>
              {" "}
              <span className="stance-tag stance-position" title={pm.positionTagTitle}>
                {pm.positionTags[s.position]}
              </span>
            </>
          ) : null}
        </li>
      ))}
    </ul>
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
