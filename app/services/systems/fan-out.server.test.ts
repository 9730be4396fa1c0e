/**
 * Every right reaches its systems with its own action: one request of each
 * right, confirmed by the person and started by an officer, gives a webhook
 * system that takes part in every right one task each, asking the right's
 * action (erase for an erasure, restrict for a restriction, export for
 * portability…), with the right's own answers in `details`. The receiver
 * verifies every delivery with `standardwebhooks`, and each body matches the
 * OpenAPI document's webhook, member for member.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import pino from "pino";
import { expect, it } from "vitest";

import { COUNTRIES } from "~/domain/country";
import { RIGHT_TYPES, rightOf, RIGHTS } from "~/domain/rights";
import { openApiDocumentFor } from "~/http/openapi/document.server";
import { startHandling } from "~/services/privacy-request/back-office.server";
import { saveSystems } from "~/services/systems/register.server";
import { startWebhookWorker } from "~/services/systems/webhook-worker.server";
import { dataSystemSchema } from "~/validation/data-system";

import { answerChecker } from "../../../tests/setup/openapi-checker";
import { confirmByMail, RIGHT_SAMPLES, submitSample } from "../../../tests/setup/right-samples";
import { describeEachDatabase } from "../../../tests/setup/unit-database";
import { webhookReceiver } from "../../../tests/setup/webhook-receiver";

process.env.EMAIL_DOMAIN_CHECK = "false";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "fan-out-config-"));
process.env.PRIVACY_RATE_LIMIT_PER_HOUR = "100000";
process.env.RATE_LIMIT_PER_HOUR = "100000";
process.env.TARGET_LIMIT_PER_HOUR = "1000";
// The receiver listens on 127.0.0.1.
process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";

const SECRET = `whsec_${Buffer.alloc(32, 9).toString("base64")}`;
const OFFICER = { email: "officer@veldhavenmedia.nl" };
const { webhookProblems } = answerChecker(openApiDocumentFor("nl", "http://nl.localhost:3000"));

describeEachDatabase("the tasks of each right on $name", (database) => {
  it("asks each right's systems for the right's action once it fans out, the right's own answers in details", async () => {
    const receiver = await webhookReceiver(SECRET);
    await saveSystems(database.db, [
      dataSystemSchema.parse({
        id: "crm",
        name: "Klantenbestand",
        rights: [...RIGHT_TYPES],
        countries: [...COUNTRIES],
        channel: "webhook",
        webhookUrl: receiver.url,
        secret: SECRET,
        callbackToken: "vhs_".padEnd(40, "f"),
      }),
    ]);
    const references = new Map<string, string>();
    for (const right of RIGHTS) {
      const email = `${right.key.toLowerCase()}@veldhaven-test.nl`;
      const outcome = await submitSample(database.db, right.code, email);
      expect((await confirmByMail(database.db, outcome.reference)).status, right.code).toBe("verified");
      if (right.fansOut === "start")
        expect(await startHandling(database.db, outcome.reference, OFFICER, "", new Date()), right.code).toEqual({
          status: "done",
        });
      references.set(outcome.reference, right.code);
    }
    // The rights told when confirmed or started; an objection to processing waits for an officer's decision.
    const told = RIGHTS.filter((right) => right.fansOut !== "decision").map((right) => right.code);
    expect(told).toEqual(expect.arrayContaining(["RESTRICTION_OF_PROCESSING", "DATA_PORTABILITY"]));

    const worker = startWebhookWorker(database.handle, { logger: pino({ level: "silent" }), intervalMs: 50 });
    try {
      await expect.poll(() => receiver.deliveries.length, { timeout: 10_000 }).toBe(told.length);
    } finally {
      await worker.stop();
      await receiver.close();
    }
    expect(receiver.problems()).toEqual([]);
    const asked = receiver.deliveries.map(({ data }) => [data.right, data.action]);
    expect(asked.sort()).toEqual(told.map((code) => [code, rightOf(code).action]).sort());
    expect(Object.fromEntries(asked)).toMatchObject({
      RESTRICTION_OF_PROCESSING: "restrict",
      DATA_PORTABILITY: "export",
      RIGHT_TO_BE_FORGOTTEN: "erase",
      RIGHT_OF_ACCESS: "access",
    });
    for (const { data, body } of receiver.deliveries) {
      expect(references.get(data.reference)).toBe(data.right);
      expect(webhookProblems("privacyTask", body), data.right).toEqual([]);
      if (rightOf(data.right).asks.details) {
        const { flowType: _flow, ...asked } = { flowType: data.right, ...RIGHT_SAMPLES[data.right] };
        expect(data.details, data.right).toEqual(asked);
      } else expect(data.details, data.right).toBeUndefined();
    }
  });
});
