/**
 * 'Aktivera pushnotifieringar på den här enheten' (Web Push): turns push on or off for this
 * browser. Needs no props: it finds the registered service worker
 * (`navigator.serviceWorker.ready`, registered by `app/pwa/register.ts` in production builds),
 * asks for permission (`Notification.requestPermission()`), fetches the VAPID public key from
 * `GET /api/push`, subscribes (`pushManager.subscribe({ userVisibleOnly: true,
 * applicationServerKey })`) and stores the subscription with `POST /api/push`; turning it off
 * sends `DELETE /api/push` and unsubscribes the browser.
 *
 * States, all in Swedish from the catalogue group `webPush`: checking; not supported (no service
 * worker or Push API, or no worker within 5 s — e.g. the dev server); off (the enable button);
 * on ('Pushnotifieringar är på för den här enheten' and the disable button); and the errors —
 * permission denied (how to allow it), the question dismissed, the browser's push service
 * failing to subscribe (a headless browser without one), the server refusing to store it. Never
 * throws: every failure becomes a message. The lead mounts it in the settings page 'Notifieringar'.
 *
 * @module
 */
import { BellOff, BellRing } from "lucide-react";
import { useEffect, useState } from "react";
import { webPush as wp } from "../../../domain/i18n/sv";
import { buttonClass } from "../ui/button";
import { FormError } from "../ui/field";

/** Where the toggle stands. */
type PushState = "checking" | "unsupported" | "off" | "on" | "working";

/** How long to wait for a service worker to be registered before calling push unsupported (ms). */
const WORKER_WAIT_MS = 5_000;
/**
 * How long to wait for a registered service worker to become active (ms): its install precaches
 * the app (about 0.9 MB), which on a slow or busy device takes longer than {@link WORKER_WAIT_MS}
 * (the toggle said 'unsupported' in CI while the worker was still installing, 2026-11-27).
 */
const INSTALLING_WAIT_MS = 60_000;

/**
 * The service worker's registration once active, or null when none is registered within
 * {@link WORKER_WAIT_MS} (or a registered one is not active within {@link INSTALLING_WAIT_MS}).
 */
async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return null;
  if (typeof window === "undefined" || !("PushManager" in window) || !("Notification" in window)) return null;
  const after = (ms: number) => new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));
  const ready = navigator.serviceWorker.ready;
  const early = await Promise.race([ready, after(WORKER_WAIT_MS)]);
  if (early) return early;
  // Registered but still installing: keep waiting for it.
  const registered = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  if (!registered) return null;
  return Promise.race([ready, after(INSTALLING_WAIT_MS - WORKER_WAIT_MS)]);
}

/** base64url → bytes (the VAPID public key as `applicationServerKey`). */
function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(value.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The server's Swedish error from a JSON answer, else `fallback`. */
async function answerError(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === "string" && body.error ? body.error : fallback;
}

/** The toggle; renders 'Kontrollerar pushnotiser …' on the server and until the browser answers. */
export function PushDeviceToggle() {
  const [state, setState] = useState<PushState>("checking");
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const registration = await workerRegistration();
        if (!live) return;
        if (!registration) return setState("unsupported");
        const subscription = await registration.pushManager.getSubscription();
        if (!live) return;
        setState(subscription ? "on" : "off");
        if (!subscription && Notification.permission === "denied") setError(wp.denied);
      } catch {
        if (live) setState("unsupported");
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  async function enable() {
    setError(undefined);
    setState("working");
    try {
      const registration = await workerRegistration();
      if (!registration) return setState("unsupported");
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setError(permission === "denied" ? wp.denied : wp.permissionDismissed);
        return setState("off");
      }
      const keyAnswer = await fetch("/api/push", { headers: { Accept: "application/json" } });
      if (!keyAnswer.ok) {
        setError(await answerError(keyAnswer, wp.saveFailed));
        return setState("off");
      }
      const { publicKey } = (await keyAnswer.json()) as { publicKey: string };
      let subscription: PushSubscription;
      try {
        subscription = await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: base64UrlBytes(publicKey),
        });
      } catch {
        setError(wp.subscribeFailed);
        return setState("off");
      }
      const json = subscription.toJSON();
      const saved = await fetch("/api/push", {
        method: "POST",
        headers: { Accept: "application/json" },
        body: new URLSearchParams({ endpoint: json.endpoint ?? "", p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" }),
      });
      if (!saved.ok) {
        setError(await answerError(saved, wp.saveFailed));
        await subscription.unsubscribe().catch(() => false);
        return setState("off");
      }
      await saved.arrayBuffer();
      setState("on");
    } catch {
      setError(wp.subscribeFailed);
      setState("off");
    }
  }

  async function disable() {
    setError(undefined);
    setState("working");
    try {
      const registration = await workerRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        const removed = await fetch("/api/push", {
          method: "DELETE",
          headers: { Accept: "application/json" },
          body: new URLSearchParams({ endpoint: subscription.endpoint }),
        });
        if (!removed.ok) {
          setError(await answerError(removed, wp.unsubscribeFailed));
          return setState("on");
        }
        await removed.arrayBuffer();
        await subscription.unsubscribe().catch(() => false);
      }
      setState("off");
    } catch {
      setError(wp.unsubscribeFailed);
      setState("on");
    }
  }

  return (
    <section aria-labelledby="push-device-heading" className="space-y-2" data-testid="push-device-toggle" data-state={state}>
      <h3 id="push-device-heading" className="font-semibold text-slate-900">
        {wp.heading}
      </h3>
      {state === "checking" && <p className="text-sm text-slate-600">{wp.checking}</p>}
      {state === "unsupported" && <p className="text-sm text-slate-700">{wp.unsupported}</p>}
      {state === "on" && (
        <p role="status" className="text-sm font-medium text-emerald-800">
          {wp.enabled}
        </p>
      )}
      {(state === "off" || state === "working") && <p className="text-sm text-slate-600">{wp.disabledInfo}</p>}
      <FormError message={error} />
      {state === "on" ? (
        <button type="button" className={buttonClass("secondary", "max-w-full whitespace-normal text-left")} onClick={() => void disable()}>
          <BellOff aria-hidden className="size-4 shrink-0" />
          {wp.disable}
        </button>
      ) : state === "off" || state === "working" ? (
        <button
          type="button"
          className={buttonClass("primary", "max-w-full whitespace-normal text-left")}
          disabled={state === "working"}
          aria-busy={state === "working"}
          onClick={() => void enable()}
        >
          <BellRing aria-hidden className="size-4 shrink-0" />
          {state === "working" ? wp.working : wp.enable}
        </button>
      ) : null}
    </section>
  );
}
