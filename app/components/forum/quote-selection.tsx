/**
 * 'Citera': selecting text inside one post body shows a button near the
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
 * Browser only: nothing is shown before hydration. The selection code is member-only
 * (`quotable.tsx`, loaded through `member-parts.ts`).
 *
 * @module
 */
import { useEffect, useRef, type ReactNode } from "react";
import { SelectableQuote } from "./member-parts-lazy";

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

/**
 * A post body whose selected text can be quoted: for a visitor (or no author) the body alone,
 * else {@link SelectableQuote} from `quotable.tsx`.
 *
 * @param props see {@link QuotableProps}
 */
export function Quotable(props: QuotableProps) {
  if (!props.nickname) return <>{props.children}</>;
  return <SelectableQuote {...props} />;
}
