/**
 * Mail's outage probe: there is one SMTP server, so when it is away no
 * message is sent at all (what was claimed waits, its leases renewed), and
 * the server itself, not a message, is asked every few seconds whether it is
 * back: the oldest message may be one its recipient keeps refusing, and a
 * probe that sent it would never see the server recover.
 */
import type { OutageProbe, ProbeContext } from "../outbox/probe";
import { loggable } from "./delivery.server";
import type { OutboxRow } from "./outbox.server";
import { sendHealth } from "./send-health.server";
import type { MailTransport } from "./transport.server";

export function smtpOutageProbe(transport: Pick<MailTransport, "probe">): OutageProbe<OutboxRow> {
  let context: ProbeContext<OutboxRow> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const health = sendHealth({
    onOutage: () => {
      context?.logger.warn("SMTP server unreachable: sending paused, the server is probed until it answers");
      scheduleProbe();
    },
    // What the outage held back was given back uncounted, so it is due at once. A message
    // waiting out its own backoff (a greylisted recipient) keeps waiting: its refusal was its own.
    onRecovery: () => {
      context?.logger.info("SMTP server reachable again: sending resumes");
      context?.recovered();
    },
  });

  const probe = async () => {
    if (stopped || !health.inOutage()) return;
    try {
      await transport.probe();
    } catch (error) {
      context?.logger.info({ err: loggable(error) }, "SMTP server still unreachable");
      scheduleProbe();
      return;
    }
    if (!stopped) health.probePassed();
  };

  function scheduleProbe(): void {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      void probe();
    }, health.nextProbeInMs());
    timer.unref();
  }

  return {
    observe: (_row, outcome) => {
      if (outcome.receiver === "away") health.failed("outage");
      else if (outcome.result === "done") health.succeeded();
    },
    holding: health.inOutage,
    start: (started) => {
      context = started;
      return {
        stop: async () => {
          stopped = true;
          clearTimeout(timer);
        },
      };
    },
  };
}
