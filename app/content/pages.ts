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
  { path: "/privacy-rights/access", key: "access", countries: BOTH },
  { path: "/privacy-rights/rectification", key: "rectification", countries: BOTH },
  { path: "/privacy-rights/forgotten-overview", key: "forgottenOverview", countries: BOTH },
  { path: "/privacy-rights/direct-marketing/brands", key: "directMarketingBrands", countries: BOTH },
  { path: "/privacy-rights/publication", key: "publication", countries: ["be"] },
  { path: "/privacy-rights/push-notifications", key: "pushNotifications", countries: BOTH },
  { path: "/privacy-rights/status", key: "requestStatus", countries: BOTH },
  { path: "/privacy-rights/figures", key: "privacyFigures", countries: BOTH },
  { path: "/political-ads", key: "politicalAds", countries: BOTH },
];
