/**
 * Expected failures of commands and queries (ARCHITECTURE.md "How a request flows" step 5).
 *
 * @module
 */

/** An expected failure: HTTP status plus a Swedish message for the user. */
export class ForumError extends Error {
  /**
   * @param status 400 bad input, 401 not logged in, 403 not allowed, 404 missing, 409 conflict,
 *   413 too large, 415 unsupported media type, 429 too many requests
   * @param message Swedish text from the catalogue, shown to the user
   * @param title optional toast title (catalogue string)
   */
  constructor(
    public readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503,
    message: string,
    public readonly title?: string,
  ) {
    super(message);
    this.name = "ForumError";
  }
}

/** PostgreSQL error code of a thrown driver error (`23505` unique violation, …), if any. */
export function pgCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * An abuse limit refused the request: HTTP 429 whose answer carries
 * `Retry-After: retryAfterS` (see `server/abuse/action-limits.ts`, `failure()` in `server/http/forms.ts`).
 */
export class RateLimitedError extends ForumError {
  /**
   * @param message Swedish text from the catalogue (`abuseLimits` group), saying when to retry
   * @param retryAfterS seconds until the request would be accepted (≥ 1)
   * @param title toast title (catalogue string)
   */
  constructor(
    message: string,
    public readonly retryAfterS: number,
    title?: string,
  ) {
    super(429, message, title);
    this.name = "RateLimitedError";
  }
}

/**
 * The `Retry-After` header for an error that is a {@link RateLimitedError}, else none.
 *
 * @returns `{ "Retry-After": "<seconds>" }` or `{}`
 */
export function retryAfterHeaders(error: unknown): Record<string, string> {
  return error instanceof RateLimitedError ? { "Retry-After": String(error.retryAfterS) } : {};
}
