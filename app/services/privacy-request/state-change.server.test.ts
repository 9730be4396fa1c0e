/**
 * Every state change of a privacy request goes one way: a step of
 * REQUEST_TRANSITIONS, through the guarded transition (`act`, `actWithin`),
 * whose `moveTo` alone writes the state, only from the state the request was
 * read in. A step written by hand (an UPDATE that sets `state` elsewhere)
 * would skip the guard; this names the file that does.
 */
import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { submitPrivacyRequest } from "~/services/privacy-request/record.server";
import { moveTo } from "~/services/privacy-request/state-change.server";
import { resendVerification } from "~/services/privacy-request/verification-links.server";
import { retentionPolicy, runRetention } from "~/services/retention.server";

import { describeEachDatabase } from "../../../tests/setup/unit-database";
import { useTestConfig } from "../../../tests/setup/unit-process";

process.env.EMAIL_DOMAIN_CHECK = "false";
process.env.PRIVACY_RATE_LIMIT_PER_HOUR = "100000";

const APP = path.resolve(import.meta.dirname, "../..");
const THE_ONE_PATH = path.join("services", "privacy-request", "state-change.server.ts");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sourceFiles(full);
    // The app's code, not the tests beside it (they set up states directly).
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each UPDATE of privacy_request that sets `state`, as "file: first line of the statement". */
function stateWrites(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(APP)) {
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(/updateTable\("privacy_request"\)([\s\S]*?)\.execute/g)) {
      if (/[{,\s]state\s*[:,}]/.test(match[1]))
        found.push(`${path.relative(APP, file)}: line ${text.slice(0, match.index).split("\n").length}`);
    }
  }
  return found;
}

describe("a privacy request's state", () => {
  it("is written by the guarded transition only: confirming, expiring and a new link included", () => {
    const writes = stateWrites();
    expect(writes.filter((write) => !write.startsWith(`${THE_ONE_PATH}:`))).toEqual([]);
    expect(writes).toHaveLength(1);
  });
});

describeEachDatabase("expiring and a new link, as guarded steps, on $name", (database) => {
  useTestConfig({ VERIFICATION_LINK_TTL_HOURS: "24" });
  const db = () => database.db;
  const HOUR = 3_600_000;

  async function unconfirmed(email: string, now: Date) {
    const made = await submitPrivacyRequest(
      { flowType: "RIGHT_OF_ACCESS", email },
      { country: "nl", locale: "nl_nl", language: "nl" },
      { requestOrigin: "", clientIp: "192.0.2.60", db: db(), now },
    );
    if (made.status !== "accepted") throw new Error("not accepted");
    const mail = await db()
      .selectFrom("outbox")
      .select("text_body")
      .where("recipient", "=", email)
      .executeTakeFirstOrThrow();
    return { id: made.id, token: /email-verification\?token=([A-Za-z0-9_-]{43})/.exec(mail.text_body)![1] };
  }
  const trail = (id: string) =>
    db()
      .selectFrom("audit_event")
      .select(["action", "from_state", "to_state"])
      .where("request_id", "=", id)
      .orderBy("seq")
      .execute();
  const row = (id: string) =>
    db().selectFrom("privacy_request").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("a request expires and comes back with a new link, each step in its trail from the state it left", async () => {
    const start = new Date();
    const { id, token } = await unconfirmed("verlopen@veldhaven-test.nl", start);
    const later = new Date(start.getTime() + 25 * HOUR);
    expect((await runRetention(db(), retentionPolicy(), later)).expiredRequests).toBe(1);
    expect(await resendVerification(db(), token, later)).toEqual({ status: "sent" });
    expect(await trail(id)).toEqual([
      { action: "SUBMITTED", from_state: null, to_state: "AWAITING_VERIFICATION" },
      { action: "EXPIRED", from_state: "AWAITING_VERIFICATION", to_state: "EXPIRED" },
      { action: "LINK_RESENT", from_state: "EXPIRED", to_state: "AWAITING_VERIFICATION" },
    ]);
    expect((await row(id)).state).toBe("AWAITING_VERIFICATION");
  });

  it("refuses to expire a request read before a new link was sent, as any step on a request that moved is refused", async () => {
    const start = new Date();
    const { id, token } = await unconfirmed("net-op-tijd@veldhaven-test.nl", start);
    // Read as the retention run reads it, when its link had just run out…
    const read = await row(id);
    const later = new Date(start.getTime() + 24 * HOUR + 1);
    // …and, before the run writes, the person asks for a new link (another instance) on the still valid link's page.
    expect(await resendVerification(db(), token, new Date(start.getTime() + HOUR))).toEqual({ status: "sent" });
    expect(
      await db()
        .transaction()
        .execute((trx) => moveTo(trx, read, "expire", later, {}, ["verification_expires_at"])),
    ).toBe(false);
    expect((await row(id)).state).toBe("AWAITING_VERIFICATION");
    // The run itself, reading afresh, leaves the new link alone too.
    expect((await runRetention(db(), retentionPolicy(), later)).expiredRequests).toBe(0);
  });
});
