/**
 * Pages that show a verification token or a person's data say so in their
 * route `handle` (issue 23): `export const handle = PERSONAL_DATA`. A
 * layout's handle covers every route below it: the staff layout covers the
 * login page, the staff forms and the whole back office. No third-party
 * script runs on such a page, and its CSP allows no third-party origin.
 * This is the one rule; root.tsx (whether the analytics script is in the
 * page) and entry.server.tsx (whether the page's CSP names its origin) both
 * ask it, with the handles of the routes the page matched.
 */
export const PERSONAL_DATA = { personalData: true } as const;

export function mayRunThirdParties(handles: readonly unknown[]): boolean {
  return !handles.some((handle) => (handle as { personalData?: unknown } | null | undefined)?.personalData === true);
}
