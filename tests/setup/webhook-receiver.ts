/**
 * A system's webhook receiver for the tests, as a system owner would write
 * one: every delivery is verified with the `standardwebhooks` package (the
 * reference implementation of the signature) and its `action` checked
 * against the task's right: the right's own action, or `lift` when a
 * restriction ends. `problems()` lists every delivery that failed either
 * check, so a test asserts it is empty. It answers with the next of
 * `statuses` (then 204); `onAccepted` runs for each verified delivery it
 * answered with a 2xx (a real system then does the work and calls back).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

import { Webhook } from "standardwebhooks";

import { rightOf, type RightType, type SystemAction } from "~/domain/rights";

type TaskData = {
  taskId: string;
  system: string;
  reference: string;
  right: RightType;
  action: SystemAction;
  country: string;
  subject: Record<string, string>;
  details?: Record<string, unknown>;
  callbackUrl: string;
  [member: string]: unknown;
};

export type Delivery = { id: string; verified: boolean; body: { type: string; data: TaskData }; data: TaskData };

/** The actions a task of `right` may ask: the right's own, and the end of a restriction. */
function actionsOf(right: RightType): SystemAction[] {
  const { action } = rightOf(right);
  return action === "restrict" ? [action, "lift"] : [action];
}

export async function webhookReceiver(
  secret: string,
  options: { statuses?: number[]; onAccepted?: (delivery: Delivery) => void } = {},
) {
  const statuses = [...(options.statuses ?? [])];
  const deliveries: Delivery[] = [];
  const verifier = new Webhook(secret);
  const server = http.createServer((request, response) => {
    let text = "";
    request.on("data", (chunk) => (text += chunk));
    request.on("end", () => {
      let verified = true;
      try {
        verifier.verify(text, request.headers as Record<string, string>);
      } catch {
        verified = false;
      }
      const body = JSON.parse(text) as Delivery["body"];
      const delivery = { id: String(request.headers["webhook-id"]), verified, body, data: body.data };
      deliveries.push(delivery);
      const status = statuses.shift() ?? 204;
      response.statusCode = status;
      response.end();
      if (verified && status < 300) options.onAccepted?.(delivery);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/privacy-hooks`,
    deliveries,
    /** Each delivery whose signature did not verify, or whose action is not one its right may ask. */
    problems: () =>
      deliveries.flatMap((delivery) => [
        ...(delivery.verified ? [] : [`${delivery.id}: signature not verified`]),
        ...(actionsOf(delivery.data.right).includes(delivery.data.action)
          ? []
          : [`${delivery.id}: ${delivery.data.right} asked for ${String(delivery.data.action)}`]),
      ]),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
