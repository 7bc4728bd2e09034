/**
 * The client's address as the server saw it, carried in a request header that `server/app.ts`
 * overwrites on every request (a client cannot spoof it).
 *
 * @module
 */

/** Request header with the socket's remote address. */
export const CLIENT_IP_HEADER = "x-borssnack-client-ip";

/**
 * @param request an incoming request that passed through `server/app.ts`
 * @returns the client's IP address, or `unknown` (tests calling actions directly)
 */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}
