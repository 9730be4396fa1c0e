/**
 * One webhook POST, over node:http(s) rather than fetch: their `lookup`
 * option lets the connection use only addresses the check accepted
 * (webhook-address.server.ts), so what was checked is what is connected to.
 * The outcome is a category (app/domain/webhook-failure.ts), never the
 * error's own text.
 */
import http from "node:http";
import https from "node:https";
import net from "node:net";

import type { WebhookFailure } from "~/domain/webhook-failure";

import { checkedLookup, checkWebhookHost, RefusedAddressError, type WebhookNetwork } from "./webhook-address.server";

/** Connections are kept open between deliveries to the same receiver (a burst of tasks reuses them). */
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 64 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

const TLS_ERROR = /CERT|TLS|SSL|EPROTO|UNABLE_TO|SIGNATURE|HANDSHAKE/;

/** The category of a failed connection or request. */
function failureOf(error: unknown): WebhookFailure {
  if (error instanceof RefusedAddressError) return "blocked";
  const { code = "", name = "" } = (error ?? {}) as { code?: string; name?: string };
  if (name === "AbortError" || name === "TimeoutError" || code === "ABORT_ERR" || code === "ETIMEDOUT")
    return "timeout";
  if (code === "ECONNREFUSED") return "refused";
  if (["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "EAI_NONAME", "ENODATA", "ESERVFAIL"].includes(code)) return "dns";
  if (["EHOSTUNREACH", "ENETUNREACH", "EHOSTDOWN", "ENETDOWN", "EADDRNOTAVAIL"].includes(code)) return "unreachable";
  if (["ECONNRESET", "EPIPE", "ECONNABORTED"].includes(code)) return "reset";
  if (TLS_ERROR.test(code)) return "tls";
  return "network";
}

/** POSTs `body` to `url`: null when the receiver took it (2xx), else why not. */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; network: WebhookNetwork },
): Promise<WebhookFailure | null> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
  // node:net skips `lookup` for an address literal: it is checked here instead.
  if (net.isIP(host) && (await checkWebhookHost(host, options.network)).verdict === "refused") return "blocked";
  const secure = target.protocol === "https:";
  return new Promise((resolve) => {
    const request = (secure ? https : http).request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        agent: agents[secure ? "https:" : "http:"],
        lookup: checkedLookup(options.network),
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        // The answer's body is not read: only its status counts.
        response.resume();
        const status = response.statusCode ?? 0;
        resolve(status >= 200 && status < 300 ? null : `http:${status}`);
      },
    );
    request.on("error", (error) => resolve(failureOf(error)));
    request.end(body);
  });
}
