import { getConfig, type Config } from "~/config.server";
import { hostname } from "~/i18n/locale";
import type { Features } from "~/utils/root-data";

/**
 * Feature toggles per host (spec 6). `test` proves the mechanism and is on
 * only for the hosts in TEST_TOGGLE_HOSTS; `analyticsScript` is the
 * third-party analytics script, loaded only on the group's production hosts
 * (PRODUCTION_HOSTS) and only when ANALYTICS_SCRIPT_URL is set, so local,
 * test and staging hosts never send visitors' data anywhere.
 */

export function featuresFor(
  host: string,
  config: Pick<Config, "PRODUCTION_HOSTS" | "TEST_TOGGLE_HOSTS" | "ANALYTICS_SCRIPT_URL"> = getConfig(),
): Features {
  const name = hostname(host);
  return {
    test: config.TEST_TOGGLE_HOSTS.includes(name),
    analyticsScript:
      config.ANALYTICS_SCRIPT_URL && config.PRODUCTION_HOSTS.includes(name) ? config.ANALYTICS_SCRIPT_URL : null,
  };
}

/** Origins a page on this host may load from besides its own (for its CSP). */
export function thirdPartyOrigins(host: string): string[] {
  const script = featuresFor(host).analyticsScript;
  return script ? [new URL(script).origin] : [];
}
