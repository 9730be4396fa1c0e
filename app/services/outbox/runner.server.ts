/**
 * This process's worker of each queue: started once at the server's start,
 * stopped at its shutdown. Waking them is the queue's own business
 * (wake.server.ts), so nothing else needs to hold on to them.
 */
import { singleton } from "~/utils/singleton.server";

import type { QueueName } from "./queue.server";
import type { QueueWorker } from "./worker.server";

const running = singleton<Map<QueueName, QueueWorker>>("queue-workers");
const workers = () => running.get(() => new Map());

/** Starts the queue's worker unless this process already runs one. */
export async function startWorkerOnce(queue: QueueName, start: () => Promise<QueueWorker>): Promise<boolean> {
  if (workers().has(queue)) return false;
  workers().set(queue, await start());
  return true;
}

/** Lets the queue's sends in flight finish (a few seconds at most) and gives back the rest. */
export async function stopWorker(queue: QueueName): Promise<void> {
  const worker = workers().get(queue);
  workers().delete(queue);
  await worker?.stop();
}
