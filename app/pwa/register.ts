/**
 * Registers the service worker once the page has loaded, in
 * production builds only: under `npm run dev` any worker left from a production run on the same
 * origin is removed instead, so it never serves stale files to the dev server.
 *
 * @module
 */
import { PWA_PATHS } from "./manifest";

/**
 * Registers `/sw.js` (scope `/`, its updates never from the HTTP cache) after the `load` event.
 * Does nothing where the browser has no service workers. Errors are logged, never thrown.
 */
export function registerServiceWorker(): void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  if (!import.meta.env.PROD) {
    void navigator.serviceWorker.getRegistrations().then((all) => all.forEach((r) => void r.unregister()));
    return;
  }
  const register = () => {
    navigator.serviceWorker
      .register(PWA_PATHS.serviceWorker, { scope: "/", updateViaCache: "none" })
      .catch((error: unknown) => console.warn("[pwa] service worker not registered:", error));
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
