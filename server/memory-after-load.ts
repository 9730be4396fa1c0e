/**
 * Gives the memory a burst used back once the burst is over. Under
 * load V8 grows its heap to keep up with the garbage, and an idle process
 * allocates too little to collect it again: RSS stayed at 300+ MB, of which
 * 40 MB were live, long after a burst that started at 140 MB. When the heap
 * has grown past its size at start (16 MB: at 48 MB, bursts
 * left 70 MB behind) and the event loop has been close to
 * idle for a whole check, this runs a full collection, which lets V8 shrink
 * the heap and return the pages. Never while busy, and only after growth, so
 * it costs a visitor nothing; a heap that stays big through a few
 * collections holds live data and is left alone until it grows again.
 */
import v8 from "node:v8";
import vm from "node:vm";

import { eventLoopUtilizationSampler } from "./event-loop";

/** How often the heap and the event loop are looked at. */
const CHECK_INTERVAL_MS = 2000;
/** Growth of the heap over its size at start (bytes) that is worth a collection. */
const GROWTH_WORTH_COLLECTING = 16 * 1024 * 1024;
/** Collections in a row that did not shrink the heap before it counts as full of live data. */
const FRUITLESS_COLLECTIONS = 3;
/** A collection that leaves more than this share of the heap did not shrink it. */
const SHRUNK = 0.9;
/** The event loop's utilisation over a check below which the process counts as idle. */
const IDLE_UTILIZATION = 0.05;

type Collect = () => void;

export type MemoryWatch = {
  /** A full collection (V8's own unless a test gives one). */
  collect?: Collect;
  /** The size of the heap (bytes). */
  heapSize?: () => number;
  /** The event loop's utilisation (0–1) since the previous call. */
  busyShare?: () => number;
  intervalMs?: number;
};

/** V8's full collection; `--expose-gc` is set for this process's new contexts only. */
function fullCollection(): Collect {
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as Collect;
}

let timer: NodeJS.Timeout | undefined;

export function startReturningMemoryWhenIdle(watch: MemoryWatch = {}): void {
  const collect = watch.collect ?? fullCollection();
  const heapSize = watch.heapSize ?? (() => process.memoryUsage().heapTotal);
  const busyShare = watch.busyShare ?? eventLoopUtilizationSampler();
  // The size above which a collection is worth it: the start's, or, when a
  // collection could not shrink the heap (it holds that much), that size.
  let collectAbove = heapSize() + GROWTH_WORTH_COLLECTING;
  let fruitless = 0;
  timer = setInterval(() => {
    const busy = busyShare();
    const before = heapSize();
    if (busy >= IDLE_UTILIZATION || before <= collectAbove) return;
    collect();
    // V8 often shrinks the heap only on a later collection than the one that
    // emptied it; after a few that shrink nothing, the heap holds that much.
    const after = heapSize();
    fruitless = after > before * SHRUNK ? fruitless + 1 : 0;
    if (fruitless >= FRUITLESS_COLLECTIONS) {
      collectAbove = after + GROWTH_WORTH_COLLECTING;
      fruitless = 0;
    }
  }, watch.intervalMs ?? CHECK_INTERVAL_MS);
  timer.unref();
}

export function stopReturningMemoryWhenIdle(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}
