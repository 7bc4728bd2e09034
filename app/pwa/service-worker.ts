/**
 * The service worker, bundled by `scripts/pwa-plugin.ts` into
 * `build/client/sw.js`, where Workbox's `injectManifest` fills in `self.__WB_MANIFEST`.
 *
 * - Precaches the client build's hashed assets (`assets/*.js|css|woff2`), the icons and the
 *   offline page, and serves them cache-first (Workbox precaching; old precaches are removed).
 * - Page navigations (GET) go to the network only, never into a cache; when the network fails
 *   the precached offline page ('Du är offline') answers instead.
 * - Everything else — `/api/*` (the SSE stream `/api/events` too), `/auth/*`, `/uploads/*`,
 *   `.data` loader requests, form posts — is not intercepted at all: the browser fetches it as
 *   if there were no worker.
 * - `push`: shows a notification from a JSON payload `{title, body, url}`;
 *   `notificationclick`: focuses or opens `url` (same-origin only).
 *
 * See docs/decisions/027-installable-app.md.
 *
 * @module
 */
import { clientsClaim } from "workbox-core";
import { enable as enableNavigationPreload } from "workbox-navigation-preload";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkOnly } from "workbox-strategies";
import { PWA_PATHS } from "./manifest";
import { clickTarget, notificationFromPush, type AppWindow } from "./notifications";

/** The parts of the worker's global scope used here (the DOM lib has no WebWorker types). */
interface WorkerScope {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: { origin: string };
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<AppWindow[]>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "push", listener: (event: PushEventLike) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEventLike) => void): void;
}
interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { json(): unknown; text(): string } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  notification: { data?: { url?: string }; close(): void };
}

declare const self: WorkerScope;

// A new version takes over at once (the precache holds only content-hashed files, so pages of the
// previous build still find theirs on the server or in the cache until it is cleaned up).
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST, { cleanURLs: false, directoryIndex: "" });
// The browser starts the page request while the worker boots; the network answer is used as is.
enableNavigationPreload();

// Pages hold personal data: network only, never cached; the offline page when there is no network.
registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      plugins: [
        {
          handlerDidError: async () => (await matchPrecache(PWA_PATHS.offlinePage)) ?? Response.error(),
        },
      ],
    }),
    // API answers (downloads such as /api/my-data) and uploaded files opened in a tab are left to
    // the browser entirely.
    { denylist: [/^\/api\//, /^\/uploads\//] },
  ),
);

self.addEventListener("push", (event) => {
  let payload: unknown = null;
  try {
    payload = event.data?.json() ?? null;
  } catch {
    payload = event.data?.text() ?? null;
  }
  const { title, options } = notificationFromPush(payload, self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = event.notification.data?.url ?? "/";
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const target = clickTarget(windows, path, self.location.origin);
      if ("focus" in target) return target.focus.focus();
      if ("navigate" in target) {
        await target.navigate.navigate(path);
        return target.navigate.focus();
      }
      return self.clients.openWindow(target.open);
    })(),
  );
});
