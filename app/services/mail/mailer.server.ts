import path from "node:path";
import { getConfig } from "~/config.server";
import { getDatabaseHandle } from "~/db/instance.server";
import { getLogger } from "~/utils/logger.server";
import { singleton } from "~/utils/singleton.server";
import { fileTransport, smtpTransport, type MailTransport } from "./transport.server";
import { startOutboxWorker, type OutboxWorker } from "./worker.server";

const outboxWorker = singleton<OutboxWorker>("outbox-worker");

/** SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/mail. */
function configuredTransport(): MailTransport {
  const config = getConfig();
  return config.SMTP_URL
    ? smtpTransport(config.SMTP_URL, { connections: config.SMTP_POOL_CONNECTIONS })
    : fileTransport(path.join(config.dataDir, "mail"), getLogger());
}

/** Starts the outbox worker of this process (once). */
export async function startMailWorker(): Promise<void> {
  if (outboxWorker.peek()) return;
  const config = getConfig();
  const transport = configuredTransport();
  outboxWorker.set(
    startOutboxWorker(await getDatabaseHandle(), transport, {
      from: config.MAIL_FROM,
      logger: getLogger(),
      intervalMs: config.MAIL_POLL_INTERVAL_MS,
      concurrency: config.MAIL_CONCURRENCY,
    }),
  );
  getLogger().info({ transport: transport.describe }, "mail outbox worker started");
}

/** Claims at once, so a new message does not wait for the next poll. */
export function wakeMailWorker(): void {
  outboxWorker.peek()?.wake();
}

/** Finishes the sends in flight (a few seconds at most) and gives back the rest. */
export async function stopMailWorker(): Promise<void> {
  const worker = outboxWorker.peek();
  outboxWorker.set(undefined);
  await worker?.stop();
}
