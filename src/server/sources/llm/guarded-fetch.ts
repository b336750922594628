import dns, { type LookupAddress } from "node:dns";
import net from "node:net";
import { Agent } from "undici";
import { upstreamFetch } from "@/server/sources/http/upstream-agent";

/**
 * The fetch a user's custom model server is called with. A base URL is the user's to choose,
 * so on a server with many users it must not reach what only the server can reach (server-side
 * request forgery): private, loopback, link-local (cloud metadata at 169.254.169.254),
 * carrier-grade NAT, multicast and reserved addresses are refused, unless the operator allows
 * them (LLM_ALLOW_PRIVATE_BASE_URLS, for a model server on the same machine or network).
 *
 * A host name is checked at connection time, on the addresses the connection will use (the
 * check and the connection share one DNS answer, so a name cannot resolve to a public address
 * for the check and a private one for the call); a literal address is checked before anything
 * is sent. Redirects are not followed.
 */

export class BlockedAddressError extends Error {
  constructor(readonly host: string) {
    super(`The base URL points at a private or local address (${host}), which this server does not allow.`);
    this.name = "BlockedAddressError";
  }
}

/** IPv4 networks a user's base URL may not reach. */
const BLOCKED_IPV4: readonly [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];

/**
 * IPv6 networks refused whole: unspecified and loopback, the deprecated IPv4-compatible form
 * (`::a.b.c.d`, which some stacks still send to the IPv4 address), local-use NAT64
 * (64:ff9b:1::/48, translated inside the operator's own network), discard-only, the IETF
 * protocol block (Teredo among them: it reaches an IPv4 host through a relay), unique-local,
 * link-local, site-local, multicast and documentation. No model server lives at any of them.
 */
const BLOCKED_IPV6: readonly [string, number][] = [
  ["::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
];

/**
 * IPv6 forms that carry an IPv4 address the packet ends up at: IPv4-mapped (::ffff:0:0/96),
 * IPv4-translated (::ffff:0:0:0/96), NAT64's well-known prefix (64:ff9b::/96, RFC 6052) and
 * 6to4 (2002::/16, the IPv4 address in bits 16-47). Each blocked IPv4 network is blocked
 * inside each of them too, so "[64:ff9b::7f00:1]" is judged as 127.0.0.1 while a public
 * address behind NAT64 stays reachable.
 */
const IPV4_EMBEDDINGS: readonly ((ipv4: string, prefix: number) => [string, number])[] = [
  (ipv4, prefix) => [`::ffff:${ipv4}`, 96 + prefix],
  (ipv4, prefix) => [`::ffff:0:${ipv4}`, 96 + prefix],
  (ipv4, prefix) => [`64:ff9b::${ipv4}`, 96 + prefix],
  (ipv4, prefix) => {
    const [a, b, c, d] = ipv4.split(".").map(Number) as [number, number, number, number];
    const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
    return [`2002:${hex(a, b)}:${hex(c, d)}::`, 16 + prefix];
  },
];

// Node's BlockList parses every textual form of an address (compressed, mixed with a dotted
// IPv4 tail, zero-padded), so the rules are judged on the address, not on how it is written.
const blocked = new net.BlockList();
for (const [network, prefix] of BLOCKED_IPV4) {
  blocked.addSubnet(network, prefix, "ipv4");
  for (const embed of IPV4_EMBEDDINGS) {
    const [inside, insidePrefix] = embed(network, prefix);
    blocked.addSubnet(inside, insidePrefix, "ipv6");
  }
}
for (const [network, prefix] of BLOCKED_IPV6) blocked.addSubnet(network, prefix, "ipv6");

/** Whether an IP address (v4 or v6, bracketed or with a zone) is one a user's base URL may not reach. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = net.isIP(bare);
  if (family === 0) return true;
  return blocked.check(bare, family === 4 ? "ipv4" : "ipv6");
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup, keeping only public addresses; fails with BlockedAddressError when none is left. */
function publicLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const allowed = addresses.filter((entry) => !isPrivateAddress(entry.address));
    if (allowed.length === 0) return callback(Object.assign(new BlockedAddressError(hostname), { code: "EBLOCKED" }), []);
    if (options.all) return callback(null, allowed);
    callback(null, allowed[0]!.address, allowed[0]!.family);
  });
}

const publicOnlyAgent = new Agent({
  keepAliveTimeout: 30_000,
  connect: { lookup: publicLookup as unknown as net.LookupFunction },
});

/**
 * A fetch for a base URL that came from a user. With `allowPrivate` it is the ordinary
 * upstream fetch; without, private destinations are refused. Never follows redirects.
 */
export function createGuardedFetch(options: { allowPrivate: boolean }): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new BlockedAddressError(url.protocol);
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (!options.allowPrivate && net.isIP(host) !== 0 && isPrivateAddress(host)) throw new BlockedAddressError(host);
    const request = { ...init, redirect: "error" as const };
    if (options.allowPrivate) return upstreamFetch(input, request);
    return fetch(input, { ...request, dispatcher: publicOnlyAgent } as RequestInit);
  };
}

/**
 * Checks a custom provider's base URL before it is saved: http(s), no credentials in it, and
 * (unless private addresses are allowed) a host that resolves to public addresses only.
 * Returns the problem in words, or null when the URL may be used.
 */
export async function baseUrlProblem(value: string, options: { allowPrivate: boolean }): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "The base URL is not a valid URL.";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "The base URL must start with http:// or https://.";
  if (url.username || url.password) return "The base URL must not contain a user name or password; put the key in the API key field.";
  if (options.allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) !== 0) return isPrivateAddress(host) ? new BlockedAddressError(host).message : null;
  try {
    const addresses = await dns.promises.lookup(host, { all: true });
    if (addresses.length === 0 || addresses.some((entry) => isPrivateAddress(entry.address))) return new BlockedAddressError(host).message;
    return null;
  } catch {
    return `The base URL's host ${host} could not be found.`;
  }
}
