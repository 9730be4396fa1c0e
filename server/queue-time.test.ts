/**
 * The share of new requests refused at once (server/queue-time.ts) follows
 * the connections waiting in the kernel's listen queue too: Node takes one
 * per turn, so turns that each take one, a whole window long, mean the queue
 * there never emptied.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { queueTimeShedder, type QueueTimeShedder } from "./queue-time";

describe("the share refused at once", () => {
  let shedder: QueueTimeShedder | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  });
  afterEach(() => {
    shedder?.stop();
    vi.useRealTimers();
  });

  const turns = (count: number, tookConnection: (turn: number) => boolean) => {
    for (let turn = 0; turn < count; turn++) shedder!.turn(tookConnection(turn));
  };

  it("grows while every turn of a window takes a new connection, and falls once a turn finds the listen queue empty", () => {
    shedder = queueTimeShedder({ budgetMs: 600, windowMs: 100, random: () => 0.15 });
    for (let window = 0; window < 2; window++) {
      turns(20, () => true);
      vi.advanceTimersByTime(100);
    }
    expect(shedder.share()).toBeCloseTo(0.2);
    expect(shedder.refuseOnArrival(0)).toBe(true);
    turns(20, (turn) => turn !== 10);
    vi.advanceTimersByTime(100);
    expect(shedder.share()).toBeCloseTo(0.1);
    expect(shedder.refuseOnArrival(0)).toBe(false);
  });

  it("does not grow for a few turns that happened to take connections (a handful of clients)", () => {
    shedder = queueTimeShedder({ budgetMs: 600, windowMs: 100 });
    turns(5, () => true);
    vi.advanceTimersByTime(100);
    expect(shedder.share()).toBe(0);
  });
});
