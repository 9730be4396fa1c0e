import { isIPv4, isIPv6 } from "node:net";

/**
 * The key a client address is counted under (issue 24). An IPv4 address is
 * one subscriber's, or an office's or a carrier's shared by many; an IPv6
 * subscriber gets a whole /64 and can pick any address in it, so the /64 is
 * what identifies them. An IPv4 address written as IPv6 (`::ffff:192.0.2.1`,
 * as Node reports a dual-stack socket) counts as the IPv4 address.
 */
export function clientAddressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIPv4(address)) return address;
  const bare = address.replace(/%.*$/, "");
  if (!isIPv6(bare)) return address;
  return `${expandIPv6(bare).slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address, `::` filled in, without leading zeros. */
function expandIPv6(address: string): string[] {
  const [head, tail = ""] = address.toLowerCase().split("::");
  const groups = (part: string) => (part ? part.split(":") : []);
  const front = groups(head);
  const back = address.includes("::") ? groups(tail) : [];
  // A dotted IPv4 tail (`::ffff:0:192.0.2.1`) fills two groups.
  const width = (part: string[]) => part.reduce((sum, group) => sum + (group.includes(".") ? 2 : 1), 0);
  const middle = Array.from({ length: 8 - width(front) - width(back) }, () => "0");
  return [...front, ...middle, ...back].map((group) => (group.includes(".") ? group : parseInt(group, 16).toString(16)));
}
