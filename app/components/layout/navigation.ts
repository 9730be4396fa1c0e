/** The top navigation of spec 2 "Layout"; the mobile menu shows the same items. */
export type NavLink = { labelKey: string; path: string };
export type NavGroup = { labelKey: string; id: string; links: NavLink[] };
export type NavItem = NavLink | NavGroup;

const DOCUMENT_LINKS: NavLink[] = [
  { labelKey: "nav.privacyPolicy", path: "/document/privacy-policy" },
  { labelKey: "nav.cookiePolicy", path: "/document/cookie-policy" },
  { labelKey: "nav.termsOfUse", path: "/document/terms-of-use" },
];

/** The footer: the three documents, then the accessibility statement. */
export const FOOTER_LINKS: NavLink[] = [
  ...DOCUMENT_LINKS,
  { labelKey: "footer.accessibility", path: "/accessibility" },
];

export const NAV_ITEMS: NavItem[] = [
  { labelKey: "nav.home", path: "/" },
  { labelKey: "nav.conditions", id: "conditions", links: DOCUMENT_LINKS },
  {
    labelKey: "nav.transparency",
    id: "transparency",
    links: [
      { labelKey: "nav.politicalAds", path: "/political-ads" },
      { labelKey: "nav.privacyRights", path: "/privacy-rights" },
    ],
  },
  { labelKey: "nav.about", path: "/about" },
];

export function isNavGroup(item: NavItem): item is NavGroup {
  return "links" in item;
}

/** Spec 2: a path is public unless it is in the staff area, in any spelling (the rule's home is app/utils). */
export { isPublicPath } from "~/utils/public-path";
