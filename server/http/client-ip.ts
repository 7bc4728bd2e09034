/**
 * The client's address as the server saw it, carried in a request header that `server/http/app.ts`
 * overwrites on every request (a client cannot spoof it).
 *
 * @module
 */
import ipaddr from "ipaddr.js";

/** Request header with the socket's remote address. */
export const CLIENT_IP_HEADER = "x-borssnack-client-ip";

/**
 * @param request an incoming request that passed through `server/http/app.ts`
 * @returns the client's IP address, or `unknown` (tests calling actions directly)
 */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

/**
 * The key an address is counted under by the abuse limits (`server/accounts/sign-in-lockout.ts`,
 * `server/abuse/action-limits.ts`). An IPv6 client is keyed by its /64, the block one subscriber gets
 * (RFC 6177), so rotating through it does not escape a per-address limit; an IPv4-mapped IPv6
 * address (`::ffff:192.0.2.1`) counts as the IPv4 address. Anything that is not an address
 * (`unknown` in tests) is returned unchanged.
 *
 * @param ip the client's address as {@link clientIp} gives it
 * @returns `192.0.2.1`, or `2001:db8:1:2::/64` for any address in that /64
 */
export function ipLimitKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.parse(ip);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const parts = v6.parts.slice(0, 4).concat([0, 0, 0, 0]);
  return `${new ipaddr.IPv6(parts).toString()}/64`;
}
