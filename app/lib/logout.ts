/**
 * Logging out in the browser: what the member leaves behind on this device goes with the session.
 * Unsent drafts are cleared, and this browser's push subscription is unsubscribed and its
 * endpoint sent with the logout so the server removes the device too (app/routes/auth-logout.tsx),
 * so the next person at a shared computer gets none of the member's pushes.
 *
 * @module
 */
import { useSubmit } from "react-router";
import { clearAllDrafts } from "./drafts";

/** Longest wait for the service worker and the push manager before logging out anyway (ms). */
export const LEAVE_DEVICE_TIMEOUT_MS = 2_000;

/**
 * Unsubscribes this browser's push subscription, if it has one.
 *
 * @returns the subscription's endpoint (to remove on the server), or null when there is none,
 *   push is not supported, or it took longer than {@link LEAVE_DEVICE_TIMEOUT_MS}; never throws
 */
export async function leavePushDevice(): Promise<string | null> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return null;
  const work = (async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    if (!subscription) return null;
    const endpoint = subscription.endpoint;
    await subscription.unsubscribe().catch(() => false);
    return endpoint;
  })().catch(() => null);
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), LEAVE_DEVICE_TIMEOUT_MS));
  return Promise.race([work, timeout]);
}

/**
 * @returns a function that logs out: clears the drafts, leaves the push device
 *   ({@link leavePushDevice}) and posts `/auth/logout` with `endpoint` when there was one
 */
export function useLogout(): () => Promise<void> {
  const submit = useSubmit();
  return async () => {
    clearAllDrafts();
    const endpoint = await leavePushDevice();
    await submit(endpoint ? { endpoint } : null, { method: "post", action: "/auth/logout" });
  };
}
