/**
 * The hosts this deployment serves (docs/configuration.md, "Allowed
 * hosts"). A request for any other host gets 'Cannot determine country' from the root
 * middleware (site.server.ts), so a forged Host, or X-Forwarded-Host behind a
 * trusted proxy, never becomes the origin of a link we hand out
 * (app/utils/public-origin.server.ts).
 */
import type { RawConfig } from "~/config.server";

import { hostname } from "./locale";

type HostSettings = Pick<RawConfig, "ALLOWED_HOSTS" | "PUBLIC_ORIGIN_NL" | "PUBLIC_ORIGIN_BE" | "DATABASE_URL">;

/**
 * The hosts of PUBLIC_ORIGIN_NL and _BE, those of ALLOWED_HOSTS, and, for the
 * embedded default (no DATABASE_URL), the local names `npm start` serves. A
 * production deployment answers for the names it declares only; one that
 * wants the local names (a staging machine) lists them in ALLOWED_HOSTS.
 */
function allowedHostNames(config: HostSettings): ReadonlySet<string> {
  const origins = [config.PUBLIC_ORIGIN_NL, config.PUBLIC_ORIGIN_BE].filter((origin) => origin !== undefined);
  const local = config.DATABASE_URL ? [] : ["nl.localhost", "be.localhost"];
  return new Set([
    ...origins.map((origin) => hostname(new URL(origin).host)),
    ...config.ALLOWED_HOSTS.map(hostname),
    ...local,
  ]);
}

const namesOf = new WeakMap<HostSettings, ReadonlySet<string>>();

/**
 * Whether a host (name and optional port, as in a Host header or a URL) is
 * one this deployment serves. Names only: the port is the listener's business,
 * and a proxy may answer on another one. Exact names: no wildcards, no
 * subdomains (`x.nl.localhost` is not `nl.localhost`).
 */
export function isAllowedHost(host: string, config: HostSettings): boolean {
  let names = namesOf.get(config);
  if (!names) {
    names = allowedHostNames(config);
    namesOf.set(config, names);
  }
  return names.has(hostname(host));
}
