/**
 * Which hosts a stored Web Push endpoint may point at: the browsers' own push services, plus
 * the hosts an operator adds for a self-hosted push server (`PUSH_SERVICE_HOSTS`,
 * server/platform/config.ts). The forum POSTs every push to the stored endpoint, so an endpoint that could
 * name any host would let a member make the server send requests into its own network (SSRF).
 * Pure: no database, no Node built-ins. docs/decisions/031-web-push.md "Where pushes may go".
 *
 * A host pattern is a lower-case host name (`fcm.googleapis.com`) or `*.` and a domain
 * (`*.push.apple.com`), which matches every subdomain at any depth but not the domain itself.
 *
 * @module
 */

/**
 * The push services browsers subscribe with (host patterns):
 *
 * - Chrome, Edge on Android, Opera, Samsung Internet: Firebase Cloud Messaging
 *   (`fcm.googleapis.com`; older subscriptions `android.googleapis.com`);
 * - Firefox: Mozilla autopush (`updates.push.services.mozilla.com`, and its other
 *   `*.push.services.mozilla.com` hosts);
 * - Safari (macOS 13+, iOS 16.4+ home-screen apps): Apple (`web.push.apple.com`; Apple asks
 *   servers with an allow-list to allow `*.push.apple.com`);
 * - Edge on Windows: Windows Push Notification Services (`<node>.notify.windows.com`).
 */
export const PUSH_SERVICE_HOSTS_BUILT_IN: readonly string[] = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "updates.push.services.mozilla.com",
  "*.push.services.mozilla.com",
  "*.push.apple.com",
  "*.notify.windows.com",
];

/** A host name label: letters, digits, hyphens, not starting or ending with a hyphen. */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Checks and normalises one host pattern as an operator writes it in `PUSH_SERVICE_HOSTS`.
 *
 * @param entry e.g. `push.example.org`, `*.example.org`, `PUSH.Example.org.` (any case,
 *   surrounding spaces and a trailing dot are dropped)
 * @returns the pattern in lower case without a trailing dot, or `null` when it is not a host
 *   name of at least two labels, optionally behind `*.` (IP addresses, ports, paths, `*` alone
 *   and `*.org`-style single-label wildcards are refused)
 */
export function normalizeHostPattern(entry: string): string | null {
  const value = entry.trim().toLowerCase().replace(/\.$/, "");
  const wildcard = value.startsWith("*.");
  const host = wildcard ? value.slice(2) : value;
  const labels = host.split(".");
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  // The last label of a real domain is never all digits: that would be an IPv4 address.
  if (/^\d+$/.test(labels[labels.length - 1]!)) return null;
  return wildcard ? `*.${host}` : host;
}

/**
 * Whether a host matches a pattern.
 *
 * @param host a URL's `hostname` (any case; a trailing dot is ignored)
 * @param pattern a normalised pattern ({@link normalizeHostPattern})
 * @returns true for an exact match, or for a subdomain of a `*.` pattern's domain
 */
export function hostMatchesPattern(host: string, pattern: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  if (pattern.startsWith("*.")) return h.endsWith(pattern.slice(1)) && h.length > pattern.length - 1;
  return h === pattern;
}

/**
 * Whether a host belongs to a known push service.
 *
 * @param host a URL's `hostname`
 * @param extraHosts the operator's patterns (`AppConfig.pushServiceHosts`), added to
 *   {@link PUSH_SERVICE_HOSTS_BUILT_IN}
 * @returns true when some pattern matches
 */
export function isPushServiceHost(host: string, extraHosts: readonly string[] = []): boolean {
  return [...PUSH_SERVICE_HOSTS_BUILT_IN, ...extraHosts].some((pattern) => hostMatchesPattern(host, pattern));
}

/** Options of {@link pushEndpointProblem}. */
export interface PushEndpointRules {
  /** The operator's extra host patterns (`PUSH_SERVICE_HOSTS`). */
  extraHosts?: readonly string[];
  /**
   * Tests' local receivers only: also accept `http:` and any port. Production code never sets it.
   */
  allowHttpForTests?: boolean;
}

/**
 * What is wrong with an endpoint, if anything, before anything is sent to it.
 *
 * @param endpoint the stored or posted endpoint URL
 * @param rules extra hosts; the test-only `http:` allowance
 * @returns `null` when it may be used; `"invalid"` when it is not an `https:` URL without user
 *   info; `"unknownService"` when its host is no known push service; `"invalid"` when a known
 *   service's endpoint names a port other than the default (443)
 */
export function pushEndpointProblem(endpoint: string, rules: PushEndpointRules = {}): null | "invalid" | "unknownService" {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "invalid";
  }
  const protocols = rules.allowHttpForTests ? ["https:", "http:"] : ["https:"];
  if (!protocols.includes(url.protocol) || url.hostname === "" || url.username || url.password) return "invalid";
  if (!isPushServiceHost(url.hostname, rules.extraHosts)) return "unknownService";
  return url.port !== "" && !rules.allowHttpForTests ? "invalid" : null;
}
