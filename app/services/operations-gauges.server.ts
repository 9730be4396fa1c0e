/**
 * The figures operators watch that live in the database, read
 * when Prometheus scrapes (a few counts, indexed): the outbox's depth and
 * the age of its oldest unsent mail, privacy requests per state and how
 * many are overdue. Every instance reports the same fleet-wide values.
 */
import client from "prom-client";

import type { Db } from "~/db/db.server";
import { ACTIVE_STATES, REQUEST_STATES } from "~/domain/privacy-request";
import { metrics } from "~/utils/metrics.server";
import { singleton } from "~/utils/singleton.server";

import { overdueTasks } from "./systems/request-tasks.server";

const registered = singleton<true>("operations-gauges");

export function registerOperationsGauges(db: Db): void {
  if (registered.peek()) return;
  registered.set(true);
  const registers = [metrics().registry];
  new client.Gauge({
    name: "outbox_pending_mails",
    help: "Mails written but not yet sent (waiting for their first or next attempt).",
    registers,
    async collect() {
      const row = await db
        .selectFrom("outbox")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("status", "=", "pending")
        .executeTakeFirstOrThrow();
      this.set(Number(row.n));
    },
  });
  new client.Gauge({
    name: "outbox_oldest_pending_age_seconds",
    help: "How long the oldest unsent mail has waited (0 when none waits).",
    registers,
    async collect() {
      const row = await db
        .selectFrom("outbox")
        .select((eb) => eb.fn.min("created_at").as("oldest"))
        .where("status", "=", "pending")
        .executeTakeFirst();
      const oldest = row?.oldest ? Date.parse(String(row.oldest)) : NaN;
      this.set(Number.isNaN(oldest) ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
    },
  });
  new client.Gauge({
    name: "outbox_due_mails",
    help: "Unsent mails whose (next) attempt is due now: with a working worker, close to 0.",
    registers,
    async collect() {
      const row = await db
        .selectFrom("outbox")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", new Date().toISOString())
        .executeTakeFirstOrThrow();
      this.set(Number(row.n));
    },
  });
  new client.Gauge({
    name: "outbox_last_sent_timestamp_seconds",
    help: "When the last mail was accepted by the SMTP server, by any instance (Unix time; 0 before the first).",
    registers,
    async collect() {
      const row = await db
        .selectFrom("outbox")
        .select((eb) => eb.fn.max("sent_at").as("last"))
        .where("status", "=", "sent")
        .executeTakeFirst();
      const last = row?.last ? Date.parse(String(row.last)) : NaN;
      this.set(Number.isNaN(last) ? 0 : last / 1000);
    },
  });
  new client.Gauge({
    name: "outbox_failed_mails",
    help: "Mails given up on after every attempt failed (they stay until someone looks).",
    registers,
    async collect() {
      const row = await db
        .selectFrom("outbox")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("status", "=", "failed")
        .executeTakeFirstOrThrow();
      this.set(Number(row.n));
    },
  });
  new client.Gauge({
    name: "system_tasks_overdue",
    help: "Tasks a system has not answered although their request is due within 5 days (or overdue).",
    registers,
    async collect() {
      this.set((await overdueTasks(db, new Date())).length);
    },
  });
  new client.Gauge({
    name: "webhook_deliveries",
    help: "Webhook deliveries to the systems by status (pending: waiting for their first or next attempt; failed: every attempt used up).",
    labelNames: ["status"] as const,
    registers,
    async collect() {
      const rows = await db
        .selectFrom("webhook_delivery")
        .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
        .where("status", "in", ["pending", "failed"])
        .groupBy("status")
        .execute();
      const byStatus = new Map(rows.map((row) => [row.status, Number(row.n)]));
      for (const status of ["pending", "failed"] as const) this.set({ status }, byStatus.get(status) ?? 0);
    },
  });
  new client.Gauge({
    name: "privacy_requests",
    help: "Privacy requests by state.",
    labelNames: ["state"] as const,
    registers,
    async collect() {
      const rows = await db
        .selectFrom("privacy_request")
        .select(["state", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy("state")
        .execute();
      const byState = new Map(rows.map((row) => [row.state, Number(row.n)]));
      for (const state of REQUEST_STATES) this.set({ state }, byState.get(state) ?? 0);
    },
  });
  new client.Gauge({
    name: "privacy_requests_overdue",
    help: "Open or in-progress privacy requests past their due date (GDPR Art. 12(3)).",
    registers,
    async collect() {
      const row = await db
        .selectFrom("privacy_request")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("state", "in", ACTIVE_STATES)
        .where("due_at", "<", new Date().toISOString())
        .executeTakeFirstOrThrow();
      this.set(Number(row.n));
    },
  });
}
