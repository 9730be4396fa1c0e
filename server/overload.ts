/**
 * Load shedding, after Fastify's under-pressure: when the event
 * loop lags, too many requests are already in progress, queries queue for
 * the database, or requests wait longer than they may before their work
 * starts (server/queue-time.ts: a crowd opening a connection per request
 * queues where none of the others sees it), a new request gets a quick 503 with Retry-After
 * instead of joining a queue that makes every visitor wait (at 345 form
 * posts a second a page took 8.9 s). Asked first by server.ts, before
 * Express, and again in server/app.ts after the health checks, so a shed
 * request costs next to no work; /readyz says "overloaded" meanwhile so a
 * load balancer sends traffic elsewhere. Thresholds: docs/overload.md.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";

import type express from "express";

import { getConfig } from "~/config.server";
import { POSTGRES_POOL } from "~/db/db.server";
import { databaseWaiting } from "~/db/instance.server";
import { NO_STORE } from "~/utils/json-error";
import { getLogger } from "~/utils/logger.server";
import { metrics } from "~/utils/metrics.server";

import { arrivalClock, type ArrivalClock } from "./arrivals";
import { busyAnswer } from "./busy-answer";
import { admitInTurns, eventLoopDelaySampler } from "./event-loop";
import { queueTimeShedder } from "./queue-time";

/** How often the event-loop delay is read: often enough to react within a burst, rarely enough to average over many loop turns. */
const SAMPLE_INTERVAL_MS = 500;
/** Over the threshold this many samples in a row (a second) before the delay sheds. */
const LATE_SAMPLES_TO_SHED = 2;
/** An episode (its log lines, /readyz's "overloaded") ends only after this many samples in a row without a reason to shed (2 s), so alternating windows do not flap. */
const QUIET_SAMPLES_TO_END = 4;

export type OverloadSettings = {
  /** Mean event-loop delay (ms) above which, two samples in a row, new requests are shed; 0: never. */
  maxEventLoopDelayMs: number;
  /** Requests in progress (working or waiting for their turn) at which a new one is shed; 0: no cap. */
  maxInFlight: number;
  /**
   * The longest a request may wait before its work starts (ms): past it, it is
   * refused; while every request waits more than four fifths of it, a growing share
   * of new ones is refused at once. 0: never. See server/queue-time.ts.
   */
  maxQueueMs?: number;
  /** When a request arrived (server/arrivals.ts); when the guard first sees it unless given. */
  arrivedAt?: (req: IncomingMessage) => number;
  /** Connections accepted since the previous call (server/arrivals.ts); none unless given. */
  takeAccepted?: () => number;
  queueWindowMs?: number;
  /** The dice for the share refused at once; Math.random unless a test gives its own. */
  random?: () => number;
  /**
   * Queries waiting for a database connection at which a new request is shed
   * (on PostgreSQL the pool's queue grew to seconds); 0: no cap.
   */
  maxDatabaseWaiting?: number;
  /** How many queries wait for a connection now (the process's pool unless a test gives its own). */
  databaseWaiting?: () => number;
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
  /**
   * The same decision before any other work (server.ts calls it first): true
   * when it answered the 503 itself. A crowd that opens a connection per
   * request costs about a millisecond a request in Express's stack (the
   * access log, compression, headers, routers); refused here it costs a
   * fraction, so more of the loop is left for the requests let in.
   */
  refuseEarly: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** From the first shed request (or an over-threshold sample) until a sample finds the server below both thresholds. */
  isShedding: () => boolean;
  inFlight: () => number;
  stop: () => void;
};

type Reason = "event-loop-delay" | "queue-time" | "in-flight" | "database-queue";

function refuse(req: express.Request, res: express.Response, retryAfterSeconds: number): void {
  const answer = busyAnswer(req.originalUrl, req.get("Host"), retryAfterSeconds);
  res.locals.logReason = "overloaded";
  res
    .status(503)
    .set({ "Retry-After": String(retryAfterSeconds), ...NO_STORE, "Content-Type": answer.contentType })
    .send(answer.body);
}

/** What is never shed: the probes and scrapes (an orchestrator must see the state), and fingerprinted assets (served before the app). */
const NEVER_SHED = /^\/(?:healthz|readyz|metrics)(?:[?/]|$)|^\/assets\//;

