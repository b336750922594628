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

const blocked = new net.BlockList();
for (const [network, prefix] of [
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
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address inside an IPv4-mapped or NAT64 IPv6 address ("::ffff:127.0.0.1"), else null. */
function embeddedIpv4(address: string): string | null {
  const match = /^(?:::ffff:|64:ff9b::)(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (match) return match[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether an IP address (v4 or v6) is one a user's base URL may not reach. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = net.isIP(bare);
  if (family === 0) return true;
  if (family === 4) return blocked.check(bare, "ipv4");
  const inner = embeddedIpv4(bare);
  if (inner) return blocked.check(inner, "ipv4");
  return blocked.check(bare, "ipv6");
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
