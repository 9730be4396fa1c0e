import { RIGHTS } from "~/domain/rights";
import type { Country } from "~/i18n/locale";

/**
 * Pages that site search offers besides documents and phone numbers, with the
 * translation keys of their title and description (also the meta description).
 */
export type SearchablePage = {
  path: string;
  key: string;
  countries: readonly Country[];
};

const BOTH = ["nl", "be"] as const;

export const SEARCHABLE_PAGES: SearchablePage[] = [
  { path: "/", key: "home", countries: BOTH },
  { path: "/about", key: "about", countries: BOTH },
  { path: "/phone", key: "phone", countries: BOTH },
  { path: "/privacy-rights", key: "privacyRights", countries: BOTH },
  ...RIGHTS.map((right) => ({ path: `/privacy-rights/${right.slug}`, key: right.key, countries: right.countries })),
  { path: "/privacy-rights/push-notifications", key: "pushNotifications", countries: BOTH },
  { path: "/privacy-rights/status", key: "requestStatus", countries: BOTH },
  { path: "/privacy-rights/figures", key: "privacyFigures", countries: BOTH },
  { path: "/political-ads", key: "politicalAds", countries: BOTH },
  { path: "/accessibility", key: "accessibility", countries: BOTH },
];
