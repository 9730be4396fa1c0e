/**
 * Mail's part in sending a queued message: hand it to the transport and say
 * whose fault a failure was (send-health.server.ts). The queue records the
 * rest: sent, retried on the mail schedule, bounced, or given back during an
 * outage without counting an attempt. The Message-ID stays the same at every
 * try, so a rare duplicate after a crash can be recognised.
 */
import type { Logger } from "pino";

import type { SendOutcome } from "../outbox/outcome.server";
import type { Sender } from "../outbox/try.server";
import type { OutboxRow } from "./outbox.server";
import { sendFailureKind } from "./send-health.server";
import type { MailTransport } from "./transport.server";

/** What a log may say of an SMTP error: its codes, never its text (it quotes the recipient). */
export const loggable = (error: unknown) => {
  const { code, responseCode, command } = (error ?? {}) as { code?: string; responseCode?: number; command?: string };
  return { code, responseCode, command };
};

export function mailSender(transport: MailTransport, from: string, logger?: Logger): Sender<OutboxRow> {
  return async (row): Promise<SendOutcome> => {
    try {
      await transport.send(row, from);
      return { result: "done", receiver: "answered" };
    } catch (error) {
      const kind = sendFailureKind(error);
      if (kind === "bounce") {
        logger?.warn(
          { err: loggable(error), outboxId: row.id, kind: row.kind },
          "mail refused for good by the SMTP server (bounce)",
        );
        return { result: "dead", error };
      }
      if (kind === "outage") {
        logger?.warn(
          { err: loggable(error), outboxId: row.id },
          "SMTP server unavailable; mail kept, no attempt counted",
        );
        return { result: "give back", receiver: "away" };
      }
      logger?.warn(
        { err: loggable(error), outboxId: row.id, attempts: row.attempts + 1 },
        "mail delivery failed; will retry",
      );
      return { result: "retry", error, receiver: "answered" };
    }
  };
}
