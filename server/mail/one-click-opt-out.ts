/**
 * The shared loader and action of the two one-click opt-out pages (RFC 8058 `List-Unsubscribe`):
 * `/avregistrera` (admins' bulk mail) and `/avregistrera-notiser` (notification
 * e-mail). Each page passes its own token check and its own effect; the rest — the 10-a-minute
 * limit per address, the 400 for a wrong token, the answer shapes — is one rule, kept here.
 *
 * @module
 */
import { data } from "react-router";
import { clientIp } from "../http/client-ip";
import { RateLimitedError } from "../platform/errors";
import type { Services } from "../platform/services";

/** What an opt-out page answers: the link's validity, whether it was done, a limit message. */
export interface OptOutAnswer {
  valid: boolean;
  done: boolean;
  limited?: string;
}

/** A page's own parts. */
export interface OptOutKind {
  /** Whether `token` is the page's token for `userId` (HMAC with the server secret). */
  verify(secret: string, userId: unknown, token: unknown): boolean;
  /** Applies the opt-out; false when there is no such member. */
  apply(services: Services, userId: string): Promise<boolean>;
}

/**
 * The GET: checks the link only (a link scanner's visit changes nothing).
 *
 * @returns `{ valid, done: false }`, status 400 for a wrong token
 */
export function optOutLoader(services: Services, request: Request, kind: OptOutKind) {
  const url = new URL(request.url);
  const valid = kind.verify(services.config.authSecret, url.searchParams.get("u"), url.searchParams.get("t"));
  return data<OptOutAnswer>({ valid, done: false }, { status: valid ? 200 : 400 });
}

/**
 * The POST (the page's button, or a mail client's one-click request): counted by address, 10 a
 * minute (limit `unsubscribe`), then the token, then the effect.
 *
 * @returns `{ valid: true, done: true }`; 400 `{ valid: false }` for a wrong token or an unknown
 *   member; 429 `{ limited }` with `Retry-After` over the limit
 */
export async function optOutAction(services: Services, request: Request, kind: OptOutKind) {
  const url = new URL(request.url);
  const userId = url.searchParams.get("u");
  try {
    await services.actionLimits.enforce("unsubscribe", { userId: null, ip: clientIp(request) });
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    return data<OptOutAnswer>(
      { valid: true, done: false, limited: error.message },
      { status: 429, headers: { "Retry-After": String(error.retryAfterS) } },
    );
  }
  if (!kind.verify(services.config.authSecret, userId, url.searchParams.get("t"))) {
    return data<OptOutAnswer>({ valid: false, done: false }, { status: 400 });
  }
  if (!(await kind.apply(services, userId!))) return data<OptOutAnswer>({ valid: false, done: false }, { status: 400 });
  return data<OptOutAnswer>({ valid: true, done: true });
}
