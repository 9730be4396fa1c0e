/**
 * A receiver that is down gets its deliveries as soon as it answers again,
 * not at their next retry minutes later: its system is marked unreachable
 * (the register and /metrics say since when), probed, and when a probe gets
 * through every waiting delivery goes out, each once with its own
 * `webhook-id`. Probes take no attempt from a delivery, and another
 * system's deliveries go on meanwhile.
 */
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import pino from "pino";
import { expect, it } from "vitest";

import { startHandling } from "~/services/privacy-request/back-office.server";
import { submitPrivacyRequest } from "~/services/privacy-request/record.server";
import { saveSystems } from "~/services/systems/register.server";
import { registerSystemGauges } from "~/services/systems/system-gauges.server";
import { startWebhookWorker } from "~/services/systems/webhook-worker.server";
import { metrics } from "~/utils/metrics.server";
import { dataSystemSchema } from "~/validation/data-system";

import { describeEachDatabase, type DatabaseFixture } from "../../../tests/setup/unit-database";

process.env.EMAIL_DOMAIN_CHECK = "false";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "webhook-outage-config-"));
process.env.PRIVACY_RATE_LIMIT_PER_HOUR = "100000";
process.env.TARGET_LIMIT_PER_HOUR = "1000";
// The receivers listen on 127.0.0.1.
process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";

const SECRET = `whsec_${Buffer.alloc(32, 9).toString("base64")}`;
const logger = pino({ level: "silent" });

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A receiver on `port` that notes each delivery's webhook-id and answers 204. */
async function receiverOn(port: number) {
  const ids: string[] = [];
  const server = http.createServer((request, response) => {
    ids.push(String(request.headers["webhook-id"]));
    request.resume();
    request.on("end", () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { ids, close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))) };
}

const system = (id: string, port: number) =>
  dataSystemSchema.parse({
    id,
    name: id,
    rights: ["RIGHT_TO_BE_FORGOTTEN"],
    countries: ["nl"],
    channel: "webhook",
    webhookUrl: `http://127.0.0.1:${port}/hooks`,
    secret: SECRET,
    callbackToken: "vhs_".padEnd(40, "o"),
  });

async function startErasures(database: DatabaseFixture, count: number) {
  for (let index = 0; index < count; index++) {
    const outcome = await submitPrivacyRequest(
      { flowType: "RIGHT_TO_BE_FORGOTTEN", email: `down${index}@veldhaven-test.nl` },
      { country: "nl", locale: "nl_nl", language: "nl" },
      { requestOrigin: "http://nl.localhost", clientIp: `192.0.2.${index + 1}`, db: database.db },
    );
    if (outcome.status !== "accepted") throw new Error("not accepted");
    await database.db
      .updateTable("privacy_request")
      .set({
        state: "OPEN",
        verified_at: new Date().toISOString(),
        due_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      })
      .where("id", "=", outcome.id)
      .execute();
    await startHandling(database.db, outcome.reference, { email: "officer@veldhavenmedia.nl" }, "");
  }
}

const deliveriesOf = (database: DatabaseFixture, systemId: string) =>
  database.db.selectFrom("webhook_delivery").selectAll().where("system_id", "=", systemId).execute();
const unreachableSince = async (database: DatabaseFixture, systemId: string) =>
  (
    await database.db
      .selectFrom("data_system")
      .select("unreachable_since")
      .where("id", "=", systemId)
      .executeTakeFirstOrThrow()
  ).unreachable_since;

describeEachDatabase("a receiver's outage on $name", (database) => {
  it("marks the system unreachable, probes it, and sends its waiting deliveries once each as soon as it answers again", async () => {
    const downPort = await freePort();
    const steadyPort = await freePort();
    const steady = await receiverOn(steadyPort);
    await saveSystems(database.db, [system("crm", downPort), system("shop", steadyPort)]);
    await startErasures(database, 5);
    registerSystemGauges(database.db);
    // The default schedule: after two failures a delivery waits 5 minutes.
    const worker = startWebhookWorker(database.handle, { logger, intervalMs: 50, probeIntervalMs: 200 });
    let back: Awaited<ReturnType<typeof receiverOn>> | undefined;
    try {
      await expect
        .poll(
          async () =>
            (await deliveriesOf(database, "crm")).every((row) => row.attempts >= 1 && row.last_error === "refused"),
          { timeout: 10_000 },
        )
        .toBe(true);
      expect(await unreachableSince(database, "crm")).not.toBeNull();
      expect(await metrics().registry.getSingleMetricAsString("webhook_system_unreachable")).toContain(
        'webhook_system_unreachable{system="crm"} 1',
      );
      // The other system's receiver is not held up by this one's outage.
      await expect.poll(() => steady.ids.length, { timeout: 10_000 }).toBe(5);
      await expect
        .poll(async () => (await deliveriesOf(database, "crm")).every((row) => row.attempts === 2), { timeout: 15_000 })
        .toBe(true);
      // Probes come and go while it is down; none takes an attempt.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect((await deliveriesOf(database, "crm")).map((row) => row.attempts)).toEqual([2, 2, 2, 2, 2]);

      back = await receiverOn(downPort);
      await expect
        .poll(async () => (await deliveriesOf(database, "crm")).every((row) => row.status === "delivered"), {
          timeout: 10_000,
        })
        .toBe(true);
    } finally {
      await worker.stop();
      await back?.close();
      await steady.close();
    }
    const ids = (await deliveriesOf(database, "crm")).map((row) => row.id).sort();
    expect([...back!.ids].sort()).toEqual(ids);
    expect(await unreachableSince(database, "crm")).toBeNull();
    expect(await metrics().registry.getSingleMetricAsString("webhook_system_unreachable")).toContain(
      'webhook_system_unreachable{system="crm"} 0',
    );
  });
});
