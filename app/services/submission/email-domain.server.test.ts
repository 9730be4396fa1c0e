import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { checkEmailDomain, EmailDomainChecker } from "~/services/submission/email-domain.server";

import { startTestDnsServer } from "../../../tests/setup/test-dns-server";

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
      expect(await checkEmailDomain("lotte@bestaat-niet.nl", { servers: [denyAll.address], timeoutMs: 1000 })).toBe(
        "unknown",
      );
    } finally {
      await denyAll.close();
    }
  });

  it("does not refuse when no DNS server answers", async () => {
    expect(await checkEmailDomain("lotte@veldhaven-test.nl", { servers: ["127.0.0.1:9"], timeoutMs: 300 })).toBe(
      "unknown",
    );
  });
});

describe("EmailDomainChecker: a burst of forms is not a burst of DNS queries", () => {
  it("asks the DNS once for a burst of addresses at one domain, and keeps the verdict", async () => {
    const checker = new EmailDomainChecker({ servers: [dns.address], timeoutMs: 1000 });
    const before = dns.queries().length;
    const verdicts = await Promise.all(
      Array.from({ length: 50 }, (_, i) => checker.check(`lezer${i}@Veldhaven-Test.nl`)),
    );
    expect(new Set(verdicts)).toEqual(new Set(["deliverable"]));
    expect(await checker.check("nog.een@veldhaven-test.nl")).toBe("deliverable");
    expect(dns.queries().slice(before)).toEqual(["veldhaven-test.nl"]);
  });

  it("keeps a domain that takes no mail as undeliverable too", async () => {
    const checker = new EmailDomainChecker({ servers: [dns.address], timeoutMs: 1000 });
    expect(await checker.check("a@null-mx.test")).toBe("undeliverable");
    const before = dns.queries().length;
    expect(await checker.check("b@null-mx.test")).toBe("undeliverable");
    expect(dns.queries().length).toBe(before);
  });

  it("runs at most its number of lookups at once, and accepts rather than queue without end", async () => {
    const checker = new EmailDomainChecker(
      { servers: [dns.address], timeoutMs: 400 },
      { concurrency: 3, maxWaiting: 4 },
    );
    const before = dns.queries().length;
    const burst = Array.from({ length: 10 }, (_, i) => checker.check(`lezer@d${i}.slow.test`));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Three lookups under way; the DNS server has seen only their first question.
    expect(dns.queries().length - before).toBe(3);
    // Three running, four waiting, three accepted at once without a lookup.
    expect(await Promise.all(burst)).toEqual(Array(10).fill("unknown"));
    expect(new Set(dns.queries().slice(before)).size).toBe(7);
  });
});
