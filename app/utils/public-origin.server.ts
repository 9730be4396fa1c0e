import { getConfig, type RawConfig } from "~/config.server";
import { isAllowedHost } from "~/i18n/allowed-hosts.server";
import type { Country } from "~/i18n/locale";

import { withCanonicalHost } from "./canonical-host";

type OriginSettings = Parameters<typeof isAllowedHost>[1] & Pick<RawConfig, "PORT">;

/**
 * The origin the outside world knows a country's site by, for every link we
 * hand out (mail, canonical link, sitemap): PUBLIC_ORIGIN_NL / _BE when set
 * (always in production, app/config.server.ts). Otherwise the embedded
 * default's: the request's own origin, trusted only because its host passed
 * the allow-list (app/i18n/allowed-hosts.server.ts), spelled one way (no port
 * but the listener's: a label rendered for `:41234` would be another
 * label, app/services/campaign/labels/), and, without a request
 * (a job such as the digest) or for a host outside it, the local name.
 * Never a host a client chose.
 */
export function publicOrigin(country: Country, requestOrigin: string, config: OriginSettings = getConfig()): string {
  const configured = country === "nl" ? config.PUBLIC_ORIGIN_NL : config.PUBLIC_ORIGIN_BE;
  if (configured) return new URL(configured).origin;
  if (URL.canParse(requestOrigin) && isAllowedHost(new URL(requestOrigin).host, config))
    return withCanonicalHost(new URL(requestOrigin), config.PORT).origin;
  return `http://${country}.localhost:${config.PORT}`;
}
