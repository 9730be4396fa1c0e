import { isIPv4, isIPv6 } from "node:net";

import ipaddr from "ipaddr.js";

/**
 * The key a client address is counted under. An IPv4 address is
 * one subscriber's, or an office's or a carrier's shared by many; an IPv6
 * subscriber gets a whole /64 and can pick any address in it, so the /64 is
 * what identifies them. An IPv4 address written as IPv6 (`::ffff:192.0.2.1`,
 * as Node reports a dual-stack socket) counts as the IPv4 address.
 */
export function clientAddressKey(address: string): string {
  // node:net says what is an address: ipaddr.js would also take IPv4 spelt `127.1` or in hex.
  if (isIPv4(address)) return address;
  const bare = address.replace(/%.*$/, "");
  if (!isIPv6(bare)) return address;
  const ipv6 = ipaddr.IPv6.parse(bare);
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().toString();
  // The first four of its eight groups, `::` filled in, without leading zeros.
  return `${ipv6.toNormalizedString().split(":").slice(0, 4).join(":")}::/64`;
}
