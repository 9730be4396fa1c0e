/**
 * A queue's outage probe. When its receiver is away (the SMTP server, one
 * system's webhook receiver), retrying row after row on their schedules
 * would either use up their attempts on an outage that is nobody's fault or
 * leave them waiting minutes after the receiver is back. So a try that finds
 * the receiver away is noted here; the probe then asks the receiver itself,
 * every few seconds, whether it is back, and the moment it is, the queue is
 * woken and what waited is sent. Mail probes its one SMTP server and holds
 * every send meanwhile; webhooks probe each unreachable system on its own.
 */
import type { Logger } from "pino";

import type { Recorded, SendOutcome } from "./outcome.server";

export type ProbeContext<Row> = {
  logger: Logger;
  now: () => Date;
  /** The receiver answers again: wake the queue. */
  recovered: () => void;
  /** Sends `row` as a probe: recorded like any try, but a failure gives it back uncounted. */
  tryAsProbe: (row: Row) => Promise<Recorded>;
  /** Gives rows the probe claimed back. */
  release: (ids: string[]) => Promise<void>;
};

export type OutageProbe<Row> = {
  /** Learns from every recorded try (its `receiver` says away or answered). */
  observe: (row: Row, outcome: SendOutcome) => Promise<void> | void;
  /** True while no send may start (the one receiver every row goes to is away). */
  holding: () => boolean;
  start: (context: ProbeContext<Row>) => { stop: () => Promise<void> };
};
