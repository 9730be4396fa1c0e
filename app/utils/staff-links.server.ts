import { href } from "react-router";

import type { Country } from "~/i18n/locale";

import { publicOrigin } from "./public-origin.server";

/**
 * The back office's request list of one country, as the daily digest mails
 * it (its Dutch pages, for both countries' teams). Built here, below
 * app/services: a service calls no React Router (services-speak-no-http),
 * and `href` checks the path against app/routes.ts.
 */
export function backOfficeRequestsUrl(country: Country): string {
  return `${publicOrigin(country, "")}${href("/:lang/internal-privacy-rights/requests", { lang: "nl" })}?${new URLSearchParams({ country })}`;
}

/** A request or an ad report in the back office, as its owner's mails link it (Dutch pages, as the digest). */
export function backOfficeCaseUrl(country: Country, kind: "request" | "complaint", reference: string): string {
  const path =
    kind === "request"
      ? href("/:lang/internal-privacy-rights/requests/:reference", { lang: "nl", reference })
      : href("/:lang/internal-privacy-rights/ad-reports/:reference", { lang: "nl", reference });
  return `${publicOrigin(country, "")}${path}`;
}
