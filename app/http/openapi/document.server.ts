/**
 * The OpenAPI 3.1 document of the public calls, served at
 * `GET /api/openapi.json` (app/routes/api/openapi.ts). The staff call and the
 * marketing systems' suppression feed are not public and not in it; the
 * systems' task webhook and its answer are (any system owner
 * builds a receiver from it).
 * app/http/openapi/document.server.test.ts validates it as OpenAPI 3.1;
 * tests/e2e/openapi.spec.ts checks every call's real answers against it.
 */
import type { OpenAPIObject, ServerObject } from "openapi3-ts/oas31";

import { getConfig } from "~/config.server";
import type { Country } from "~/domain/country";
import { RIGHTS } from "~/domain/rights";
import { publicOrigin } from "~/utils/public-origin.server";

import { FIGURES_PATHS, FIGURES_SCHEMAS } from "./figures-paths.server";
import { READ_PATHS } from "./read-paths.server";
import { REGISTER_SCHEMAS } from "./register-schemas.server";
import { SHARED_HEADERS, SHARED_PARAMETERS, SHARED_RESPONSES, SHARED_SCHEMAS } from "./shared-components.server";
import { SUBMISSION_PATHS } from "./submission-paths.server";
import { SYSTEM_PATHS, SYSTEM_SECURITY, SYSTEM_WEBHOOKS } from "./system-paths.server";

const DESCRIPTION = `The public calls of Veldhaven Media's privacy and transparency site.

**The political-ad register** (EU Regulation 2024/900, "TTPA") is open data: the list, one notice, the whole register as CSV or JSON, the yearly privacy figures, and this document answer any site's page (CORS: \`Access-Control-Allow-Origin: *\`, no credentials), so a notebook or a dashboard can read them from the browser. Answers are public for a minute and carry an ETag: send it back in If-None-Match for a 304.

**Submissions** (contact, reporting an ad, privacy requests) are accepted from the site's own pages and from programs that are not browsers; a page of another site gets 403 CROSS_ORIGIN, and they answer no CORS preflight. The host decides the country: the Dutch site for the Netherlands, the Belgian site for Belgium.

Errors are JSON: a code in \`error\` (the ad report's field errors: \`validationError\`), and \`message\`, \`parameter\` or \`fields\` to put it right. Bad input is always a 4xx.`;

const TAGS = [
  {
    name: "Political-ad register",
    description: "Political advertisements published by the group, with their transparency notices (TTPA Art. 11-12).",
  },
  { name: "Contact and reports", description: "A message to customer service, a report about an ad." },
  {
    name: "Privacy rights",
    description: `Requests under the GDPR: ${RIGHTS.map((right) => `${right.code.toLowerCase().replaceAll("_", " ")} (Art. ${right.article})`).join(", ")}.`,
  },
  { name: "Legal documents", description: "The privacy and cookie policies and the terms of use." },
  {
    name: "Systems",
    description:
      "For the group's systems that hold personal data: the task a privacy request gives them (a signed webhook) and their answer.",
  },
  { name: "This document", description: "This OpenAPI document." },
];

const SITE_NAMES: Record<Country, string> = {
  nl: "The Dutch site (register NL; submissions for the Netherlands)",
  be: "The Belgian site (register BE; submissions for Belgium)",
};

/** This host's site, then the other country's when its public origin is configured (always in production). */
function servers(country: Country, requestOrigin: string): ServerObject[] {
  const config = getConfig();
  const other: Country = country === "nl" ? "be" : "nl";
  const otherOrigin = other === "nl" ? config.PUBLIC_ORIGIN_NL : config.PUBLIC_ORIGIN_BE;
  return [
    { url: publicOrigin(country, requestOrigin), description: SITE_NAMES[country] },
    ...(otherOrigin ? [{ url: new URL(otherOrigin).origin, description: SITE_NAMES[other] }] : []),
  ];
}

function openApiDocument(country: Country, serverList: ServerObject[]): OpenAPIObject {
  const config = getConfig();
  return {
    openapi: "3.1.1",
    info: {
      title: "Veldhaven Media: political-ad register and public calls",
      version: "1.1.0",
      description: DESCRIPTION,
      contact: {
        name: "Veldhaven Media, political advertising",
        email: country === "nl" ? config.AD_COMPLIANCE_EMAIL_NL : config.AD_COMPLIANCE_EMAIL_BE,
      },
    },
    servers: serverList,
    tags: TAGS,
    paths: { ...READ_PATHS, ...SUBMISSION_PATHS, ...FIGURES_PATHS, ...SYSTEM_PATHS },
    webhooks: SYSTEM_WEBHOOKS,
    components: {
      schemas: { ...REGISTER_SCHEMAS, ...SHARED_SCHEMAS, ...FIGURES_SCHEMAS },
      responses: SHARED_RESPONSES,
      parameters: SHARED_PARAMETERS,
      headers: SHARED_HEADERS,
      securitySchemes: SYSTEM_SECURITY,
    },
  };
}

/** The document as served, made once per site (the servers differ; nothing else does). */
const served = new Map<string, string>();

export function openApiText(country: Country, requestOrigin: string): string {
  const serverList = servers(country, requestOrigin);
  const key = JSON.stringify([country, serverList]);
  let text = served.get(key);
  if (text === undefined) {
    text = JSON.stringify(openApiDocument(country, serverList), null, 2);
    // Bounded: the origins come from the configuration or the allow-listed hosts.
    if (served.size < 16) served.set(key, text);
  }
  return text;
}

/** For the unit test: the document as an object, without a request. */
export const openApiDocumentFor = (country: Country, requestOrigin: string) =>
  openApiDocument(country, servers(country, requestOrigin));
