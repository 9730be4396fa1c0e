/**
 * Whose fault a failed send is, and what follows from it:
 * - a bounce: the server refused this message for good (5xx to its
 *   recipient or its content), or it cannot be sent at all (an address or
 *   a size the client itself refuses): give up at once, record it, tell the team;
 * - a retry: this message failed for now (a 4xx to its recipient or its
 *   content, greylisting above all; a reply that never came): it waits out
 *   its own backoff and loses an attempt, so the attempt limit applies,
 *   and the mail queued behind it goes on;
 * - an outage: the server cannot be reached or refuses us, whatever the
 *   message (no connection, no greeting, a failed TLS handshake or login,
 *   a connection lost mid-session, a 421, a refused sender — ours is the
 *   same on every message): no message is at fault, so none loses an
 *   attempt, and sending pauses until a probe of the server gets through.
 * A refused recipient never makes an outage, however many in a row: a few
 * greylisted addresses at the head of the queue stopped all mail when it did.
 */
export type SendFailureKind = "bounce" | "retry" | "outage";

type SmtpError = { phase?: string; code?: string; command?: string; responseCode?: number };

/** nodemailer's codes for a connection that failed or broke, whatever was being sent. */
const CONNECTION_LOST = new Set(["ECONNECTION", "ESOCKET", "ETLS", "EDNS"]);
/** nodemailer's codes for a message it will not send, to any server (an invalid address, too large). */
const UNSENDABLE = new Set(["EENVELOPE", "EMESSAGE"]);

export function sendFailureKind(error: unknown): SendFailureKind {
  const { phase, code, command, responseCode } = (error ?? {}) as SmtpError;
  if (phase === "connect" || responseCode === 421 || (command === "MAIL FROM" && responseCode !== undefined))
    return "outage";
  if (code !== undefined && CONNECTION_LOST.has(code)) return "outage";
  if (responseCode === undefined) return code !== undefined && UNSENDABLE.has(code) ? "bounce" : "retry";
  return responseCode >= 500 ? "bounce" : "retry";
}

/**
 * A send that takes longer than this is hung, most likely (a relay answers
 * in milliseconds): it stops counting against the sends and connections
 * kept for the usual pace, so a few hung messages do not hold up the rest.
 */
export const SLOW_SEND_MS = 3_000;

const FIRST_PROBE_MS = 1_000;
/** Probes stay this close together, so mail resumes within seconds of the server's return. */
const MAX_PROBE_MS = 5_000;

export type SendHealth = {
  inOutage: () => boolean;
  /** Whether the failed message loses an attempt ("count") or is given back untouched (an outage). */
  failed: (kind: SendFailureKind) => "count" | "give back";
  /** The server took a message: an outage ends, and the next one is probed from the first interval again. */
  succeeded: () => void;
  /**
   * A probe reached the server: the outage ends. The probe interval keeps
   * growing, in case the server answers a probe but still refuses our mail.
   */
  probePassed: () => void;
  /** How long to wait before the next probe while the outage lasts. */
  nextProbeInMs: () => number;
};

/** A circuit breaker over the sends of one worker: `onOutage` runs when an outage starts, `onRecovery` when it ends. */
export function sendHealth(events: { onOutage?: () => void; onRecovery?: () => void } = {}): SendHealth {
  let outage = false;
  let probeMs = FIRST_PROBE_MS;
  const recover = () => {
    if (!outage) return;
    outage = false;
    events.onRecovery?.();
  };
  return {
    inOutage: () => outage,
    failed: (kind) => {
      if (kind !== "outage") return "count";
      if (!outage) {
        outage = true;
        events.onOutage?.();
      }
      return "give back";
    },
    succeeded: () => {
      probeMs = FIRST_PROBE_MS;
      recover();
    },
    probePassed: recover,
    nextProbeInMs: () => {
      const wait = probeMs;
      probeMs = Math.min(probeMs * 2, MAX_PROBE_MS);
      return wait;
    },
  };
}
