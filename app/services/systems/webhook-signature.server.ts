/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): an
 * HMAC-SHA256, keyed with the secret's base64 part, over
 * `id.timestamp.body`, sent as `v1,<base64>`. Written out here (five lines
 * of node:crypto) rather than taken from the `standardwebhooks` package, so
 * the end-to-end tests' receivers, which verify with that package, check
 * this code against the reference implementation.
 */
import { createHmac } from "node:crypto";

import { WEBHOOK_SECRET_PREFIX } from "./system-secrets.server";

export type WebhookHeaders = { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string };

export function signWebhook(secret: string, id: string, at: Date, body: string): WebhookHeaders {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const key = Buffer.from(
    secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret,
    "base64",
  );
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": `v1,${signature}` };
}
