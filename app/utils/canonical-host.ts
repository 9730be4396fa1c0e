import { hostname } from "~/i18n/locale";

/**
 * A URL with its host spelled one way: lower case, no trailing dot
 * (`hostname`, as the country and the allowed hosts read it), and no port
 * but the one the server listens on. Any other port is the client's choice
 * (or a proxy's) and names the same site: the page cache keys pages by this
 * URL (server/cache-key.ts), and the origin a link or a label prints is
 * this one (app/utils/public-origin.server.ts), so a forged port neither
 * makes a new entry nor changes what is shown. The name itself stays: what
 * a page shows depends on it (feature toggles and analytics per host), and
 * only the allowed names get a page.
 */
export function withCanonicalHost(url: URL, listenerPort: number): URL {
  const canonical = new URL(url.href);
  canonical.hostname = hostname(url.host);
  if (canonical.port !== String(listenerPort)) canonical.port = "";
  return canonical;
}
