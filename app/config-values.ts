import { z } from "zod";

/** The kinds of value the configuration reads (app/config.server.ts), each with the message a wrong one gets. */
export const postgresUrl = z.string().refine((value) => /^postgres(ql)?:\/\/.+/.test(value), {
  message: "must be a postgres:// or postgresql:// URL",
});

export const smtpUrl = z.string().refine((value) => /^smtps?:\/\/.+/.test(value), {
  message: "must be an smtp:// or smtps:// URL",
});

export const emptyAsUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** A comma-separated list of host names, lower case (empty: none). */
export const hostList = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .regex(
      /^\s*[a-z0-9.-]+(\s*,\s*[a-z0-9.-]+)*\s*$/i,
      "must be a comma-separated list of host names, e.g. privacy.veldhavenmedia.nl",
    )
    .optional()
    .transform((value) => (value ? value.split(",").map((host) => host.trim().toLowerCase()) : [])),
);

/** The origin of a site as the outside world knows it: scheme and host only. */
export const publicOriginUrl = z.preprocess(
  emptyAsUndefined,
  z
    .url({ protocol: /^https?$/, message: "must be an http(s) origin, e.g. https://privacy.veldhavenmedia.nl" })
    .refine((value) => {
      if (!URL.canParse(value)) return true; // z.url() has said so
      const url = new URL(value);
      return url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
    }, "must be an origin only (scheme and host, no path), e.g. https://privacy.veldhavenmedia.nl")
    .optional(),
);

/**
 * When a failed webhook delivery is tried again, in seconds after
 * each failure ("5,300,1800"); empty: the default schedule (about 88 hours).
 */
export const retrySeconds = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, "must be a comma-separated list of seconds, e.g. 5,300,1800,7200")
    .optional()
    .transform((value) => (value ? value.split(",").map((seconds) => Number(seconds.trim()) * 1000) : undefined)),
);
