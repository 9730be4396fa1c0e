/**
 * The database's part of `/readyz`: whether it takes a
 * write (app/db/write-probe.server.ts). However often probes come (an
 * orchestrator, a load balancer, someone's curl loop), the database is
 * written at most once per CACHE_MS and never twice at once; a write that
 * hangs (a lost connection) answers "not ready" after WAIT_MS instead of
 * holding the probe past its own timeout. A change either way is logged
 * once, with the database's error, as /readyz itself is not in the log.
 */
import { getLogger } from "~/utils/logger.server";

/** How long an answer is reused. */
const CACHE_MS = 1000;
/** How long a probe waits for the write. */
const WAIT_MS = 2000;

export type ReadinessCheck = () => Promise<boolean>;

type Logger = { warn: (details: object, message: string) => void; info: (message: string) => void };

export function databaseWriteReadiness(
  /** Writes to the database; throws when it cannot. */
  write: () => Promise<void>,
  options: { cacheMs?: number; waitMs?: number; now?: () => number; logger?: () => Logger } = {},
): ReadinessCheck {
  const { cacheMs = CACHE_MS, waitMs = WAIT_MS, now = () => performance.now(), logger = getLogger } = options;
  let last: { at: number; writable: boolean } | undefined;
  let pending: Promise<boolean> | undefined;

  const probe = async () => {
    let writable = true;
    try {
      await write();
    } catch (error) {
      writable = false;
      if (last?.writable !== false) logger().warn({ err: error }, "the database refuses writes: /readyz answers 503");
    }
    if (writable && last?.writable === false) logger().info("the database takes writes again: /readyz answers 200");
    last = { at: now(), writable };
    return writable;
  };

  return async () => {
    if (last && now() - last.at < cacheMs) return last.writable;
    pending ??= probe().finally(() => (pending = undefined));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tooLong = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), waitMs)));
    try {
      return await Promise.race([pending, tooLong]);
    } finally {
      clearTimeout(timer);
    }
  };
}
