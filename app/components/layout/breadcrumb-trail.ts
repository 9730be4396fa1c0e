/** Spec 2 "Layout": breadcrumbs map path segments to labels. */
import { isDocumentKey } from "~/content/documents";
import { RIGHTS } from "~/domain/rights";
import { ownValue } from "~/utils/own-property";

export type Crumb = { labelKey?: string; text?: string; path?: string };

const SEGMENT_LABELS: Record<string, string> = {
  about: "breadcrumbs.about",
  accessibility: "breadcrumbs.accessibility",
  phone: "breadcrumbs.phone",
  search: "breadcrumbs.search",
  "political-ads": "breadcrumbs.politicalAds",
  "email-verified": "breadcrumbs.emailVerified",
  "email-verification-failed": "breadcrumbs.emailVerificationFailed",
  "email-verification-expired": "breadcrumbs.emailVerificationExpired",
};

/** Privacy-rights pages use fixed trails: home, privacy rights, then the step: each right's page, and the others. */
const PRIVACY_RIGHTS_STEPS: Record<string, string> = {
  ...Object.fromEntries(RIGHTS.map((right) => [right.slug, `breadcrumbs.${right.key}`])),
  "direct-marketing/communication-types": "breadcrumbs.directMarketingBrands",
  figures: "breadcrumbs.figures",
  forgotten: "breadcrumbs.forgotten",
  processed: "breadcrumbs.processed",
  "push-notifications": "breadcrumbs.pushNotifications",
};

const HOME: Crumb = { labelKey: "breadcrumbs.home", path: "/" };

/**
 * The trail for a path without its language segment ("/about"). The last
 * crumb is the current page and has no link. Home itself has no trail.
 */
export function breadcrumbTrail(pathWithoutLanguage: string): Crumb[] {
  const segments = pathWithoutLanguage.split("/").filter(Boolean);
  if (segments.length === 0) return [];
  const [first, ...rest] = segments;

  if (first === "privacy-rights") {
    const overview: Crumb = { labelKey: "breadcrumbs.privacyRights", path: "/privacy-rights" };
    if (rest.length === 0) return [HOME, { labelKey: overview.labelKey }];
    const step = ownValue(PRIVACY_RIGHTS_STEPS, rest.join("/"));
    return step ? [HOME, overview, { labelKey: step }] : [];
  }
  if (first === "document") {
    const key = rest[0];
    if (!isDocumentKey(key)) return [];
    const title = `documents.titles.${key}`;
    // An earlier version: home, the document (its current text), then this version.
    if (rest[1] === "versions" && rest[2]) {
      return [HOME, { labelKey: title, path: `/document/${key}` }, { labelKey: "documents.versions.crumb" }];
    }
    // Two versions compared: home, the document, then the comparison.
    if (rest[1] === "compare") {
      return [HOME, { labelKey: title, path: `/document/${key}` }, { labelKey: "documents.compare.crumb" }];
    }
    return [HOME, { labelKey: title }];
  }
  if (first === "political-ads" && rest[0]) {
    return [HOME, { labelKey: SEGMENT_LABELS["political-ads"], path: "/political-ads" }, { text: rest[0] }];
  }
  const label = ownValue(SEGMENT_LABELS, first);
  // No trail for paths without a label (the 404 page among them).
  return label && rest.length === 0 ? [HOME, { labelKey: label }] : [];
}
