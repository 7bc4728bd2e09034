/**
 * A post by a member the viewer mutes ('Dölj medlem'): one line 'Dolt inlägg från
 * @nick – visa', where 'visa' is a real `<button>` that shows the item in place (client side, no
 * reload; the item's data is already on the page). Mounted only for muted items, so lists stay
 * plain elements otherwise.
 *
 * @module
 */
import { useState, type ReactNode } from "react";
import { mutes as mu } from "../../../domain/i18n/sv";

/**
 * Props: the muted author's nickname, the full item (shown after 'visa'), the element the line
 * is rendered as (`li` in lists, `div` elsewhere) and its extra classes.
 */
export interface MutedItemProps {
  nickname: string;
  children: ReactNode;
  as?: "li" | "div";
  className?: string;
  /** Anchor id of the collapsed line (`comment-{id}`), so links to the item still land on it. */
  id?: string;
}

/** The collapsed line, or `children` once 'visa' was pressed. */
export function MutedItem({ nickname, children, as = "div", className = "", id }: MutedItemProps) {
  const [shown, setShown] = useState(false);
  if (shown) return <>{children}</>;
  const Tag = as;
  return (
    <Tag id={id} className={`scroll-mt-24 text-sm text-slate-500 ${className}`.trim()} data-muted-line="">
      {mu.hiddenFrom(nickname)}
      {mu.separator}
      <button
        type="button"
        onClick={() => setShown(true)}
        className="rounded font-semibold text-brand-700 underline hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {mu.show}
      </button>
    </Tag>
  );
}