/** `refuse` on Node's own response: the same answer, without Express. */
function refuseRaw(req: IncomingMessage, res: ServerResponse, retryAfterSeconds: number): void {
  const started = performance.now();
  const answer = busyAnswer(req.url ?? "/", req.headers.host, retryAfterSeconds);
  res.writeHead(503, {
    "Retry-After": String(retryAfterSeconds),
    ...NO_STORE,
    "Content-Type": answer.contentType,
    "Content-Length": Buffer.byteLength(answer.body),
    "X-Content-Type-Options": "nosniff",
  });
  res.end(answer.body);
  metrics().httpDuration.observe(
    { route: "none", method: "OTHER", status_class: "5xx" },
    (performance.now() - started) / 1000,
  );
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
  const maxDatabaseWaiting = settings.maxDatabaseWaiting ?? 0;
  const waitingForDatabase = settings.databaseWaiting ?? (() => 0);
  const queue = queueTimeShedder({
    budgetMs: settings.maxQueueMs ?? 0,
    windowMs: settings.queueWindowMs,
    random: settings.random,
  });
  const arrivedAt = settings.arrivedAt ?? arrivalClock().arrivedAt;
  const accepted = settings.takeAccepted ?? (() => 0);
  const takeAccepted = () => {
    const count = accepted();
    queue.turn(count > 0);
    return count;
  };
  const waited = (req: IncomingMessage) => performance.now() - arrivedAt(req);
  // One warning when shedding starts and one when it stops, never one per request.
  let episode: { startedAt: number; shed: number; quietSamples: number } | null = null;

  const overloadReason = (): Reason | null => {
    if (watchesDelay && lateSamples >= LATE_SAMPLES_TO_SHED) return "event-loop-delay";
    if (maxInFlight > 0 && inFlight >= maxInFlight) return "in-flight";
    if (maxDatabaseWaiting > 0 && waitingForDatabase() >= maxDatabaseWaiting) return "database-queue";
    return null;
  };
  /** For one request: every one while a threshold is crossed; by its wait so far, or by the share refused while the queue stands. */
  const refusalReason = (req: IncomingMessage): Reason | null =>
    overloadReason() ?? (queue.refuseOnArrival(waited(req)) ? "queue-time" : null);
  const startEpisode = (reason: Reason) => {
    logger.warn({ reason, eventLoopDelayMs: Math.round(delayMs), inFlight }, "overloaded: shedding new requests");
    return { startedAt: Date.now(), shed: 0, quietSamples: 0 };
  };
  // Only a sample ends an episode, and only after a quiet spell, so a cap
  // reached and left request by request, or busy and idle windows taking
  // turns, do not flap.
  const sample = () => {
    delayMs = measureDelay();
    lateSamples = delayMs > maxEventLoopDelayMs ? lateSamples + 1 : 0;
    const reason = overloadReason() ?? (queue.share() > 0 ? "queue-time" : null);
    if (episode) episode.quietSamples = reason ? 0 : episode.quietSamples + 1;
    if (episode && episode.quietSamples >= QUIET_SAMPLES_TO_END) {
      logger.warn(
        { shed: episode.shed, durationMs: Date.now() - episode.startedAt },
        "no longer overloaded: accepting requests again",
      );
      episode = null;
    } else if (!episode && reason) {
      episode = startEpisode(reason);
    }
  };
  const admit = admitInTurns(settings.turnTargetMs, takeAccepted);
  const timer =
    watchesDelay || settings.maxQueueMs || maxInFlight > 0
      ? setInterval(sample, settings.sampleIntervalMs ?? SAMPLE_INTERVAL_MS)
      : null;
  timer?.unref();

  /** Requests `refuseEarly` let through: decided once. */
  const letThrough = new WeakSet<IncomingMessage>();
  /** The decision for a request: null to let it in, else why not (counted in the episode). */
  const decide = (req: IncomingMessage): Reason | null => {
    const reason = refusalReason(req);
    if (reason) countShed(reason);
    return reason;
  };
  const countShed = (reason: Reason) => {
    episode ??= startEpisode(reason);
    episode.shed += 1;
    episode.quietSamples = 0;
  };

  const refuseEarly = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (NEVER_SHED.test(req.url ?? "")) return false;
    if (decide(req)) {
      refuseRaw(req, res, retryAfterSeconds);
      return true;
    }
    letThrough.add(req);
    return false;
  };

  const shed: express.RequestHandler = (req, res, next) => {
    if (!letThrough.has(req) && decide(req)) {
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
    admit(res, () => {
      // Its turn came too late: the work would only make those behind it wait longer.
      if (!queue.admit(waited(req))) {
        countShed("queue-time");
        refuse(req, res, retryAfterSeconds);
        return;
      }
      next();
    });
  };

  return {
    shed,
    refuseEarly,
    isShedding: () => episode !== null,
    inFlight: () => inFlight,
    stop: () => {
      if (timer) clearInterval(timer);
      queue.stop();
    },
  };
}

let processGuard: OverloadGuard | undefined;
let arrivals: ArrivalClock | undefined;

/** Follows the site server's connections, so a request's queue time counts from its connection's acceptance (server.ts, before it listens). */
export function watchArrivals(server: Server): void {
  arrivals?.stop();
  arrivals = arrivalClock(server);
}

/** The process's guard, made from the configuration on first use. */
export function overloadGuard(): OverloadGuard {
  if (!processGuard) {
    const config = getConfig();
    processGuard = createOverloadGuard({
      maxEventLoopDelayMs: config.OVERLOAD_EVENT_LOOP_DELAY_MS,
      maxInFlight: config.OVERLOAD_MAX_IN_FLIGHT,
      maxQueueMs: config.OVERLOAD_MAX_QUEUE_MS,
      arrivedAt: (req) => (arrivals ??= arrivalClock()).arrivedAt(req),
      takeAccepted: () => arrivals?.takeAccepted() ?? 0,
      // Twice the pool: a queue the pool's next round of queries clears.
      maxDatabaseWaiting: 2 * POSTGRES_POOL.max,
      databaseWaiting,
      retryAfterSeconds: config.OVERLOAD_RETRY_AFTER_SECONDS,
    });
  }
  return processGuard;
}

/** The process's guard as middleware (server/app.ts). */
export const shedWhenOverloaded: express.RequestHandler = (req, res, next) => overloadGuard().shed(req, res, next);

/** The process's guard before Express (server.ts, through server/app.ts). */
export const refuseWhenOverloaded = (req: IncomingMessage, res: ServerResponse): boolean =>
  overloadGuard().refuseEarly(req, res);
