import { createContext } from "react-router";

import type { Country, Language, Locale } from "./i18n/locale";

/** What the host and the first path segment say about the request (spec 1). */
export type Site = {
  country: Country;
  /** Language from the path (nl when the path has none, e.g. on a 404). */
  language: Language;
  /** Locale whose texts the page shows (after fallback). */
  locale: Locale;
};

export const siteContext = createContext<Site>();

/** Values the Express server hands to every request. */
export type ServerServices = {
  /** Whether a path matches a page of the route table (not the catch-all). */
  isKnownPage: (pathname: string) => boolean;
  /** Origins the page's CSP allows besides its own (a switched-on analytics script, features.server.ts). */
  thirdPartyOrigins: readonly string[];
  /** Client IP as Express sees it (honours TRUST_PROXY). */
  clientIp: string;
  /** Adds a reason to this request's log line (ids and codes only, never personal data). */
  noteForLog: (reason: string) => void;
};

export const serverContext = createContext<ServerServices>();
