/**
 * Whose fault a failed send is (issue 37), and what follows from it:
 * - a bounce: the server refused this message for good (5xx to its
 *   recipient or its content): give up at once, record it, tell the team;
 * - a retry: this message failed for now (4xx to its recipient, a reply that
 *   never came): count an attempt and try again later;
 * - an outage: the server is unreachable or refuses everyone (no
 *   connection, no greeting, a refused login or sender, 421): no message is
 *   at fault, so none loses an attempt, and sending pauses until a probe gets
 *   through.
 */
export type SendFailureKind = "bounce" | "retry" | "outage";

type SmtpError = { phase?: string; command?: string; responseCode?: number };

export function sendFailureKind(error: unknown): SendFailureKind {
  const { phase, command, responseCode } = (error ?? {}) as SmtpError;
  if (phase === "connect" || command === "MAIL FROM" || responseCode === 421) return "outage";
  const aboutThisMessage = command === "RCPT TO" || command === "DATA";
  if (aboutThisMessage && responseCode !== undefined && responseCode >= 500) return "bounce";
  return "retry";
}

/**
 * A send that takes longer than this is hung, most likely (a relay answers
 * in milliseconds): it stops counting against the sends and connections
 * kept for the usual pace, so a few hung messages do not hold up the rest.
 */
export const SLOW_SEND_MS = 3_000;

/**
 * Retries in a row, with no success between them, after which the server is
 * taken to be down even though it answers (every recipient refused with a
 * 4xx, every message hanging): one message's trouble is rarely five's.
 */
const RETRIES_BEFORE_OUTAGE = 5;
const FIRST_PROBE_MS = 1_000;
/** Probes stay this close together, so mail resumes within seconds of the server's return. */
const MAX_PROBE_MS = 5_000;

export type SendHealth = {
  inOutage: () => boolean;
  /** Whether the failed message loses an attempt ("count") or is given back untouched. */
  failed: (kind: SendFailureKind) => "count" | "give back";
  /** A send went through (which ends an outage). */
  succeeded: () => void;
  /** How long to wait before the next probe while the outage lasts. */
  nextProbeInMs: () => number;
};

/** A circuit breaker over the sends of one worker; `onRecovery` runs when an outage ends. */
export function sendHealth(onRecovery: () => void = () => {}): SendHealth {
  let retriesInARow = 0;
  let outage = false;
  let probeMs = FIRST_PROBE_MS;
  return {
    inOutage: () => outage,
    failed: (kind) => {
      if (kind === "bounce") {
        retriesInARow = 0;
        return "count";
      }
      if (outage) return "give back";
      if (kind === "retry") retriesInARow += 1;
      if (kind === "outage" || retriesInARow >= RETRIES_BEFORE_OUTAGE) {
        outage = true;
        probeMs = FIRST_PROBE_MS;
        return "give back";
      }
      return "count";
    },
    succeeded: () => {
      retriesInARow = 0;
      if (!outage) return;
      outage = false;
      onRecovery();
    },
    nextProbeInMs: () => {
      const wait = probeMs;
      probeMs = Math.min(probeMs * 2, MAX_PROBE_MS);
      return wait;
    },
  };
}
