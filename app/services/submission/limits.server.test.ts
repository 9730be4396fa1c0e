import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { mailboxOf } from "~/domain/email";
import { createRateLimiter } from "~/services/submission/counted-limit.server";
import {
  admitSubmission,
  createSubmissionLimiters,
  type SubmissionLimiters,
} from "~/services/submission/limits.server";
import { clientAddressKey } from "~/utils/client-address";

import { describeEachDatabase } from "../../../tests/setup/unit-database";
import { useTestConfig } from "../../../tests/setup/unit-process";

// The defaults a deployment gets, read once.
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "limits-config-"));
delete process.env.PRIVACY_RATE_LIMIT_PER_HOUR;
delete process.env.TARGET_LIMIT_PER_HOUR;
delete process.env.TARGET_LIMIT_PER_DAY;

const privacy = (clientIp: string, target: string, bucket = "RIGHT_OF_ACCESS:nl") => ({
  kind: "privacy-request" as const,
  bucket,
  clientIp,
  target,
});

describeEachDatabase("submission limits on $name", (database) => {
  // The defaults themselves, whatever another test file left in this worker's environment or configuration.
  useTestConfig();
  it("takes 40 people's requests from one office address, each to their own mailbox", async () => {
    const limiters = await createSubmissionLimiters(database.handle);
    for (let person = 1; person <= 40; person++) {
      expect(await admitSubmission(privacy("203.0.113.7", `medewerker${person}@kantoor-test.nl`), limiters)).toEqual({
        ok: true,
      });
    }
  });

  it("refuses the 201st privacy request of an hour from one address, saying for how long", async () => {
    const limiters = await createSubmissionLimiters(database.handle);
    for (let person = 1; person <= 200; person++) {
      expect((await admitSubmission(privacy("203.0.113.8", `p${person}@kantoor-test.nl`), limiters)).ok).toBe(true);
    }
    const refused = await admitSubmission(privacy("203.0.113.8", "p201@kantoor-test.nl"), limiters);
    expect(refused).toMatchObject({ ok: false, scope: "client" });
    expect(!refused.ok && refused.retryAfterSeconds).toBeGreaterThan(3000);
    // Another form, the other country and another address each have their own count.
    expect(
      (await admitSubmission(privacy("203.0.113.8", "p201@kantoor-test.nl", "RIGHT_TO_BE_FORGOTTEN:nl"), limiters)).ok,
    ).toBe(true);
    expect(
      (await admitSubmission(privacy("203.0.113.8", "p202@kantoor-test.nl", "RIGHT_OF_ACCESS:be"), limiters)).ok,
    ).toBe(true);
    expect((await admitSubmission(privacy("203.0.113.9", "p203@kantoor-test.nl"), limiters)).ok).toBe(true);
  });

  it("lets at most 3 mails an hour go to one address, whatever addresses they are sent from, and refuses without costing the sender", async () => {
    const limiters = await createSubmissionLimiters(database.handle);
    for (const sender of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      expect(await admitSubmission(privacy(sender, "Slachtoffer@Voorbeeld-test.nl"), limiters)).toEqual({ ok: true });
    }
    // The same mailbox spelled otherwise, from a fourth address.
    const refused = await admitSubmission(privacy("198.51.100.4", " slachtoffer@voorbeeld-test.nl"), limiters);
    expect(refused).toMatchObject({ ok: false, scope: "target" });
    expect(!refused.ok && refused.retryAfterSeconds).toBeGreaterThan(3000);
    expect((await limiters.privacyRequests.get(`RIGHT_OF_ACCESS:nl:198.51.100.4`))?.consumedPoints ?? 0).toBe(0);
    // A phone number is a target too, however it is written.
    for (const spelling of ["+31 6 1234 5678", "+31612345678", "+31-6-12345678"]) {
      expect((await admitSubmission(privacy("198.51.100.5", spelling), limiters)).ok).toBe(true);
    }
    expect(await admitSubmission(privacy("198.51.100.6", "+31 (6) 12 34 56 78"), limiters)).toMatchObject({
      ok: false,
      scope: "target",
    });
  });

  it("counts plus addresses as the mailbox they reach: victim+1 … victim+12 share victim's 3 an hour", async () => {
    const limiters = await createSubmissionLimiters(database.handle);
    const admitted: boolean[] = [];
    for (let tag = 1; tag <= 12; tag++) {
      admitted.push(
        (await admitSubmission(privacy(`198.51.100.${100 + tag}`, `victim+${tag}@example.org`), limiters)).ok,
      );
    }
    expect(admitted).toEqual([true, true, true, ...Array(9).fill(false)]);
    // The address without a tag is the same mailbox, so its count is spent too; another mailbox is not.
    expect(await admitSubmission(privacy("198.51.100.120", "Victim@Example.org"), limiters)).toMatchObject({
      ok: false,
      scope: "target",
    });
    expect((await admitSubmission(privacy("198.51.100.121", "victim2+1@example.org"), limiters)).ok).toBe(true);
  });

  it("keeps no address in the limits table", async () => {
    const limiters = await createSubmissionLimiters(database.handle);
    await admitSubmission(privacy("198.51.100.7", "geheim@voorbeeld-test.nl"), limiters);
    const rows = await database.db
      .selectFrom("rate_limit" as never)
      .selectAll()
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain("geheim");
  });

  it("counts the day's limit too, and gives back the hour's point when the day refuses", async () => {
    const limiters: SubmissionLimiters = {
      ...(await createSubmissionLimiters(database.handle)),
      targetPerHour: await createRateLimiter(database.handle, 100, { keyPrefix: "test_target_hour" }),
      targetPerDay: await createRateLimiter(database.handle, 2, {
        keyPrefix: "test_target_day",
        durationSeconds: 86_400,
      }),
    };
    expect((await admitSubmission(privacy("192.0.2.1", "dag@voorbeeld-test.nl"), limiters)).ok).toBe(true);
    expect((await admitSubmission(privacy("192.0.2.2", "dag@voorbeeld-test.nl"), limiters)).ok).toBe(true);
    const refused = await admitSubmission(privacy("192.0.2.3", "dag@voorbeeld-test.nl"), limiters);
    expect(refused).toMatchObject({ ok: false, scope: "target" });
    expect(!refused.ok && refused.retryAfterSeconds).toBeGreaterThan(80_000);
  });

  it("shares the counts between instances on one database", async () => {
    const first = await createSubmissionLimiters(database.handle);
    const second = await createSubmissionLimiters(database.handle);
    expect((await admitSubmission(privacy("192.0.2.9", "gedeeld@voorbeeld-test.nl"), first)).ok).toBe(true);
    expect((await admitSubmission(privacy("192.0.2.9", "gedeeld@voorbeeld-test.nl"), second)).ok).toBe(true);
    expect((await admitSubmission(privacy("192.0.2.9", "gedeeld@voorbeeld-test.nl"), first)).ok).toBe(true);
    expect((await admitSubmission(privacy("192.0.2.9", "gedeeld@voorbeeld-test.nl"), second)).ok).toBe(false);
  });
});

