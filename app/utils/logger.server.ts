import pino from "pino";
import { getConfig } from "~/config.server";

const globalForLogger = globalThis as unknown as { __appLogger?: pino.Logger };

/** Structured JSON logs on stdout (one logger per process). */
export function getLogger(): pino.Logger {
  globalForLogger.__appLogger ??= pino({
    level: getConfig().LOG_LEVEL,
    base: undefined,
    redact: ["req.headers.cookie", 'res.headers["set-cookie"]'],
  });
  return globalForLogger.__appLogger;
}
