/**
 * A button that opens a lazily loaded widget (menu, dialog, popover). Until the first
 * open it is a plain `<button>` with the trigger's class, label and content; the widget's module
 * is fetched on pointer-over or focus and rendered on the first click, with a trigger that looks
 * the same, so nothing moves and the first paint's JavaScript carries no Radix.
 *
 * @module
 */
import { Suspense, useState, type JSX, type ReactNode } from "react";
import type { LazyComponent } from "../../lib/lazy";

/** A trigger button's look: class, accessible name, title and content. */
export interface WidgetTrigger {
  className: string;
  "aria-label"?: string;
  title?: string;
  children: ReactNode;
}

/** What the loaded widget gets besides its own props: the open state and the trigger's look. */
export interface LazyWidgetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: WidgetTrigger;
}

/**
 * @param props.widget - the lazily loaded widget; it renders its own trigger from `trigger`
 * @param props.trigger - the button's look, shared by the placeholder and the widget's trigger
 * @param props.haspopup - `aria-haspopup` of the placeholder (`menu` or `dialog`, as the widget's)
 * @param props.props - the widget's other props
 * @returns the placeholder button, then (after the first click) the widget, open
 */
export function LazyWidget<P extends LazyWidgetProps>({
  widget: Widget,
  trigger,
  haspopup,
  props,
}: {
  widget: LazyComponent<P>;
  trigger: WidgetTrigger;
  haspopup: "menu" | "dialog";
  props: Omit<P, keyof LazyWidgetProps>;
}) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const plain = (
    <button
      type="button"
      aria-haspopup={haspopup}
      aria-expanded={false}
      {...trigger}
      onPointerEnter={() => void Widget.preload()}
      onFocus={() => void Widget.preload()}
      onClick={() => {
        setUsed(true);
        setOpen(true);
      }}
    />
  );
  if (!used) return plain;
  const all = { ...props, open, onOpenChange: setOpen, trigger } as unknown as P & JSX.IntrinsicAttributes;
  return (
    <Suspense fallback={plain}>
      <Widget {...all} />
    </Suspense>
  );
}
