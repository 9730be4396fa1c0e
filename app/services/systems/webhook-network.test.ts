/**
 * Webhooks never reach the site's own network: an address in a private
 * network is refused when a system is registered (the officer's form and
 * the import file), again at the connection (a name that resolved to a
 * public address at registration and to a private one at delivery gets no
 * connection), and a system registered before with such an address is
 * paused, with the reason in the register. A delivery's failure is kept and
 * shown as a category, never the error's text.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";

import { startHandling } from "~/services/privacy-request/back-office.server";
import { submitPrivacyRequest } from "~/services/privacy-request/record.server";
import { importSystems, parseSystemsFile } from "~/services/systems/register-file.server";
import { saveSystemByOfficer, saveSystems } from "~/services/systems/register.server";
import { tasksOfRequest } from "~/services/systems/request-tasks.server";
import { checkRegisteredAddresses } from "~/services/systems/system-health.server";
import type { WebhookNetwork } from "~/services/systems/webhook-address.server";
import { claimDueWebhooks } from "~/services/systems/webhook-outbox.server";
import { startWebhookWorker } from "~/services/systems/webhook-worker.server";
import { dataSystemSchema } from "~/validation/data-system";

import { resolveWith, startTestDnsServer } from "../../../tests/setup/test-dns-server";
import { describeEachDatabase, type DatabaseFixture } from "../../../tests/setup/unit-database";

process.env.EMAIL_DOMAIN_CHECK = "false";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "webhook-network-config-"));
process.env.PRIVACY_RATE_LIMIT_PER_HOUR = "100000";

const OFFICER = { email: "officer@veldhavenmedia.nl" };
const SECRET = `whsec_${Buffer.alloc(32, 5).toString("base64")}`;
const TOKEN = "vhs_".padEnd(40, "n");
const logger = pino({ level: "silent" });

const zones: Record<string, { a?: string[] }> = {};
let dns: Awaited<ReturnType<typeof startTestDnsServer>>;
let network: WebhookNetwork;
beforeAll(async () => {
  dns = await startTestDnsServer(zones);
  network = { allowPrivate: false, resolve: resolveWith(dns) };
});
afterAll(() => dns.close());

/** A TCP listener that only counts the connections made to it. */
async function listener() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const webhookSystem = (id: string, webhookUrl: string) => ({
  id,
  name: id.toUpperCase(),
  rights: ["RIGHT_TO_BE_FORGOTTEN" as const],
  countries: ["nl" as const],
  channel: "webhook" as const,
  webhookUrl,
  secret: SECRET,
  callbackToken: TOKEN,
  active: true,
});

