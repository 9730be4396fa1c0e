/**
 * Each webhook system's health for /metrics, read from the register when
 * Prometheus scrapes (every instance reports the same fleet-wide values):
 * 1 while its receiver does not answer, 1 while it is paused for an address
 * in a private network. Labelled by the system's id from the register, no
 * personal data.
 */
import type { Kysely } from "kysely";
import client from "prom-client";

import type { Database } from "~/db/schema";
import { metrics } from "~/utils/metrics.server";
import { singleton } from "~/utils/singleton.server";

/** The database the gauges read: the latest one registered (a process has one; a test run opens several). */
const source = singleton<{ db: Kysely<Database> }>("system-gauges");

export function registerSystemGauges(db: Kysely<Database>): void {
  const registered = source.peek();
  source.set({ db });
  if (registered) return;
  const registers = [metrics().registry];
  const webhookSystems = () =>
    source
      .peek()!
      .db.selectFrom("data_system")
      .select(["id", "unreachable_since", "paused_reason"])
      .where("channel", "=", "webhook")
      .execute();
  new client.Gauge({
    name: "webhook_system_unreachable",
    help: "1 while a webhook system's receiver does not answer (it is probed; its deliveries go out when it answers), else 0.",
    labelNames: ["system"] as const,
    registers,
    async collect() {
      this.reset();
      for (const system of await webhookSystems()) this.set({ system: system.id }, system.unreachable_since ? 1 : 0);
    },
  });
  new client.Gauge({
    name: "webhook_system_paused",
    help: "1 while a webhook system is paused because its address leads into a private network (its deliveries wait), else 0.",
    labelNames: ["system"] as const,
    registers,
    async collect() {
      this.reset();
      for (const system of await webhookSystems()) this.set({ system: system.id }, system.paused_reason ? 1 : 0);
    },
  });
}
