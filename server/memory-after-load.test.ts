/**
 * After a burst the process gives its memory back
 * (server/memory-after-load.ts): a full collection once the heap has grown
 * and the event loop is idle, never while busy, and not over and over when
 * the heap holds what it holds. The heap and the loop are the test's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { startReturningMemoryWhenIdle, stopReturningMemoryWhenIdle } from "./memory-after-load";

const MB = 1024 * 1024;
const CHECK_MS = 1000;

function watchedProcess() {
  const state = { heap: 100 * MB, busy: 0, collections: 0, heapAfterCollection: 60 * MB };
  startReturningMemoryWhenIdle({
    collect: () => {
      state.collections += 1;
      state.heap = state.heapAfterCollection;
    },
    heapSize: () => state.heap,
    busyShare: () => state.busy,
    intervalMs: CHECK_MS,
  });
  return { state, check: () => vi.advanceTimersByTime(CHECK_MS) };
}

describe("memory after a burst", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  });
  afterEach(() => {
    stopReturningMemoryWhenIdle();
    vi.useRealTimers();
  });

  it("collects once the grown heap finds the event loop idle, not while the burst goes on", () => {
    const { state, check } = watchedProcess();
    state.heap = 300 * MB;
    state.busy = 0.9;
    check();
    check();
    expect(state.collections).toBe(0);

    state.busy = 0.01;
    check();
    expect(state.collections).toBe(1);
    expect(state.heap).toBe(60 * MB);
    check();
    expect(state.collections).toBe(1);
  });

  it("leaves a heap alone that has not grown much past its size at start", () => {
    const { state, check } = watchedProcess();
    state.heap = 110 * MB;
    check();
    check();
    expect(state.collections).toBe(0);
  });

  it("collects a heap that grew 20 MB (at 48 MB, bursts left 70 MB behind)", () => {
    const { state, check } = watchedProcess();
    state.heap = 120 * MB;
    check();
    expect(state.collections).toBe(1);
  });

  it("does not collect again and again when the heap holds what it holds, until it grows further", () => {
    const { state, check } = watchedProcess();
    state.heap = 300 * MB;
    state.heapAfterCollection = 295 * MB;
    for (let i = 0; i < 6; i++) check();
    // A few tries, as V8 may shrink only on a later collection; then it is live data.
    expect(state.collections).toBe(3);

    state.heap = 400 * MB;
    state.heapAfterCollection = 120 * MB;
    check();
    expect(state.collections).toBe(4);
    expect(state.heap).toBe(120 * MB);
  });

  it("tries again when a collection emptied the heap but V8 shrank it only a little", () => {
    const { state, check } = watchedProcess();
    state.heap = 300 * MB;
    state.heapAfterCollection = 290 * MB;
    check();
    state.heapAfterCollection = 70 * MB;
    check();
    expect(state.collections).toBe(2);
    expect(state.heap).toBe(70 * MB);
  });
});
