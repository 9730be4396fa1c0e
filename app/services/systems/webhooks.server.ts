import { getConfig } from "~/config.server";
import { getDatabaseHandle } from "~/db/instance.server";
import { getLogger } from "~/utils/logger.server";

import { startWorkerOnce, stopWorker } from "../outbox/runner.server";
import { registerSystemGauges } from "./system-gauges.server";
import { checkRegisteredAddresses } from "./system-health.server";
import { configuredNetwork } from "./webhook-address.server";
import { startWebhookWorker } from "./webhook-worker.server";

/**
 * Starts this process's webhook worker (once). Every registered address is
 * checked again in the background: a system whose address now leads into a
 * private network is paused before a delivery could reach it, and the
 * check at each connection stops any that goes out meanwhile.
 */
async function startConfiguredWorker() {
  const config = getConfig();
  const logger = getLogger();
  const handle = await getDatabaseHandle();
  if (config.WEBHOOK_ALLOW_PRIVATE_NETWORKS) {
    logger.warn(
      "WEBHOOK_ALLOW_PRIVATE_NETWORKS is set: webhooks may reach loopback, private and link-local addresses (for local development and tests only)",
    );
  }
  const network = configuredNetwork();
  void checkRegisteredAddresses(handle.db, network).then(
    ({ paused, resumed }) => {
      for (const system of paused)
        logger.warn({ system }, "webhook system paused: its address leads into a private network");
      for (const system of resumed) logger.info({ system }, "webhook system resumed: its address is accepted again");
    },
    (error) => logger.error({ err: error }, "checking the registered webhook addresses failed"),
  );
  registerSystemGauges(handle.db);
  return startWebhookWorker(handle, {
    logger,
    intervalMs: config.WEBHOOK_POLL_INTERVAL_MS,
    retryDelaysMs: config.WEBHOOK_RETRY_SECONDS,
    leaseMs: config.WEBHOOK_LEASE_SECONDS * 1000,
    probeIntervalMs: config.WEBHOOK_PROBE_INTERVAL_MS,
    network,
  });
}

export async function startWebhooks(): Promise<void> {
  await startWorkerOnce("webhooks", startConfiguredWorker);
}

export function stopWebhooks(): Promise<void> {
  return stopWorker("webhooks");
}
