/**
 * The one toast outlet (SPEC §4 Toast), loaded with the first toast: sonner (about 9 KB gzip) is
 * not needed to read a page, so a visit that shows no toast never downloads it (before, it was
 * fetched right after hydration). The first call of {@link toast} makes the {@link Toaster} load
 * sonner and mount its outlet; calls made until it is listening (a flash toast after a redirect,
 * the first action's answer) wait for it and are shown then, in order.
 *
 * @module
 */
import { useEffect, useState, type ComponentProps, type ComponentType } from "react";
import type { ExternalToast, Toaster as SonnerToaster } from "sonner";

type ToasterProps = ComponentProps<typeof SonnerToaster>;

const loadSonner = () => import("sonner");
let markMounted: () => void = () => {};
/** Resolves once the outlet is on the page and listening. */
const mounted = new Promise<void>((resolve) => (markMounted = resolve));
/** Whether a toast has been asked for; the outlet loads sonner from then on. */
let wanted = false;
/** The mounted outlet's wake-up call (set while a {@link Toaster} is on the page). */
let wake: (() => void) | null = null;

/** Shows a toast of `kind` once the outlet is ready; never throws. */
function show(kind: "success" | "error" | "info", title: string, options?: ExternalToast): void {
  if (typeof window === "undefined") return;
  if (!wanted) {
    wanted = true;
    wake?.();
  }
  void mounted
    .then(loadSonner)
    .then(({ toast: sonner }) => sonner[kind](title, options))
    .catch((error: unknown) => console.error("[toast]", error));
}

/**
 * Toast calls of the app: `toast.success | error | info(title, { description?, action? })`,
 * the subset of sonner's API the forum uses. Queued until the {@link Toaster} has loaded and
 * mounted (the first call starts that); a no-op during server rendering.
 */
export const toast = {
  success: (title: string, options?: ExternalToast) => show("success", title, options),
  error: (title: string, options?: ExternalToast) => show("error", title, options),
  info: (title: string, options?: ExternalToast) => show("info", title, options),
};

/**
 * The outlet: renders nothing on the server and until the first {@link toast} call has loaded
 * sonner in the browser, then sonner's `Toaster` with `props`, and releases the queued calls.
 *
 * @param props sonner's Toaster props (position, visibleToasts, …)
 */
export function Toaster(props: ToasterProps) {
  const [asked, setAsked] = useState(false);
  const [Outlet, setOutlet] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    if (wanted) setAsked(true);
    wake = () => setAsked(true);
    return () => {
      wake = null;
    };
  }, []);
  useEffect(() => {
    if (!asked) return;
    let live = true;
    loadSonner()
      .then(({ Toaster: loaded }) => live && setOutlet(() => loaded))
      .catch((error: unknown) => console.error("[toast]", error));
    return () => {
      live = false;
    };
  }, [asked]);
  // Runs after sonner's own Toaster effect (children first) has subscribed to its store.
  useEffect(() => {
    if (Outlet) markMounted();
  }, [Outlet]);
  return Outlet ? <Outlet {...props} /> : null;
}