describe("a client address as it is counted", () => {
  it("is an IPv4 address itself, also when written as IPv6", () => {
    expect(clientAddressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("is the /64 of an IPv6 address, however it is written", () => {
    const key = clientAddressKey("2001:db8:12:34::1");
    expect(key).toBe("2001:db8:12:34::/64");
    expect(clientAddressKey("2001:0DB8:0012:0034:ffff:eeee:dddd:cccc")).toBe(key);
    expect(clientAddressKey("2001:db8:12:34::9%eth0")).toBe(key);
    expect(clientAddressKey("2001:db8:12:35::1")).not.toBe(key);
    expect(clientAddressKey("::1")).toBe("0:0:0:0::/64");
  });

  it("is what it is when it is not an address", () => {
    expect(clientAddressKey("unknown")).toBe("unknown");
  });
});

describe("an e-mail address as the limit per target counts it", () => {
  it("is the mailbox without its +tag, in lower case", () => {
    expect(mailboxOf(" Victim+News@Example.org")).toBe("victim@example.org");
    expect(mailboxOf("victim+a+b@example.org")).toBe("victim@example.org");
    // Nothing before the "+": no tag to drop.
    expect(mailboxOf("+victim@example.org")).toBe("+victim@example.org");
  });

  it("drops dots at Gmail only, where they do not count", () => {
    expect(mailboxOf("j.o.h.n+x@GoogleMail.com")).toBe(mailboxOf("john@gmail.com"));
    expect(mailboxOf("j.smith@example.org")).toBe("j.smith@example.org");
  });
});
