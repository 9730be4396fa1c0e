/**
 * Why a webhook delivery did not arrive, as the outbox stores it and the
 * back office names it: a category, never the receiver's or the network's
 * own words. An error text such as `connect ECONNREFUSED 10.0.0.7:6379`
 * would tell whoever reads the request page what answers where inside a
 * network; the category tells the officer what to do.
 * An HTTP answer is stored as `http:<status>`.
 */
export const WEBHOOK_FAILURES = [
  /** No answer within the time a receiver has. */
  "timeout",
  /** Nothing listens at the address (connection refused). */
  "refused",
  /** No route to the receiver's host or network. */
  "unreachable",
  /** The connection was cut before an answer. */
  "reset",
  /** The TLS handshake failed (certificate, protocol). */
  "tls",
  /** The receiver's name does not resolve. */
  "dns",
  /** The address is, or resolves to, one of a private network: never connected to. */
  "blocked",
  /** The system is no longer reached by webhook. */
  "not-webhook",
  /** Any other network failure. */
  "network",
] as const;

export type WebhookFailureCategory = (typeof WEBHOOK_FAILURES)[number];
export type WebhookFailure = WebhookFailureCategory | `http:${number}`;

/** The failure as the back office words it: a key of `backOffice.tasks.failures` (and the status of an HTTP answer). */
export function failureLabel(stored: string): { key: WebhookFailureCategory | "http"; status?: string } {
  const http = /^http:(\d{3})$/.exec(stored);
  if (http) return { key: "http", status: http[1] };
  return {
    key: (WEBHOOK_FAILURES as readonly string[]).includes(stored) ? (stored as WebhookFailureCategory) : "network",
  };
}

/**
 * Whether a failure says the receiver is not there (its system is then
 * probed until it answers), rather than that it answered and refused this
 * delivery: a 4xx other than 408 and 429 is an answer.
 */
export function meansUnreachable(failure: WebhookFailure): boolean {
  if (failure === "blocked" || failure === "not-webhook") return false;
  const http = /^http:(\d{3})$/.exec(failure);
  if (!http) return true;
  const status = Number(http[1]);
  return status >= 500 || status === 408 || status === 429;
}

/** Why a system's deliveries are held: its webhook address leads into a private network. */
export const SYSTEM_PAUSE_REASONS = ["private-network"] as const;
export type SystemPauseReason = (typeof SYSTEM_PAUSE_REASONS)[number];
