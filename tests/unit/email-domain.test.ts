import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkEmailDomain } from "~/services/email-domain.server";
import { startTestDnsServer } from "../setup/test-dns-server";

// A real DNS server on loopback answers; nothing is mocked.
let dns: Awaited<ReturnType<typeof startTestDnsServer>>;
beforeAll(async () => {
  dns = await startTestDnsServer();
});
afterAll(() => dns.close());

const check = (email: string, timeoutMs = 1000) => checkEmailDomain(email, { servers: [dns.address], timeoutMs });

describe("checkEmailDomain", () => {
  it("accepts a domain with an MX record", async () => {
    expect(await check("lotte@veldhaven-test.nl")).toBe("deliverable");
    expect(await check("Lotte@VELDHAVEN-TEST.NL")).toBe("deliverable");
  });

  it("falls back to an A record when there is no MX", async () => {
    expect(await check("info@a-only.test")).toBe("deliverable");
  });

  it("refuses a domain that does not exist, and a null MX", async () => {
    expect(await check("lotte@bestaat-niet.nl")).toBe("undeliverable");
    expect(await check("lotte@null-mx.test")).toBe("undeliverable");
  });

  it("does not refuse when the lookup times out", async () => {
    expect(await check("lotte@slow.test", 300)).toBe("unknown");
  });

  it("does not refuse when the resolver denies every name, the canary too", async () => {
    const denyAll = await startTestDnsServer({});
    try {
      expect(await checkEmailDomain("lotte@bestaat-niet.nl", { servers: [denyAll.address], timeoutMs: 1000 })).toBe("unknown");
    } finally {
      await denyAll.close();
    }
  });

  it("does not refuse when no DNS server answers", async () => {
    expect(await checkEmailDomain("lotte@veldhaven-test.nl", { servers: ["127.0.0.1:9"], timeoutMs: 300 })).toBe("unknown");
  });
});
