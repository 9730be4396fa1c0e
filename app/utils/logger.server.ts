import pino from "pino";

import { getConfig } from "~/config.server";

import { singleton } from "./singleton.server";

const processLogger = singleton<pino.Logger>("logger");

/** Structured JSON logs on stdout (one logger per process). */
export function getLogger(): pino.Logger {
  return processLogger.get(() =>
    pino({
      level: getConfig().LOG_LEVEL,
      base: undefined,
      redact: ["req.headers.cookie", 'res.headers["set-cookie"]'],
    }),
  );
}
