/**
 * What the service worker does with a Web Push message: the payload
 * `{title, body, url}` becomes a notification; a click focuses or opens `url`. Pure functions so
 * the rules are tested without a browser (`notifications.test.ts`); `service-worker.ts` calls them.
 *
 * @module
 */
import { pwa } from "../../domain/i18n/sv";
import { ICONS } from "./manifest";

/** The notification a push message shows: `showNotification(title, options)`. */
export interface PushNotification {
  title: string;
  options: { body: string; icon: string; badge: string; lang: "sv"; tag?: string; data: { url: string } };
}

/** Longest title and body shown (characters); a longer one is cut with '…'. */
export const PUSH_LIMITS = { title: 120, body: 400 } as const;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Turns a push payload into a notification.
 *
 * @param payload the message's data parsed as JSON (`{title?, body?, url?, tag?}`), a plain text
 *   (used as the body), or null/anything else (an empty message)
 * @param origin the worker's origin (`self.location.origin`), e.g. "https://borssnack.se"
 * @returns the title (the payload's, else 'Börssnack'), body, icon, and `data.url`: the payload's
 *   url when it is on `origin`, else "/" (a push can never send the member off-site)
 */
export function notificationFromPush(payload: unknown, origin: string): PushNotification {
  const fields = typeof payload === "string" ? { body: payload } : payload && typeof payload === "object" ? (payload as Record<string, unknown>) : {};
  const title = typeof fields.title === "string" && fields.title.trim() ? fields.title.trim() : pwa.notificationFallbackTitle;
  const body = typeof fields.body === "string" ? fields.body : "";
  const tag = typeof fields.tag === "string" && fields.tag ? fields.tag : undefined;
  return {
    title: clip(title, PUSH_LIMITS.title),
    options: {
      body: clip(body, PUSH_LIMITS.body),
      icon: ICONS[0]!.src,
      badge: ICONS[0]!.src,
      lang: "sv",
      ...(tag ? { tag } : {}),
      data: { url: sameOriginPath(fields.url, origin) },
    },
  };
}

/**
 * The address a notification click opens.
 *
 * @param url the payload's url: a path ("/forum/notifications") or an absolute URL
 * @param origin the worker's origin
 * @returns path + query + hash when `url` resolves on `origin`, else "/"
 */
export function sameOriginPath(url: unknown, origin: string): string {
  if (typeof url !== "string" || !url) return "/";
  try {
    const target = new URL(url, origin);
    if (target.origin !== origin) return "/";
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return "/";
  }
}

/** A window of the app the worker can see (the parts of `WindowClient` it uses). */
export interface AppWindow {
  url: string;
  focused?: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/**
 * Picks what a notification click does: focus a window already showing `path`, else bring an
 * open window of the app to `path`, else open a new window.
 *
 * @param windows the app's open windows (`clients.matchAll({type: "window"})`)
 * @param path the notification's `data.url` (a same-origin path)
 * @param origin the worker's origin
 * @returns `{focus}` (already there), `{navigate}` (reuse that window) or `{open: path}`
 */
export function clickTarget(
  windows: readonly AppWindow[],
  path: string,
  origin: string,
): { focus: AppWindow } | { navigate: AppWindow } | { open: string } {
  const wanted = new URL(path, origin).href;
  const same = windows.find((w) => w.url === wanted);
  if (same) return { focus: same };
  const any = windows.find((w) => w.focused) ?? windows[0];
  if (any) return { navigate: any };
  return { open: path };
}
