import { getConfig } from "~/config.server";
import { getDatabaseHandle } from "~/db/instance.server";
import { getLogger } from "~/utils/logger.server";
import { singleton } from "~/utils/singleton.server";
import { startWebhookWorker, type WebhookWorker } from "./webhook-worker.server";

const worker = singleton<WebhookWorker>("webhook-worker");

/** Starts this process's webhook worker (once). */
export async function startWebhooks(): Promise<void> {
  if (worker.peek()) return;
  const config = getConfig();
  worker.set(
    startWebhookWorker(await getDatabaseHandle(), {
      logger: getLogger(),
      intervalMs: config.WEBHOOK_POLL_INTERVAL_MS,
      retryDelaysMs: config.WEBHOOK_RETRY_SECONDS,
      leaseMs: config.WEBHOOK_LEASE_SECONDS * 1000,
    }),
  );
}

/** A task was just created: deliver at once rather than at the next poll. */
export function wakeWebhooks(): void {
  worker.peek()?.wake();
}

export async function stopWebhooks(): Promise<void> {
  const running = worker.peek();
  worker.set(undefined);
  await running?.stop();
}
