/**
 * What operators watch, as Prometheus metrics (prom-client). One
 * registry per process (app/utils/singleton.server.ts), so the separately
 * bundled server entry and the app's modules count into the same metrics.
 * Labels come from closed sets (route ids, status classes, our own limit and
 * reason names), never from what a visitor sends, so the series stay few.
 */
import client from "prom-client";

import { singleton } from "./singleton.server";

function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const metric = { registers: [registry] };
  return {
    registry,
    httpDuration: new client.Histogram({
      ...metric,
      name: "http_request_duration_seconds",
      help: "Time to answer a request, by route id, method and status class.",
      labelNames: ["route", "method", "status_class"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
    pageCache: new client.Counter({
      ...metric,
      name: "page_cache_requests_total",
      help: "Anonymous page requests answered from the page cache (hit) or rendered and kept (miss).",
      labelNames: ["result"] as const,
    }),
    renderDuration: new client.Histogram({
      ...metric,
      name: "page_render_duration_seconds",
      help: "Time to render an HTML page that did not come from the page cache, by route id.",
      labelNames: ["route"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    }),
    outboxOutcomes: new client.Counter({
      ...metric,
      name: "outbox_outcomes_total",
      help: "Recorded tries of the durable queue's rows, by queue (mail, webhooks) and outcome: done, retry, gave-up, dead.",
      labelNames: ["queue", "outcome"] as const,
    }),
    mailFailures: new client.Counter({
      ...metric,
      name: "mail_send_failures_total",
      help: "Mail sends that failed (each is retried until its attempts run out).",
      labelNames: ["final"] as const,
    }),
    mailBounces: new client.Counter({
      ...metric,
      name: "mail_bounces_total",
      help: "Mails the SMTP server refused for good (5xx to the recipient or the content): not retried.",
    }),
    webhookDeliveries: new client.Counter({
      ...metric,
      name: "webhook_deliveries_total",
      help: "Webhook delivery attempts to the systems that carry requests out, by outcome: delivered, retry, gave-up.",
      labelNames: ["outcome"] as const,
    }),
    rateLimitRefusals: new client.Counter({
      ...metric,
      name: "rate_limit_refusals_total",
      help: "Submissions refused by a limit, by limit.",
      labelNames: ["limit"] as const,
    }),
    signInFailures: new client.Counter({
      ...metric,
      name: "staff_sign_in_failures_total",
      help: "Staff sign-ins refused, by reason.",
      labelNames: ["reason"] as const,
    }),
    labelRenders: new client.Counter({
      ...metric,
      name: "political_ad_label_renders_total",
      help: "Print labels of political ads rendered (each is kept and served again) or refused because too many renders waited, by format.",
      labelNames: ["format", "result"] as const,
    }),
    retentionDeletions: new client.Counter({
      ...metric,
      name: "retention_deletions_total",
      help: "Records deleted or emptied by the retention run, by kind.",
      labelNames: ["kind"] as const,
    }),
  };
}

type Metrics = ReturnType<typeof createMetrics>;
const processMetrics = singleton<Metrics>("metrics");

export function metrics(): Metrics {
  return processMetrics.get(createMetrics);
}
