/**
 * The running workers of each queue in this process, so that a row queued
 * here is claimed at once rather than at the next poll. Only the queue
 * wakes them (after the enqueuing transaction commits, store.server.ts):
 * no service has to remember to.
 */
import { singleton } from "~/utils/singleton.server";

import type { QueueName } from "./queue.server";

const wakers = singleton<Map<QueueName, Set<() => void>>>("queue-wakers");
const all = () => wakers.get(() => new Map());

/** Registers a worker's wake; the returned function unregisters it. */
export function onWake(queue: QueueName, wake: () => void): () => void {
  const set = all().get(queue) ?? new Set();
  all().set(queue, set.add(wake));
  return () => set.delete(wake);
}

/** Tells the queue's workers that there may be more due. */
export function wakeQueue(queue: QueueName): void {
  for (const wake of all().get(queue) ?? []) wake();
}
