/**
 * Where a push may connect: the addresses of a push endpoint's host, resolved once, every one of
 * them public, and the connection then made to exactly those addresses (no second lookup that a
 * DNS rebinding could answer differently). docs/decisions/031-web-push.md "Where pushes may go".
 *
 * "Public" is what `ipaddr.js` calls `unicast` after `process()` (which turns `::ffff:a.b.c.d`
 * into `a.b.c.d`), minus benchmarking `198.18.0.0/15`, and for IPv6 only global unicast
 * `2000::/3`. Refused: loopback, private (RFC 1918), link-local (incl. `169.254.169.254`),
 * carrier-grade NAT, unique-local `fc00::/7`, multicast, broadcast, unspecified, the
 * documentation and reserved blocks, 6to4/Teredo/NAT64 (they embed IPv4 addresses) and
 * site-local `fec0::/10`.
 *
 * @module
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import ipaddr from "ipaddr.js";

/** A resolver with `dns.lookup`'s `{ all: true }` shape (tests pass their own). */
export type PushLookup = (hostname: string) => Promise<LookupAddress[]>;

/** `dns.lookup(host, { all: true })`: the system resolver, as every other connection uses. */
export const systemLookup: PushLookup = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

const BENCHMARKING = ipaddr.parseCIDR("198.18.0.0/15") as [ipaddr.IPv4, number];
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3") as [ipaddr.IPv6, number];

/**
 * Whether an IP address is on the public internet.
 *
 * @param address an IPv4 or IPv6 address in any form `ipaddr.js` parses (`127.0.0.1`, `::1`,
 *   `::ffff:7f00:1`; IPv6 without brackets)
 * @returns true only for public unicast addresses; false for everything in the module comment's
 *   list and for text that is not an address
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  if (ip.range() !== "unicast") return false;
  if (ip.kind() === "ipv4") return !(ip as ipaddr.IPv4).match(BENCHMARKING);
  return (ip as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

/** What {@link resolvePublicAddresses} found. */
export type ResolvedHost =
  /** Every address is public: connect to these (`family` 4 or 6). */
  | { ok: true; addresses: LookupAddress[] }
  /** Some address is not public (the first such one, for the log); nothing may be sent. */
  | { ok: false; address: string };

/**
 * Resolves a URL's host and checks every address.
 *
 * @param hostname a URL's `hostname`: a name, an IPv4 literal (the URL parser has already turned
 *   `0x7f000001`, `2130706433` and `127.1` into `127.0.0.1`) or a bracketed IPv6 literal
 * @param options.lookup the resolver (default {@link systemLookup}); `allowPrivateForTests` lets
 *   tests' loopback receivers through — production code never sets it
 * @returns the vetted addresses, or the first non-public one
 * @throws the resolver's error (`ENOTFOUND`, a timeout): a transient failure, retried later
 */
export async function resolvePublicAddresses(
  hostname: string,
  options: { lookup?: PushLookup; allowPrivateForTests?: boolean } = {},
): Promise<ResolvedHost> {
  const literal = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  const addresses = ipaddr.isValid(literal)
    ? [{ address: literal, family: ipaddr.parse(literal).kind() === "ipv6" ? 6 : 4 }]
    : await (options.lookup ?? systemLookup)(hostname);
  if (addresses.length === 0) throw new Error(`no address for ${hostname}`);
  if (!options.allowPrivateForTests) {
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) return { ok: false, address: bad.address };
  }
  return { ok: true, addresses };
}

/**
 * A `lookup` for `http(s).request` that answers only the vetted addresses, so the socket
 * connects where {@link resolvePublicAddresses} looked and nowhere else. Handles both call
 * shapes Node uses (`all: true` with happy eyeballs, one address otherwise) and a `family` hint.
 *
 * @param addresses the vetted addresses (at least one)
 * @returns a function with `dns.lookup`'s signature
 */
export function pinnedLookup(addresses: LookupAddress[]) {
  return (
    _hostname: string,
    options: { all?: boolean; family?: number | string } | number | undefined,
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    const opts = typeof options === "object" && options !== null ? options : { family: options };
    const family = opts.family === "IPv4" ? 4 : opts.family === "IPv6" ? 6 : Number(opts.family ?? 0);
    const fitting = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
    const list = fitting.length > 0 ? fitting : addresses;
    if (opts.all) callback(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  };
}
