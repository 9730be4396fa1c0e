import { redirectDocument, type DataStrategyResult, type MiddlewareFunction } from "react-router";

/**
 * Pages that show a verification token or a person's data, or a form that
 * asks for it, say so in their route `handle`:
 * `export const handle = PERSONAL_DATA`. A layout's handle covers every
 * route below it: the staff layout covers the login page, the staff forms
 * and the whole back office. No third-party script runs on such a page, and
 * its CSP allows no third-party origin. This is the one rule; root.tsx
 * (whether the analytics script is in the page) and entry.server.tsx
 * (whether the page's CSP names its origin) both ask it, with the handles of
 * the routes the page matched.
 */
export const PERSONAL_DATA = { personalData: true } as const;

export function mayRunThirdParties(handles: readonly unknown[]): boolean {
  return !handles.some((handle) => (handle as { personalData?: unknown } | null | undefined)?.personalData === true);
}

/** The mark root.tsx puts on a third-party script tag, so the browser knows the document ran one. */
export const THIRD_PARTY_MARK = "data-third-party";

// Read once, when the root module loads and before React takes the page over:
// whatever React does to <head> later, the script ran in this document.
const thirdPartyRanHere =
  typeof document !== "undefined" && document.querySelector(`script[${THIRD_PARTY_MARK}]`) !== null;

/**
 * Every PERSONAL_DATA route's client middleware: in a document
 * where a third-party script runs, the browser does not render the route in
 * place, where that script would see what is typed, but loads it as a new
 * document, which has no such script. Elsewhere it changes nothing.
 */
export const leaveThirdPartyDocument: MiddlewareFunction<Record<string, DataStrategyResult>> = ({ request }, next) => {
  if (thirdPartyRanHere && request.method === "GET") throw redirectDocument(request.url);
  return next();
};
