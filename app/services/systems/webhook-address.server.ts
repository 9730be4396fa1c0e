/**
 * Where a webhook may go: the public internet only. A delivery carries the
 * person's e-mail, name and address, and whoever registers a system chooses
 * its URL; without this check the site would post them to its own network
 * (a cache on 127.0.0.1:6379, a cloud's metadata service on
 * 169.254.169.254, an office's 10/8) and its failures would map that
 * network. The check runs when a system is registered and again at every
 * connection: the name is resolved, every address it gives is checked, and
 * the connection goes only to a checked address, so a name that resolved to
 * a public address at registration and to a private one later (DNS
 * rebinding) is refused too.
 *
 * Refused: every address that is not global unicast (loopback, private
 * 10/8 172.16/12 192.168/16 fc00::/7, link-local, shared 100.64/10,
 * unspecified, multicast, broadcast, documentation and benchmarking
 * ranges, NAT64, 6to4 and Teredo, which embed an IPv4 address), an
 * IPv4-mapped IPv6 address by the IPv4 address it holds, and names of
 * private use (`localhost`, `*.internal`, `*.local`, single labels…) even
 * when they do not resolve here. WEBHOOK_ALLOW_PRIVATE_NETWORKS=1 lifts the
 * refusal for local development and tests.
 */
import dns from "node:dns";
import type { LookupAddress, LookupOptions } from "node:dns";
import net from "node:net";

import ipaddr from "ipaddr.js";

import { getConfig } from "~/config.server";

/** Ranges ipaddr.js 1.9 calls "unicast" that are still not the public internet. */
const REFUSED_IPV4: [string, [ipaddr.IPv4, number]][] = [["benchmarking", ipaddr.IPv4.parseCIDR("198.18.0.0/15")]];
const GLOBAL_UNICAST_IPV6 = ipaddr.IPv6.parseCIDR("2000::/3");
const REFUSED_IPV6: [string, [ipaddr.IPv6, number]][] = [
  // IETF protocol assignments: Teredo, benchmarking, ORCHID and more.
  ["protocol-assignments", ipaddr.IPv6.parseCIDR("2001::/23")],
  ["documentation", ipaddr.IPv6.parseCIDR("2001:db8::/32")],
  ["6to4", ipaddr.IPv6.parseCIDR("2002::/16")],
];

/** Top-level names of private use (RFC 6761, RFC 8375, ICANN's `.internal`, and common in-house ones). */
const PRIVATE_USE_NAMES = "localhost local internal intranet corp home lan private localdomain home.arpa".split(" ");

/** The range that refuses `address`, or null for a public (global unicast) address. */
export function refusedRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return "invalid";
  const ip = ipaddr.process(address);
  const range = ip.range();
  if (range !== "unicast") return range;
  if (ip instanceof ipaddr.IPv4) return REFUSED_IPV4.find(([, cidr]) => ip.match(cidr))?.[0] ?? null;
  if (!ip.match(GLOBAL_UNICAST_IPV6)) return "reserved";
  return REFUSED_IPV6.find(([, cidr]) => ip.match(cidr))?.[0] ?? null;
}

/** A host name that only ever means a machine of a private network. */
function isPrivateUseName(name: string): boolean {
  if (!name.includes(".")) return true;
  return PRIVATE_USE_NAMES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

/** Resolves a host name to its addresses (all of them). */
export type ResolveHost = (name: string) => Promise<string[]>;

/** Where webhooks may go here, and how names are resolved. */
export type WebhookNetwork = { allowPrivate: boolean; resolve: ResolveHost };

/** The system's resolver (getaddrinfo: /etc/hosts, then DNS), every address of the name. */
const systemResolve: ResolveHost = async (name) =>
  (await dns.promises.lookup(name, { all: true, verbatim: true })).map((entry) => entry.address);

export function configuredNetwork(): WebhookNetwork {
  return { allowPrivate: getConfig().WEBHOOK_ALLOW_PRIVATE_NETWORKS, resolve: systemResolve };
}

export type HostCheck =
  { verdict: "public"; addresses: string[] } | { verdict: "refused"; range: string } | { verdict: "unresolved" };

/** Checks a URL's host: an address literal as it is, a name by every address it resolves to. */
export async function checkWebhookHost(hostname: string, network: WebhookNetwork): Promise<HostCheck> {
  const host = hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();
  if (net.isIP(host)) {
    const range = network.allowPrivate ? null : refusedRange(host);
    return range ? { verdict: "refused", range } : { verdict: "public", addresses: [host] };
  }
  if (!network.allowPrivate && isPrivateUseName(host)) return { verdict: "refused", range: "private-use-name" };
  let addresses: string[];
  try {
    addresses = await network.resolve(host);
  } catch {
    return { verdict: "unresolved" };
  }
  if (addresses.length === 0) return { verdict: "unresolved" };
  // One private address among public ones refuses the name: the connection could be made to it.
  const range = network.allowPrivate ? null : addresses.map(refusedRange).find((found) => found !== null);
  return range ? { verdict: "refused", range } : { verdict: "public", addresses };
}

/** Whether a webhook URL is refused (a name that does not resolve here is not: its deliveries fail as "dns" until it does). */
export async function isRefusedWebhookUrl(url: string, network: WebhookNetwork): Promise<boolean> {
  if (!URL.canParse(url)) return false;
  return (await checkWebhookHost(new URL(url).hostname, network)).verdict === "refused";
}

/** The error of a connection refused by the check: no socket was opened. */
export class RefusedAddressError extends Error {
  readonly code = "EWEBHOOKADDRESS";
  constructor(readonly range: string) {
    super(`the webhook address is refused (${range})`);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for the connection (node:net calls it for a name, never for an
 * address literal): resolves, checks every address, and hands back only
 * checked ones, so the socket connects to an address that was checked while
 * TLS still verifies the certificate against the name.
 */
export function checkedLookup(network: WebhookNetwork) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    checkWebhookHost(hostname, network).then(
      (check) => {
        if (check.verdict === "refused") return callback(new RefusedAddressError(check.range), "", 4);
        const found =
          check.verdict === "public" ? check.addresses.map((address) => ({ address, family: net.isIP(address) })) : [];
        const wanted =
          options.family === 4 || options.family === 6
            ? found.filter((entry) => entry.family === options.family)
            : found;
        if (wanted.length === 0)
          return callback(Object.assign(new Error(`${hostname} does not resolve`), { code: "ENOTFOUND" }), "", 4);
        if (options.all) return callback(null, wanted);
        callback(null, wanted[0].address, wanted[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 4),
    );
  };
}
