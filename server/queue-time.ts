/**
 * Shedding on what requests have waited (server/overload.ts), after CoDel and
 * Facebook's adaptive queue timeouts. A request's queue time runs from its
 * arrival (server/arrivals.ts: for a new connection, its acceptance) until it
 * is let in to do its work (server/event-loop.ts `admitInTurns`).
 *
 * - A request that has already waited longer than the budget is refused
 *   (503, Retry-After) without its work: when it arrives, or when its turn
 *   comes. Its client has waited long enough; the work would make everyone
 *   behind it wait longer still.
 * - A queue that does not drain is told from a burst by its minimum: in a
 *   burst some request still gets in quickly, in a standing queue every
 *   request waits. Each 0.1 s window in which every request let in had
 *   waited more than four fifths of the budget, a tenth more of the new
 *   requests are refused at once, before any work (so the rest are refused
 *   fast instead of after waiting); each window in which one had not, a
 *   tenth fewer. The share settles where the queue stays under the budget.
 * - Connections waiting in the kernel's listen queue are out of sight, but
 *   Node takes one per turn of the event loop: a window whose turns all took
 *   a new connection (the listen queue never emptied) raises the share too.
 *
 * A few clients that each wait for their answer never build such a queue
 * (twenty of them wait at most for nineteen others), however busy the loop.
 */

/** CoDel's interval: how long every request must have waited before the queue counts as standing. */
const WINDOW_MS = 100;
/**
 * A queue stands when every request let in had waited more than this share
 * of the budget (%): close to the budget, so that a hundred clients that each
 * wait for their answer (a queue of ~0.25 s at the sustainable rate) are
 * served, and the share refused at once keeps the rest under the budget.
 */
const TARGET_SHARE_OF_BUDGET = 80;
/** Turns in a window that must all have taken a new connection before the listen queue counts as standing. */
const MIN_TURNS = 10;
/** The share refused at once moves by one of this many steps per window (a tenth; measured with `npm run bench:load`). */
const SHARE_STEPS = 10;

export type QueueTimeSettings = {
  /** The longest a request may wait before its work starts (ms); 0: never refused for its wait. */
  budgetMs: number;
  windowMs?: number;
  random?: () => number;
};

export type QueueTimeShedder = {
  /** A new request that has waited `waitedMs` so far: whether to refuse it at once. */
  refuseOnArrival: (waitedMs: number) => boolean;
  /** A turn of the queue (`admitInTurns`): whether it took a new connection (then the kernel's listen queue was not empty). */
  turn: (tookConnection: boolean) => void;
  /** A request whose turn came after `waitedMs`: whether it may do its work (false: refuse it). */
  admit: (waitedMs: number) => boolean;
  /** The share of new requests refused at once (0–1). */
  share: () => number;
  stop: () => void;
};

export function queueTimeShedder(settings: QueueTimeSettings): QueueTimeShedder {
  const { budgetMs } = settings;
  const random = settings.random ?? Math.random;
  const targetMs = (budgetMs * TARGET_SHARE_OF_BUDGET) / 100;
  // The share in whole steps, so that it comes back to exactly 0.
  let steps = 0;
  // The shortest wait of the requests let in during the current window.
  let shortestWait = Number.POSITIVE_INFINITY;
  // The turns of the current window, and whether one of them found the listen queue empty.
  let turns = 0;
  let listenQueueEmptied = false;
  const window = () => {
    // No request let in at all (everything refused, or nothing came): nothing stands in the queue.
    const standing = Number.isFinite(shortestWait) && shortestWait > targetMs;
    // Connections waiting in the kernel's listen queue at every turn: their wait is unseen, but it never ended.
    const standingInKernel = turns >= MIN_TURNS && !listenQueueEmptied;
    steps = standing || standingInKernel ? Math.min(SHARE_STEPS, steps + 1) : Math.max(0, steps - 1);
    shortestWait = Number.POSITIVE_INFINITY;
    turns = 0;
    listenQueueEmptied = false;
  };
  const timer = budgetMs > 0 ? setInterval(window, settings.windowMs ?? WINDOW_MS) : undefined;
  timer?.unref();

  return {
    refuseOnArrival: (waitedMs) =>
      budgetMs > 0 && (waitedMs > budgetMs || (steps > 0 && random() < steps / SHARE_STEPS)),
    turn: (tookConnection) => {
      turns += 1;
      if (!tookConnection) listenQueueEmptied = true;
    },
    admit: (waitedMs) => {
      if (budgetMs <= 0) return true;
      shortestWait = Math.min(shortestWait, waitedMs);
      return waitedMs <= budgetMs;
    },
    share: () => steps / SHARE_STEPS,
    stop: () => {
      if (timer) clearInterval(timer);
    },
  };
}
