/**
 * One-shot messages carried across a redirect in a short-lived cookie: a toast (SPEC §8, one
 * shown at a time) or an info notice on the next page (SPEC §2 /auth/login "a message passed
 * via navigation state is shown once"). The root loader reads and clears it.
 *
 * @module
 */
import { createCookie } from "react-router";

/** What the next page shows once. */
export interface Flash {
  toast?: { title: string; description?: string; kind?: "success" | "error" | "info" };
  /** Info notice shown on the login page (e.g. "confirm your e-mail"). */
  notice?: string;
}

const cookie = createCookie("borssnack_flash", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60,
});

/**
 * A `Set-Cookie` header value that carries `flash` to the next request.
 *
 * @param flash toast and/or notice (text from the catalogue)
 * @returns header value for `Set-Cookie`
 */
export function setFlash(flash: Flash): Promise<string> {
  return cookie.serialize(flash);
}

/**
 * Reads the flash of a request.
 *
 * @returns the flash (or null) and, when one was present, the `Set-Cookie` value that clears it
 */
export async function readFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const value = (await cookie.parse(request.headers.get("Cookie"))) as Flash | null;
  if (!value || typeof value !== "object") return { flash: null, clear: null };
  const flash: Flash = {};
  if (value.toast && typeof value.toast.title === "string") flash.toast = value.toast;
  if (typeof value.notice === "string") flash.notice = value.notice;
  return { flash, clear: await cookie.serialize("", { maxAge: 0 }) };
}
