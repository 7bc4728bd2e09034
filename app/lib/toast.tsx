/**
 * The one toast outlet (SPEC §4 Toast), loaded after the page is interactive: sonner (about 9 KB
 * gzip) is not needed to read a page, so it is fetched right after hydration instead of being
 * part of every page's first download (issue 8, "JS for the thread page"). Calls made before
 * the outlet is mounted (a flash toast after a redirect) wait for it and are shown then.
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

/** Shows a toast of `kind` once the outlet is ready; never throws. */
function show(kind: "success" | "error" | "info", title: string, options?: ExternalToast): void {
  if (typeof window === "undefined") return;
  void mounted
    .then(loadSonner)
    .then(({ toast: sonner }) => sonner[kind](title, options))
    .catch((error: unknown) => console.error("[toast]", error));
}

/**
 * Toast calls of the app: `toast.success | error | info(title, { description?, action? })`,
 * the subset of sonner's API the forum uses. Queued until the {@link Toaster} has mounted; a
 * no-op during server rendering.
 */
export const toast = {
  success: (title: string, options?: ExternalToast) => show("success", title, options),
  error: (title: string, options?: ExternalToast) => show("error", title, options),
  info: (title: string, options?: ExternalToast) => show("info", title, options),
};

/**
 * The outlet: renders nothing on the server and until sonner has loaded in the browser, then
 * sonner's `Toaster` with `props`, and releases the queued {@link toast} calls.
 *
 * @param props sonner's Toaster props (position, visibleToasts, …)
 */
export function Toaster(props: ToasterProps) {
  const [Outlet, setOutlet] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    let live = true;
    loadSonner()
      .then(({ Toaster: loaded }) => live && setOutlet(() => loaded))
      .catch((error: unknown) => console.error("[toast]", error));
    return () => {
      live = false;
    };
  }, []);
  // Runs after sonner's own Toaster effect (children first) has subscribed to its store.
  useEffect(() => {
    if (Outlet) markMounted();
  }, [Outlet]);
  return Outlet ? <Outlet {...props} /> : null;
}
