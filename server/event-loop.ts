/**
 * What the overload guard (server/overload.ts) reads of the event loop and
 * how it lets requests in: the loop's delay and its utilization, sampled on
 * timers, and a queue that admits requests a few per turn.
 */
import { monitorEventLoopDelay, performance, type EventLoopUtilization } from "node:perf_hooks";

import type express from "express";

/** The delay histogram's own timer period (ms); what it measures beyond this is lag. */
const HISTOGRAM_RESOLUTION_MS = 10;
/** How long a turn of the event loop may take while requests wait to be let in (see `admitInTurns`). */
const TURN_TARGET_MS = 3;
const MAX_ADMITTED_PER_TURN = 64;
/**
 * Turns in a row that may let no request in while each of them takes a new
 * connection (see `admitInTurns`): up to sixteen connections taken per turn
 * with work, more than four times the rate the work can be done at.
 */
const MAX_TURNS_FOR_CONNECTIONS = 16;

/** Mean lag of the event loop since the previous call, as under-pressure measures it. */
export function eventLoopDelaySampler(): () => number {
  const histogram = monitorEventLoopDelay({ resolution: HISTOGRAM_RESOLUTION_MS });
  histogram.enable();
  return () => {
    const lag = histogram.mean / 1e6 - HISTOGRAM_RESOLUTION_MS;
    histogram.reset();
    // No sample at all: the loop was blocked for the whole interval.
    return Number.isNaN(lag) ? Number.POSITIVE_INFINITY : Math.max(0, lag);
  };
}

/**
 * The share of time the event loop was busy since the previous call
 * (Node's `eventLoopUtilization`): server/memory-after-load.ts collects
 * garbage only while it is low. Not a reason to shed: a loop kept busy by a
 * few clients that each wait for their answer is at work, not overloaded
 * (server/queue-time.ts sheds on what requests wait).
 */
export function eventLoopUtilizationSampler(): () => number {
  let previous: EventLoopUtilization = performance.eventLoopUtilization();
  return () => {
    const current = performance.eventLoopUtilization();
    const window = performance.eventLoopUtilization(current, previous);
    previous = current;
    return window.utilization;
  };
}

/**
 * Lets requests in a few per turn of the event loop, first come first served.
 * With the embedded database a request's work runs without giving the loop
 * back, so a hundred requests that arrived together made one turn last
 * 200 ms. Node takes one new connection off the listen queue per turn, so
 * every new visitor, /healthz included, waited behind hundreds of others in
 * the kernel (p50 0.85 s at a hundred connections, 3 s at twice the load),
 * out of the guard's sight. Here a waiting request costs nothing and the loop
 * keeps turning: as many are let in per turn as keep a turn near
 * `TURN_TARGET_MS` (one more after a quick turn, half as many after a slow
 * one), so connections are taken and arrivals seen (or shed) within a few
 * milliseconds, at the same throughput.
 */
export function admitInTurns(targetMs = TURN_TARGET_MS, takeAccepted: () => number = () => 0) {
  const waiting: Array<{ res: express.Response; next: () => void }> = [];
  let perTurn = 1;
  let scheduled = false;
  // When the previous turn that let requests in ran, while requests kept waiting.
  let previousTurnAt: number | undefined;
  let turnsForConnections = 0;
  const turn = () => {
    scheduled = false;
    // A connection taken in this turn: more may be waiting in the kernel's
    // listen queue, where no one can see how long they wait. Node takes one
    // per turn, so a turn without work takes the next one sooner; the
    // requests then wait here, where their wait is seen (and shed).
    if (takeAccepted() > 0 && turnsForConnections < MAX_TURNS_FOR_CONNECTIONS) {
      turnsForConnections += 1;
      previousTurnAt = undefined;
      scheduled = true;
      setImmediate(turn);
      return;
    }
    turnsForConnections = 0;
    const now = performance.now();
    if (previousTurnAt !== undefined) {
      perTurn =
        now - previousTurnAt <= targetMs ? Math.min(perTurn + 1, MAX_ADMITTED_PER_TURN) : Math.max(1, perTurn >> 1);
    }
    let admitted = 0;
    while (admitted < perTurn && waiting.length > 0) {
      const { res, next } = waiting.shift()!;
      // The client went away while it waited: no work to do for it.
      if (res.destroyed) continue;
      admitted += 1;
      next();
    }
    previousTurnAt = waiting.length > 0 ? now : undefined;
    schedule();
  };
  const schedule = () => {
    if (!scheduled && waiting.length > 0) {
      scheduled = true;
      setImmediate(turn);
    }
  };
  return (res: express.Response, next: () => void) => {
    waiting.push({ res, next });
    schedule();
  };
}
