/**
 * Load shedding (issue 24), after Fastify's under-pressure: when the event
 * loop lags or too many requests are already in progress, a new request gets
 * a quick 503 with Retry-After instead of joining a queue that makes every
 * visitor wait (at 345 form posts a second a page took 8.9 s). Mounted
 * first in server/app.ts, after the health checks, so a shed request costs
 * no work; /readyz says "overloaded" meanwhile so a load balancer sends
 * traffic elsewhere. Thresholds: docs/overload.md.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import type express from "express";
import { getConfig } from "~/config.server";
import { getLogger } from "~/utils/logger.server";
import { jsonErrorBody, NO_STORE } from "~/utils/json-error";

/** How often the event-loop delay is read: often enough to react within a burst, rarely enough to average over many loop turns. */
const SAMPLE_INTERVAL_MS = 500;
/** Over the threshold this many samples in a row (a second) before the delay sheds. */
const LATE_SAMPLES_TO_SHED = 2;
/** The delay histogram's own timer period (ms); what it measures beyond this is lag. */
const HISTOGRAM_RESOLUTION_MS = 10;
/** How long a turn of the event loop may take while requests wait to be let in (see `admitInTurns`). */
const TURN_TARGET_MS = 3;
const MAX_ADMITTED_PER_TURN = 64;

export type OverloadSettings = {
  /** Mean event-loop delay (ms) above which, two samples in a row, new requests are shed; 0: never. */
  maxEventLoopDelayMs: number;
  /** Requests in progress (working or waiting for their turn) at which a new one is shed; 0: no cap. */
  maxInFlight: number;
  /** The length of a turn of the event loop (ms) that requests are let in to keep to. */
  turnTargetMs?: number;
  retryAfterSeconds: number;
  /** The event loop's delay (ms) since the previous call; a histogram unless a test gives its own. */
  measureDelay?: () => number;
  sampleIntervalMs?: number;
  logger?: { warn: (details: object, message: string) => void };
};

export type OverloadGuard = {
  /** Middleware: sheds the request when overloaded, otherwise counts it in flight until it ends. */
  shed: express.RequestHandler;
  /** From the first shed request (or an over-threshold sample) until a sample finds the server below both thresholds. */
  isShedding: () => boolean;
  inFlight: () => number;
  stop: () => void;
};

type Reason = "event-loop-delay" | "in-flight";

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
function admitInTurns(targetMs: number) {
  const waiting: Array<{ res: express.Response; next: () => void }> = [];
  let perTurn = 1;
  let scheduled = false;
  // When the previous turn that let requests in ran, while requests kept waiting.
  let previousTurnAt: number | undefined;
  const turn = () => {
    scheduled = false;
    const now = performance.now();
    if (previousTurnAt !== undefined) {
      perTurn = now - previousTurnAt <= targetMs ? Math.min(perTurn + 1, MAX_ADMITTED_PER_TURN) : Math.max(1, perTurn >> 1);
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

function refuse(req: express.Request, res: express.Response, retryAfterSeconds: number): void {
  const message = `The server is busy. Please try again in ${retryAfterSeconds} seconds.`;
  res.locals.logReason = "overloaded";
  res.status(503).set({ "Retry-After": String(retryAfterSeconds), ...NO_STORE });
  if (req.path.startsWith("/api/")) res.json(jsonErrorBody("UNAVAILABLE", { message }));
  else res.type("text/plain").send(message);
}

export function createOverloadGuard(settings: OverloadSettings): OverloadGuard {
  const { maxEventLoopDelayMs, maxInFlight, retryAfterSeconds } = settings;
  const logger = settings.logger ?? getLogger();
  const watchesDelay = maxEventLoopDelayMs > 0;
  const measureDelay = settings.measureDelay ?? (watchesDelay ? eventLoopDelaySampler() : () => 0);
  let delayMs = 0;
  // Samples in a row over the threshold: one long stall (a cold start's first
  // renders, a GC pause) is not overload; a loop that stays late is.
  let lateSamples = 0;
  let inFlight = 0;
  // One warning when shedding starts and one when it stops, never one per request.
  let episode: { startedAt: number; shed: number } | null = null;

  const overloadReason = (): Reason | null => {
    if (watchesDelay && lateSamples >= LATE_SAMPLES_TO_SHED) return "event-loop-delay";
    if (maxInFlight > 0 && inFlight >= maxInFlight) return "in-flight";
    return null;
  };
  const startEpisode = (reason: Reason) => {
    logger.warn({ reason, eventLoopDelayMs: Math.round(delayMs), inFlight }, "overloaded: shedding new requests");
    return { startedAt: Date.now(), shed: 0 };
  };
  // Only a sample ends an episode, so a cap reached and left request by request does not flap.
  const sample = () => {
    delayMs = measureDelay();
    lateSamples = delayMs > maxEventLoopDelayMs ? lateSamples + 1 : 0;
    const reason = overloadReason();
    if (episode && !reason) {
      logger.warn({ shed: episode.shed, durationMs: Date.now() - episode.startedAt }, "no longer overloaded: accepting requests again");
      episode = null;
    } else if (!episode && reason) {
      episode = startEpisode(reason);
    }
  };
  const admit = admitInTurns(settings.turnTargetMs ?? TURN_TARGET_MS);
  const timer = watchesDelay || maxInFlight > 0 ? setInterval(sample, settings.sampleIntervalMs ?? SAMPLE_INTERVAL_MS) : null;
  timer?.unref();

  const shed: express.RequestHandler = (req, res, next) => {
    const reason = overloadReason();
    if (reason) {
      episode ??= startEpisode(reason);
      episode.shed += 1;
      refuse(req, res, retryAfterSeconds);
      return;
    }
    inFlight += 1;
    // 'close' follows 'finish', and comes alone when the client went away.
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      inFlight -= 1;
    };
    res.once("finish", release);
    res.once("close", release);
    admit(res, () => next());
  };

  return {
    shed,
    isShedding: () => episode !== null,
    inFlight: () => inFlight,
    stop: () => {
      if (timer) clearInterval(timer);
    },
  };
}

let processGuard: OverloadGuard | undefined;

/** The process's guard, made from the configuration on first use. */
export function overloadGuard(): OverloadGuard {
  if (!processGuard) {
    const config = getConfig();
    processGuard = createOverloadGuard({
      maxEventLoopDelayMs: config.OVERLOAD_EVENT_LOOP_DELAY_MS,
      maxInFlight: config.OVERLOAD_MAX_IN_FLIGHT,
      retryAfterSeconds: config.OVERLOAD_RETRY_AFTER_SECONDS,
    });
  }
  return processGuard;
}

/** The process's guard as middleware (server/app.ts). */
export const shedWhenOverloaded: express.RequestHandler = (req, res, next) => overloadGuard().shed(req, res, next);