async function startedErasure(database: DatabaseFixture, email: string) {
  const outcome = await submitPrivacyRequest(
    { flowType: "RIGHT_TO_BE_FORGOTTEN", email },
    { country: "nl", locale: "nl_nl", language: "nl" },
    { requestOrigin: "http://nl.localhost", clientIp: "192.0.2.40", db: database.db },
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
  expect(await startHandling(database.db, outcome.reference, OFFICER, "")).toEqual({ status: "done" });
  return outcome.id;
}

const delivery = (database: DatabaseFixture) =>
  database.db.selectFrom("webhook_delivery").selectAll().executeTakeFirstOrThrow();

describeEachDatabase("webhooks and private networks on $name", (database) => {
  it("refuses an officer's webhook address in a private network with a field error, and saves nothing", async () => {
    zones["cache.test"] = { a: ["10.1.2.3"] };
    for (const url of [
      "https://169.254.169.254/latest/meta-data/",
      "https://10.0.0.1/",
      "https://[fd00::1]/",
      "https://metadata.google.internal/computeMetadata/v1/",
      "https://127.0.0.1:6379/",
      "http://localhost:4398/",
      "https://cache.test/hooks",
    ]) {
      const outcome = await saveSystemByOfficer(database.db, webhookSystem("crm", url), OFFICER, new Date(), network);
      expect(outcome, url).toEqual({
        status: "invalid",
        fieldErrors: { webhookUrl: ["validation.systems.webhookUrlPrivate"] },
      });
    }
    expect(await database.db.selectFrom("data_system").selectAll().execute()).toEqual([]);
  });

  it("imports nothing from a file with a webhook address in a private network, and names its line and field", async () => {
    const file = [
      "id,name,rights,countries,channel,webhook_url",
      "crm,CRM,RIGHT_OF_ACCESS,NL,webhook,https://crm.example.net/hooks",
      "cache,Cache,RIGHT_OF_ACCESS,NL,webhook,https://[::ffff:10.0.0.1]/",
    ].join("\n");
    const { rows, lines } = parseSystemsFile(file, "csv");
    const outcome = await importSystems(database.db, rows, lines, new Date(), network);
    expect(outcome).toMatchObject({
      ok: false,
      problems: [{ line: 3, field: "webhookUrl", message: expect.stringMatching(/^leads into a private network/) }],
    });
    expect(await database.db.selectFrom("data_system").selectAll().execute()).toEqual([]);
  });

  it("refuses the connection when the name resolves into a private network at delivery (DNS rebinding), pauses the system and keeps the failure as a category", async () => {
    const inside = await listener();
    zones["rebind.test"] = { a: ["93.184.216.34"] };
    expect(
      await saveSystemByOfficer(
        database.db,
        webhookSystem("crm", `https://rebind.test:${inside.port}/hooks`),
        OFFICER,
        new Date(),
        network,
      ),
    ).toEqual({ status: "done" });
    const requestId = await startedErasure(database, "rebind@veldhaven-test.nl");
    // Between registration and delivery the name moves onto the site's own machine.
    zones["rebind.test"] = { a: ["127.0.0.1"] };
    const worker = startWebhookWorker(database.handle, { logger, intervalMs: 50, network });
    try {
      await expect.poll(async () => (await delivery(database)).last_error, { timeout: 10_000 }).toBe("blocked");
      await expect
        .poll(
          async () =>
            (await database.db.selectFrom("data_system").select("paused_reason").executeTakeFirstOrThrow())
              .paused_reason,
        )
        .toBe("private-network");
    } finally {
      await worker.stop();
    }
    expect(inside.connections()).toBe(0);
    expect(await delivery(database)).toMatchObject({ status: "pending", attempts: 0 });
    const [task] = await tasksOfRequest(database.db, requestId);
    expect(task.delivery).toEqual({ status: "pending", attempts: 0, lastError: "blocked" });
    const events = await database.db
      .selectFrom("data_system_event")
      .select(["action", "actor"])
      .orderBy("at")
      .execute();
    expect(events).toContainEqual({ action: "PAUSED", actor: "webhooks" });
    // Where private networks are allowed (local development), the same delivery does connect.
    const open = startWebhookWorker(database.handle, {
      logger,
      intervalMs: 50,
      network: { ...network, allowPrivate: true },
    });
    try {
      await database.db.updateTable("data_system").set({ paused_reason: null }).execute();
      await expect.poll(() => inside.connections(), { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      await open.stop();
      await inside.close();
    }
  });

  it("pauses a system registered before with an address now refused, holds its deliveries, and resumes it with a public address", async () => {
    zones["public.test"] = { a: ["93.184.216.34"] };
    await saveSystems(database.db, [
      dataSystemSchema.parse(webhookSystem("crm", "https://10.0.0.1/hooks")),
      dataSystemSchema.parse({ ...webhookSystem("shop", "https://public.test/hooks"), rights: ["RIGHT_OF_ACCESS"] }),
    ]);
    await startedErasure(database, "paused@veldhaven-test.nl");
    expect(await checkRegisteredAddresses(database.db, network)).toEqual({ paused: ["crm"], resumed: [] });
    const crm = await database.db
      .selectFrom("data_system")
      .selectAll()
      .where("id", "=", "crm")
      .executeTakeFirstOrThrow();
    expect(crm.paused_reason).toBe("private-network");
    expect(crm.paused_at).not.toBeNull();
    expect(
      (
        await database.db
          .selectFrom("data_system")
          .select("paused_reason")
          .where("id", "=", "shop")
          .executeTakeFirstOrThrow()
      ).paused_reason,
    ).toBeNull();
    expect(await claimDueWebhooks(database.db, database.kind, 10)).toEqual([]);
    // The officer gives it a public address: the pause is lifted and its delivery is due.
    expect(
      await saveSystemByOfficer(
        database.db,
        { ...webhookSystem("crm", "https://public.test/hooks"), secret: undefined, callbackToken: undefined },
        OFFICER,
        new Date(),
        network,
      ),
    ).toEqual({ status: "done" });
    expect(
      (
        await database.db
          .selectFrom("data_system")
          .select("paused_reason")
          .where("id", "=", "crm")
          .executeTakeFirstOrThrow()
      ).paused_reason,
    ).toBeNull();
    expect((await claimDueWebhooks(database.db, database.kind, 10)).map((row) => row.system_id)).toEqual(["crm"]);
    const events = await database.db
      .selectFrom("data_system_event")
      .select(["system_id", "action", "fields"])
      .where("system_id", "=", "crm")
      .orderBy("at")
      .execute();
    expect(events.map((event) => event.action)).toEqual(["CREATED", "PAUSED", "UPDATED"]);
    expect(events[2].fields).toContain("paused_reason");
  });

  it("keeps a refused connection's failure as its category, never the error's text", async () => {
    const closed = await listener();
    await closed.close();
    const local = { ...network, allowPrivate: true };
    expect(
      await saveSystemByOfficer(
        database.db,
        webhookSystem("crm", `http://127.0.0.1:${closed.port}/hooks`),
        OFFICER,
        new Date(),
        local,
      ),
    ).toEqual({ status: "done" });
    const requestId = await startedErasure(database, "refused@veldhaven-test.nl");
    const worker = startWebhookWorker(database.handle, { logger, intervalMs: 50, network: local });
    try {
      await expect.poll(async () => (await delivery(database)).attempts, { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      await worker.stop();
    }
    expect((await delivery(database)).last_error).toBe("refused");
    const [task] = await tasksOfRequest(database.db, requestId);
    expect(JSON.stringify(task)).not.toContain("ECONNREFUSED");
    expect(JSON.stringify(task)).not.toContain(String(closed.port));
  });
});
