/**
 * The first check of a request for the site: React Router builds the request
 * URL from the Host header, so a host it cannot parse is refused here, before
 * anything reads it.
 */
import type express from "express";

import { COUNTRY_ERROR } from "~/i18n/country-error";
import { isWellFormedHost } from "~/i18n/locale";

/**
 * Rejects a Host (or trusted X-Forwarded-Host) that is not a plain host name
 * with an optional port: React Router would fail to build the request URL
 * from it. A well-formed host without a country, or one this deployment does
 * not serve (app/i18n/allowed-hosts.server.ts), gets the same answer from the
 * root middleware, with the page around it.
 */
export const rejectMalformedHost: express.RequestHandler = (req, res, next) => {
  if (
    isWellFormedHost(req.get("host")) &&
    (!req.app.enabled("trust proxy") || isWellFormedHost(req.get("x-forwarded-host"), true))
  ) {
    return next();
  }
  res.status(400).type("text/plain").send(COUNTRY_ERROR);
};
