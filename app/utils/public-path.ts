/**
 * Spec 2 "Layout": a path is public unless it contains internal-privacy-rights.
 * Its own module, not the navigation's, because the page cache (server/) and
 * the caching headers (app/http) apply the rule too, and neither may import a
 * component module.
 */
export function isPublicPath(pathname: string): boolean {
  return !pathname.includes("internal-privacy-rights");
}
