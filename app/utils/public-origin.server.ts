import { getConfig } from "~/config.server";
import type { Country } from "~/i18n/locale";

/**
 * The origin the outside world knows a country's site by: PUBLIC_ORIGIN_NL /
 * _BE when set (so a forged Host cannot end up in a mail, a canonical link or
 * the sitemap), else the request's own. Used for every link we hand out.
 */
export function publicOrigin(country: Country, requestOrigin: string): string {
  const config = getConfig();
  const configured = country === "nl" ? config.PUBLIC_ORIGIN_NL : config.PUBLIC_ORIGIN_BE;
  return configured?.replace(/\/$/, "") ?? requestOrigin;
}
