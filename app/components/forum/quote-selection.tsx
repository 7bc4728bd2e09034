/**
 * 'Citera' (issue 16 "Quote"): selecting text inside one post body shows a button near the
 * selection; clicking it sends a Markdown quote (`domain/quote.ts`) to the composer that should
 * get it — the thread's comment box for the thread's post, the reply form of the top-level
 * comment for a comment or a reply (replies are one level, as 'Svara').
 *
 * - {@link Quotable} wraps a post body. One document listener (`selectionchange`, `mouseup`,
 *   `keyup`) finds the body that holds the whole selection and shows that body's button, a real
 *   `<button>` placed right after the body in the DOM, so Tab from the selection reaches it.
 * - {@link useQuoteReceiver} lets a composer (or the comment that opens a reply form) take the
 *   quotes sent to its target: `"top"` for the thread's comment box, a top-level comment's id
 *   for its replies.
 *
 * Browser only: nothing is shown before hydration.
 *
 * @module
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { quoteDrafts as qd } from "../../../domain/i18n/sv";
import { quoteMarkdown } from "../../../domain/quote";

/** Where a quote goes: `"top"` (the thread's comment box) or a top-level comment's id. */
export type QuoteTarget = string;

/** The thread's comment box. */
export const TOP_TARGET: QuoteTarget = "top";

type Receiver = { target: QuoteTarget; receive: (markdown: string) => void };
const receivers = new Set<{ current: Receiver | null }>();

/**
 * Sends a quote to the composer of `target`; the first mounted receiver of that target takes it
 * (the thread's comment box, not a composer opened later for another purpose, e.g. editing).
 *
 * @param target {@link QuoteTarget}
 * @param markdown the quote (`quoteMarkdown`)
 * @returns whether a receiver took it
 */
export function sendQuote(target: QuoteTarget, markdown: string): boolean {
  const matching = [...receivers].map((r) => r.current).filter((r): r is Receiver => r?.target === target);
  const receiver = matching[0];
  receiver?.receive(markdown);
  return Boolean(receiver);
}

/**
 * Takes the quotes sent to `target` while mounted.
 *
 * @param target {@link QuoteTarget}, or null to take none (e.g. while another composer has it)
 * @param receive gets the quote's Markdown
 */
export function useQuoteReceiver(target: QuoteTarget | null, receive: (markdown: string) => void): void {
  const ref = useRef<Receiver | null>(null);
  ref.current = target === null ? null : { target, receive };
  useEffect(() => {
    receivers.add(ref);
    return () => {
      receivers.delete(ref);
    };
  }, []);
}

/** A mounted {@link Quotable}: its body element and how to show or hide its button. */
type Source = { body: HTMLElement; show: (at: { text: string; top: number; left: number } | null) => void };
const sources = new Set<Source>();
const BUTTON_CLASS = "quote-selection-button";
let listening = false;
let frame = 0;

/** The node's element (a text node's parent). */
function elementOf(node: Node | null): Element | null {
  return node ? (node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement) : null;
}

/** Shows the button of the body holding the whole selection, hides every other. */
function update(): void {
  frame = 0;
  const selection = document.getSelection();
  const text = selection && !selection.isCollapsed && selection.rangeCount > 0 ? selection.toString() : "";
  let owner: Source | undefined;
  if (text.trim() !== "") {
    const anchor = selection!.anchorNode;
    const focus = selection!.focusNode;
    owner = [...sources].find((s) => anchor && focus && s.body.contains(anchor) && s.body.contains(focus));
  }
  // Keep the button while it has the focus (reached with Tab) even if the selection changed.
  if (!owner && document.activeElement?.classList.contains(BUTTON_CLASS)) return;
  for (const source of sources) {
    if (source !== owner) source.show(null);
  }
  if (!owner) return;
  const range = selection!.getRangeAt(0);
  const rects = range.getClientRects();
  const last = rects.length > 0 ? rects[rects.length - 1]! : range.getBoundingClientRect();
  const box = owner.body.getBoundingClientRect();
  const left = Math.max(0, Math.min(last.right - box.left - 40, box.width - 90));
  owner.show({ text, top: last.bottom - box.top + 6, left });
}

function schedule(): void {
  if (!frame) frame = requestAnimationFrame(update);
}

/** Starts the one document listener when the first body mounts. */
function listen(): void {
  if (listening) return;
  listening = true;
  document.addEventListener("selectionchange", schedule);
  document.addEventListener("mouseup", schedule);
  document.addEventListener("keyup", schedule);
}

/** Props of {@link Quotable}. */
export interface QuotableProps {
  /** The author's nickname; null (no author, or the viewer may not comment): no button. */
  nickname: string | null;
  /** The quoted item's canonical path (`commentPath(id)` or `threadPath(c, t)`). */
  href: string;
  /** Which composer gets the quote ({@link QuoteTarget}). */
  target: QuoteTarget;
  /** The post body. */
  children: ReactNode;
}

/** A post body whose selected text can be quoted. */
export function Quotable({ nickname, href, target, children }: QuotableProps) {
  const body = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState<{ text: string; top: number; left: number } | null>(null);

  useEffect(() => {
    if (!nickname || !body.current) return;
    const source: Source = { body: body.current, show: setAt };
    sources.add(source);
    listen();
    return () => {
      sources.delete(source);
    };
  }, [nickname]);

  if (!nickname) return <>{children}</>;

  function quote() {
    if (!at || !nickname) return;
    const markdown = quoteMarkdown({ nickname, text: at.text, href });
    setAt(null);
    document.getSelection()?.removeAllRanges();
    if (markdown) sendQuote(target, markdown);
  }

  return (
    <div className="relative">
      <div ref={body}>{children}</div>
      {at ? (
        <button
          type="button"
          className={`${BUTTON_CLASS} absolute z-10 select-none rounded-md bg-slate-900 px-3 py-1 text-sm font-semibold text-white shadow-lg hover:bg-slate-700 focus:outline-none focus:ring-2 focus:ring-brand-200`}
          style={{ top: at.top, left: at.left }}
          // Keep the selection when pressing the button.
          onMouseDown={(event) => event.preventDefault()}
          onClick={quote}
          onBlur={() => requestAnimationFrame(update)}
        >
          {qd.quote}
        </button>
      ) : null}
    </div>
  );
}
