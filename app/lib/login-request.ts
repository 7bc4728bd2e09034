/**
 * Password sign-in from the browser with the spec's time-out and retries (SPEC §7: aborts after
 * 12 s, up to 2 retries with waits of 0 s then 1 s).
 *
 * @module
 */

/** Abort a sign-in request after this long (ms). */
export const SIGN_IN_TIMEOUT_MS = 12_000;
/** Waits before the 1st and 2nd retry (ms). */
export const SIGN_IN_RETRY_WAITS_MS = [0, 1000] as const;

/** What {@link postLogin} resolves to. */
export type LoginOutcome<T> = { kind: "answer"; status: number; body: T } | { kind: "timeout" } | { kind: "network" };

/**
 * POSTs a login form, retrying on time-out, network failure and 502/503/504.
 *
 * @param url endpoint (`/api/login`)
 * @param body the form fields
 * @param options overrides for tests: time-out and waits (ms), and `fetch`
 * @returns the server's JSON answer, or `timeout` / `network` after the last try
 */
export async function postLogin<T>(
  url: string,
  body: URLSearchParams,
  options: { timeoutMs?: number; waitsMs?: readonly number[]; fetchImpl?: typeof fetch } = {},
): Promise<LoginOutcome<T>> {
  const timeoutMs = options.timeoutMs ?? SIGN_IN_TIMEOUT_MS;
  const waits = options.waitsMs ?? SIGN_IN_RETRY_WAITS_MS;
  const doFetch = options.fetchImpl ?? fetch;
  let last: LoginOutcome<T> = { kind: "network" };
  for (let attempt = 0; attempt <= waits.length; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, waits[attempt - 1]));
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const res = await doFetch(url, {
        method: "POST",
        body,
        signal: controller.signal,
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
      if (res.status === 502 || res.status === 503 || res.status === 504) {
        last = { kind: "network" };
        continue;
      }
      return { kind: "answer", status: res.status, body: (await res.json()) as T };
    } catch (error) {
      last = controller.signal.aborted ? { kind: "timeout" } : { kind: "network" };
    } finally {
      clearTimeout(timer);
    }
  }
  return last;
}
