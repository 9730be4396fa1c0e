/**
 * The read-only calls: the register (spec 7), this document, and
 * the legal documents as HTML. The register's calls and this document may be
 * read from any site's page (server/register-cors.ts); the documents' call
 * is the site's own.
 */
import type { OperationObject, PathsObject } from "openapi3-ts/oas31";

import { DOCUMENT_KEYS } from "~/content/documents";
import { CHANNELS, PERIOD_FILTERS, TEXT_FILTER_MAX } from "~/domain/campaign-item";
import { LOCALES } from "~/i18n/locale";

import { schemaRef } from "./register-schemas.server";
import {
  cacheableHeaders,
  jsonContent,
  openReadHeaders,
  parameterRef,
  registerReadAnswers,
} from "./shared-components.server";

const REGISTER_TAG = "Political-ad register";

const download = { $ref: "#/components/headers/ContentDisposition" };

const listCampaignItems: OperationObject = {
  operationId: "listCampaignItems",
  tags: [REGISTER_TAG],
  summary: "The ads of a country's register that match the filters, newest first",
  parameters: [
    parameterRef("countryCode"),
    {
      name: "period",
      in: "query",
      description: "Ads published in the last 7 or 30 days or the last year; absent: ALL.",
      schema: { type: "string", enum: [...PERIOD_FILTERS] },
    },
    {
      name: "channel",
      in: "query",
      description: "One channel; absent: ALL. The Netherlands offer ALL, PRINT and DIGITAL only (400 for TV or RADIO).",
      schema: { type: "string", enum: ["ALL", ...CHANNELS] },
    },
    {
      name: "text",
      in: "query",
      description:
        "Words in the reference, sponsor, payer, beneficiary or context notes (case and accents do not matter).",
      schema: { type: "string", maxLength: TEXT_FILTER_MAX },
    },
    parameterRef("IfNoneMatch"),
  ],
  responses: {
    "200": {
      description: "The matching ads.",
      headers: cacheableHeaders,
      content: jsonContent(schemaRef("CampaignItemList")),
    },
    ...registerReadAnswers,
  },
};

const getCampaignItem: OperationObject = {
  operationId: "getCampaignItem",
  tags: [REGISTER_TAG],
  summary: "One ad's notice: the current version, or an earlier one",
  description: "Also the notice's JSON download (politieke-advertentie-{id}.json, or -v{n}.json for a version).",
  parameters: [
    { name: "id", in: "path", required: true, description: "The ad's reference.", schema: { type: "string" } },
    parameterRef("countryCode"),
    {
      name: "version",
      in: "query",
      description: "A version on record (1 is the first publication); absent: the current one.",
      schema: { type: "integer", minimum: 1, maximum: 999_999 },
    },
    parameterRef("IfNoneMatch"),
  ],
  responses: {
    "200": {
      description: "The notice.",
      headers: { ...cacheableHeaders, "Content-Disposition": download },
      content: jsonContent(schemaRef("CampaignItem")),
    },
    ...registerReadAnswers,
    "404": {
      description: "No such ad (or version) in that country's register.",
      headers: openReadHeaders,
      content: jsonContent(schemaRef("NotFound")),
    },
  },
};

const exportCampaignItems: OperationObject = {
  operationId: "exportCampaignItems",
  tags: [REGISTER_TAG],
  summary: "A country's whole register as one file, CSV or JSON",
  description:
    "The CSV has the item's field names as its header row, in the same order, and a byte-order mark for spreadsheets.",
  parameters: [
    parameterRef("countryCode"),
    {
      name: "format",
      in: "query",
      description: "csv (the default) or json.",
      schema: { type: "string", enum: ["csv", "json"], default: "csv" },
    },
    parameterRef("IfNoneMatch"),
  ],
  responses: {
    "200": {
      description: "The register (politieke-advertenties-{nl|be}.{csv|json}).",
      headers: { ...cacheableHeaders, "Content-Disposition": download },
      content: {
        "text/csv": { schema: { type: "string", description: "RFC 4180 CSV, UTF-8 with a byte-order mark." } },
        "application/json": { schema: schemaRef("CampaignRegisterExport") },
      },
    },
    ...registerReadAnswers,
  },
};

