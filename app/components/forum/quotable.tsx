/**
 * The 'Citera' button of a selection inside a post body (see
 * `quote-selection.tsx`): one document listener finds the body that holds the whole selection and
 * shows that body's button. Member-only code, loaded through `member-parts.ts`.
 *
 * @module
 */
import { useEffect, useRef, useState } from "react";
import { quoteDrafts as qd } from "../../../domain/i18n/sv";
import { quoteMarkdown } from "../../../domain/quote";
import { sendQuote, type QuotableProps } from "./quote-selection";

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

/**
 * A post body whose selected text can be quoted by a member: the body and, while text in it is
 * selected, the 'Citera' button.
 *
 * @param props see {@link QuotableProps}; `nickname` is not null here
 */
export function SelectableQuote({ nickname, href, target, children }: QuotableProps) {
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
