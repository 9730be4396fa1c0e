/**
 * A webhook goes to the public internet only: every address outside it is
 * refused, in every form an address can take, and so is every name that
 * resolves to one (over a real DNS server on loopback) or that only ever
 * names a private network.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { checkWebhookHost, refusedRange, type WebhookNetwork } from "~/services/systems/webhook-address.server";

import { resolveWith, startTestDnsServer } from "../../../tests/setup/test-dns-server";

const REFUSED = {
  loopback: ["127.0.0.1", "127.1.2.3", "::1"],
  private: ["10.0.0.1", "10.255.255.255", "172.16.0.1", "172.31.255.254", "192.168.1.1"],
  uniqueLocal: ["fd00::1", "fc00::1"],
  linkLocal: ["169.254.169.254", "169.254.0.1", "fe80::1", "fe80::1%eth0"],
  shared: ["100.64.0.1", "100.127.255.254"],
  unspecified: ["0.0.0.0", "0.1.2.3", "::"],
  multicast: ["224.0.0.1", "239.255.255.250", "ff02::1"],
  broadcast: ["255.255.255.255"],
  documentationAndBenchmarking: ["192.0.2.1", "198.51.100.7", "203.0.113.9", "198.18.0.1", "2001:db8::1", "240.0.0.1"],
  ipv4MappedAndEmbedded: [
    "::ffff:10.0.0.1",
    "::ffff:127.0.0.1",
    "::ffff:169.254.169.254",
    "::ffff:a9fe:a9fe",
    "64:ff9b::a00:1",
    "2002:a00:1::1",
    "2001::a00:1",
    "::a00:1",
  ],
  otherNonGlobal: ["fec0::1", "100::1"],
};

const ACCEPTED = [
  "8.8.8.8",
  "1.1.1.1",
  "172.32.0.1",
  "100.128.0.1",
  "192.169.0.1",
  "2606:4700:4700::1111",
  "2a00:1450:4001::200e",
  "::ffff:8.8.8.8",
];

describe("the address check", () => {
  for (const [range, addresses] of Object.entries(REFUSED)) {
    it(`refuses ${range} addresses`, () => {
      for (const address of addresses) expect(refusedRange(address), address).not.toBeNull();
    });
  }

  it("accepts public (global unicast) addresses", () => {
    for (const address of ACCEPTED) expect(refusedRange(address), address).toBeNull();
  });
});

describe("a webhook host", () => {
  const zones: Record<string, { a?: string[] }> = {
    "receiver.test": { a: ["93.184.216.34"] },
    "cache.test": { a: ["10.1.2.3"] },
    "metadata.test": { a: ["169.254.169.254"] },
    "mixed.test": { a: ["93.184.216.34", "127.0.0.1"] },
  };
  let dns: Awaited<ReturnType<typeof startTestDnsServer>>;
  let network: WebhookNetwork;

  beforeAll(async () => {
    dns = await startTestDnsServer(zones);
    network = { allowPrivate: false, resolve: resolveWith(dns) };
  });
  afterAll(() => dns.close());

  it("refuses address literals in private networks, in the forms a URL gives them", async () => {
    for (const url of [
      "https://169.254.169.254/latest/meta-data/",
      "https://10.0.0.1/",
      "https://[fd00::1]/",
      "https://127.0.0.1:6379/",
      "https://[::ffff:10.0.0.1]/",
      "https://2130706433/",
      "https://0x7f.1/",
    ]) {
      expect(await checkWebhookHost(new URL(url).hostname, network), url).toMatchObject({ verdict: "refused" });
    }
  });

  it("refuses names that resolve into a private network, or of which one address does", async () => {
    for (const name of ["cache.test", "metadata.test", "mixed.test"])
      expect(await checkWebhookHost(name, network), name).toMatchObject({ verdict: "refused" });
  });

  it("refuses names of private use even when they do not resolve here", async () => {
    for (const name of [
      "localhost",
      "metadata.google.internal",
      "printer.local",
      "intranet",
      "nas.home.arpa",
      "api.localhost",
    ]) {
      expect(await checkWebhookHost(name, network), name).toMatchObject({ verdict: "refused" });
    }
  });

  it("accepts a name that resolves to public addresses only, and leaves one that does not resolve to the delivery", async () => {
    expect(await checkWebhookHost("receiver.test", network)).toEqual({
      verdict: "public",
      addresses: ["93.184.216.34"],
    });
    expect(await checkWebhookHost("nowhere.test", network)).toEqual({ verdict: "unresolved" });
  });

  it("accepts private networks only when they are allowed (local development and tests)", async () => {
    const open = { ...network, allowPrivate: true };
    expect(await checkWebhookHost("cache.test", open)).toEqual({ verdict: "public", addresses: ["10.1.2.3"] });
    expect(await checkWebhookHost("[fd00::1]", open)).toEqual({ verdict: "public", addresses: ["fd00::1"] });
  });
});