const getOpenApiDocument: OperationObject = {
  operationId: "getOpenApiDocument",
  tags: ["This document"],
  summary: "This document (OpenAPI 3.1)",
  parameters: [parameterRef("IfNoneMatch")],
  responses: {
    "200": {
      description: "The OpenAPI document.",
      headers: cacheableHeaders,
      content: jsonContent({
        type: "object",
        description: "OpenAPI 3.1 (its own schema: https://spec.openapis.org/oas/3.1/schema).",
        properties: {
          openapi: { type: "string", pattern: "^3\\.1\\." },
          info: { type: "object" },
          paths: { type: "object" },
        },
        required: ["openapi", "info", "paths"],
      }),
    },
    "304": { $ref: "#/components/responses/NotModified" },
  },
};

const plainText = (description: string) => ({ description, content: { "text/plain": { schema: { type: "string" } } } });

const DATE = { type: "string", format: "date", description: "YYYY-MM-DD" } as const;

/** The document with its history, for a client that sends `Accept: application/json`. */
const documentWithVersions = {
  type: "object",
  additionalProperties: false,
  required: ["key", "locale", "title", "effective", "html", "versions"],
  properties: {
    key: { type: "string", enum: [...DOCUMENT_KEYS] },
    locale: { type: "string", enum: [...LOCALES], description: "The locale whose text it is (after fallback)." },
    title: { type: "string" },
    effective: { ...DATE, description: "The day the version in effect took effect (YYYY-MM-DD)." },
    html: { type: "string", description: "The version in effect, as the text/html answer gives it." },
    versions: {
      type: "array",
      description: "Every version in effect so far, newest first; a version dated later is not listed before its day.",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["effective", "summary", "material", "current", "url"],
        properties: {
          effective: DATE,
          summary: { type: "string", description: "What changed against the version before." },
          material: {
            type: "boolean",
            description: "Whether the change matters to the reader's rights or obligations.",
          },
          current: { type: "boolean", description: "The version in effect today." },
          url: {
            type: "string",
            format: "uri",
            description:
              "Its page: the document page for the current version, /{lang}/document/{key}/versions/{date} for an earlier one.",
          },
        },
      },
    },
  },
} as const;

const getDocumentHtml: OperationObject = {
  operationId: "getDocumentHtml",
  tags: ["Legal documents"],
  summary: "A legal document as HTML text (spec 7), or with its versions as JSON",
  description:
    "The version in effect today. With `Accept: application/json` the answer is JSON: the same HTML with the list of versions in effect so far.",
  parameters: [
    { name: "documentKey", in: "path", required: true, schema: { type: "string", enum: [...DOCUMENT_KEYS] } },
    {
      name: "locale",
      in: "query",
      required: true,
      description: "The document's language and country.",
      schema: { type: "string", enum: [...LOCALES] },
    },
    parameterRef("IfNoneMatch"),
  ],
  responses: {
    "200": {
      description: "The document's HTML (a fragment, no page around it), or as JSON with its versions.",
      headers: {
        ETag: { $ref: "#/components/headers/ETag" },
        "Content-Language": { schema: { type: "string" }, required: true },
        Vary: { schema: { type: "string" }, description: "Accept: the HTML and the JSON share the address." },
      },
      content: {
        "text/html": { schema: { type: "string" } },
        "application/json": { schema: documentWithVersions },
      },
    },
    "304": { description: "Unchanged since the ETag in If-None-Match: no body." },
    "400": plainText("No locale given."),
    "404": plainText("An unknown locale or document, or one not in effect yet."),
  },
};

export const READ_PATHS: PathsObject = {
  "/api/campaign-items": { get: listCampaignItems },
  "/api/campaign-items/{id}": { get: getCampaignItem },
  "/api/campaign-items/export": { get: exportCampaignItems },
  "/api/openapi.json": { get: getOpenApiDocument },
  "/api/plainhtml/{documentKey}": { get: getDocumentHtml },
};
