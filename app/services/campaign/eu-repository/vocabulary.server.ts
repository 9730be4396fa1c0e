/**
 * Our register's codes in the European repository's
 * terms, in one table, so that a change of the repository's vocabularies is
 * a change here only.
 *
 * Implementing Regulation (EU) 2026/818 requires controlled, published
 * vocabularies and values that are dates, strings or codes from
 * international standards, but the vocabularies themselves, and the
 * repository's exchange schema, were not published when this was written
 * (the Commission announces the repository's portal separately). So:
 * - languages and countries are the EU Publications Office authority tables
 *   (published, stable URIs);
 * - the other terms are our own, lower-case English, named after the
 *   wording of Regulation (EU) 2024/900 and Implementing Regulation (EU)
 *   2025/1410, Annex II; replace them here once the repository publishes its
 *   lists. An unknown code throws: an export never guesses.
 */
import type { AdLanguage, CampaignStatus, Channel } from "~/domain/campaign-item";
import type { Country } from "~/domain/country";

const AUTHORITY = "http://publications.europa.eu/resource/authority";

export const LANGUAGE: Record<AdLanguage, { code: string; uri: string }> = {
  nl: { code: "nl", uri: `${AUTHORITY}/language/NLD` },
  fr: { code: "fr", uri: `${AUTHORITY}/language/FRA` },
};

export const COUNTRY: Record<Country, string> = { nl: `${AUTHORITY}/country/NLD`, be: `${AUTHORITY}/country/BEL` };

/** TTPA Art. 12(1)(e): public or private origin of the amounts. */
const FUNDING_ORIGIN: Record<string, string> = {
  PUBLIC: "public",
  PRIVATE: "private",
  PRIVATE_PUBLIC: "public-and-private",
};
/** TTPA Art. 12(1)(e): from inside or outside the Union. */
const FUNDING_REGION: Record<string, string> = { EU: "union", NON_EU: "third-country" };
const STATUS: Record<CampaignStatus, string> = { RUNNING: "running", CANCELLED: "discontinued", STOPPED: "ended" };
/** Only online ads go to the repository (TTPA Art. 13(1)); the others are counted, not exported. */
export const ONLINE_CHANNELS: readonly Channel[] = ["DIGITAL"];
const MEDIUM: Partial<Record<Channel, string>> = { DIGITAL: "online" };

type Context = {
  type: "election" | "referendum" | "legislative-process" | "other";
  level: "european" | "national" | "regional" | "local" | null;
  name: string;
};

/** TTPA Art. 12(1)(g): the election, referendum or legislative or regulatory process the ad is linked to. */
const CONTEXT: Record<Country, Record<string, Context>> = {
  nl: {
    EERSTE_KAMER: { type: "election", level: "national", name: "Eerste Kamer der Staten-Generaal" },
    TWEEDE_KAMER: { type: "election", level: "national", name: "Tweede Kamer der Staten-Generaal" },
    PROVENCIALE_STATEN: { type: "election", level: "regional", name: "Provinciale Staten" },
    GEMEENTERAAD: { type: "election", level: "local", name: "Gemeenteraad" },
    WATERSCHAP: { type: "election", level: "regional", name: "Waterschap" },
    EUROPESE: { type: "election", level: "european", name: "Europees Parlement" },
    REFERENDUM: { type: "referendum", level: null, name: "Referendum" },
    WETGEVINGSPROCES: { type: "legislative-process", level: null, name: "Wetgevingsproces" },
    OVERIGE: { type: "other", level: null, name: "Overige" },
  },
  be: {
    VLAANDEREN_LOKALE: { type: "election", level: "local", name: "Lokale verkiezingen Vlaanderen" },
    BRUSSEL_LOKALE: {
      type: "election",
      level: "local",
      name: "Élections locales Bruxelles / Lokale verkiezingen Brussel",
    },
    WALLONIE_LOKALE: { type: "election", level: "local", name: "Élections locales Wallonie" },
    VLAAMS_PARLEMENT: { type: "election", level: "regional", name: "Vlaams Parlement" },
    BRUSSELS_PARLEMENT: { type: "election", level: "regional", name: "Parlement bruxellois / Brussels Parlement" },
    WAALS_PARLEMENT: { type: "election", level: "regional", name: "Parlement de Wallonie" },
    DUITSTALIG_PARLEMENT: { type: "election", level: "regional", name: "Parlament der Deutschsprachigen Gemeinschaft" },
    FEDERALE: { type: "election", level: "national", name: "Federale verkiezingen / Élections fédérales" },
    EUROPESE: { type: "election", level: "european", name: "Europees Parlement / Parlement européen" },
    WETGEVINGSPROCES: { type: "legislative-process", level: null, name: "Wetgevingsproces / Processus législatif" },
    OVERIGE: { type: "other", level: null, name: "Overige / Autre" },
  },
};

function term<T>(table: Record<string, T>, code: string, what: string): T {
  const found = table[code];
  if (found === undefined)
    throw new Error(
      `No repository term for ${what} '${code}': add it to app/services/campaign/eu-repository/vocabulary.server.ts`,
    );
  return found;
}

export const vocabulary = {
  fundingOrigin: (code: string) => term(FUNDING_ORIGIN, code, "funding origin"),
  fundingRegion: (code: string) => term(FUNDING_REGION, code, "funding region"),
  status: (code: string) => term(STATUS, code, "status"),
  medium: (code: string) => term(MEDIUM as Record<string, string>, code, "channel"),
  context: (country: Country, code: string) => term(CONTEXT[country], code, `context type of ${country.toUpperCase()}`),
};
