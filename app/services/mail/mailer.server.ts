import path from "node:path";

import { getConfig } from "~/config.server";
import { getDatabaseHandle } from "~/db/instance.server";
import { getLogger } from "~/utils/logger.server";

import { startWorkerOnce, stopWorker } from "../outbox/runner.server";
import { fileTransport, smtpTransport, type MailTransport } from "./transport.server";
import { startOutboxWorker } from "./worker.server";

/** SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/mail. */
function configuredTransport(): MailTransport {
  const config = getConfig();
  return config.SMTP_URL
    ? smtpTransport(config.SMTP_URL, { connections: config.SMTP_POOL_CONNECTIONS })
    : fileTransport(path.join(config.dataDir, "mail"), getLogger());
}

/** Starts the mail queue's worker of this process (once). */
export async function startMailWorker(): Promise<void> {
  const config = getConfig();
  await startWorkerOnce("mail", async () => {
    const transport = configuredTransport();
    const worker = startOutboxWorker(await getDatabaseHandle(), transport, {
      from: config.MAIL_FROM,
      logger: getLogger(),
      intervalMs: config.MAIL_POLL_INTERVAL_MS,
      concurrency: config.MAIL_CONCURRENCY,
    });
    getLogger().info({ transport: transport.describe }, "mail outbox worker started");
    return worker;
  });
}

/** Finishes the sends in flight (a few seconds at most) and gives back the rest. */
export function stopMailWorker(): Promise<void> {
  return stopWorker("mail");
}
