/**
 * Spec 2 "Layout": a path is public unless it is in the staff area
 * (internal-privacy-rights). Its own module, not the navigation's, because
 * the caching headers (app/http) apply the rule too, and they may not import
 * a component module.
 *
 * Which requests are staff pages is decided by the route they match
 * (server/route-matchers.ts, `isStaffArea`); this is the rule for where
 * only a path is known (the layout, the canonical link) and a net under
 * that decision: every spelling of the segment (`Internal-Privacy-Rights`,
 * `internal%2Dprivacy%2Drights`) counts, so a spelling can only make a page
 * more private, never public.
 */
const STAFF_SEGMENT = "internal-privacy-rights";

/** The path as a router reads it, percent-escapes undone (an unreadable escape left as sent), in lower case. */
function normalized(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape (`%E0%A4%A`) matches no route; the spelling as sent is tested.
  }
  return decoded.toLowerCase();
}

export function isPublicPath(pathname: string): boolean {
  return !normalized(pathname).includes(STAFF_SEGMENT);
}
