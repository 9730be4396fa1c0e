/**
 * The public privacy figures, per year and country: the same
 * figures as the site's page /{lang}/privacy-rights/figures. The row's
 * members are typed from app/domain/public-figures.ts, so a new figure
 * reaches the document or the build stops.
 */
import type { OperationObject, PathsObject, SchemaObject } from "openapi3-ts/oas31";

import { RIGHT_TYPES } from "~/domain/privacy-request";
import { MINIMUM_SHOWN, type PublicFigureRow } from "~/domain/public-figures";

import { schemaRef } from "./register-schemas.server";
import { cacheableHeaders, jsonContent, parameterRef, registerReadAnswers } from "./shared-components.server";

const count = (description: string): SchemaObject => ({
  type: ["integer", "null"],
  minimum: MINIMUM_SHOWN,
  description: `${description} null: not published (fewer than ${MINIMUM_SHOWN}, or left out so that no count under ${MINIMUM_SHOWN} can be worked out from the total).`,
});

const rowProperties: { [Field in keyof PublicFigureRow]-?: SchemaObject } = {
  received: count(
    "Requests received in the year: verified by the person (the legal clock starts then), or an objection without e-mail, carried out at once.",
  ),
  answered: count("Requests answered in the year: carried out or refused."),
  shareAnsweredWithinDeadline: {
    type: ["number", "null"],
    minimum: 0,
    maximum: 1,
    description: `Of those answered, the share answered on or before the due date (one month, or as extended; GDPR Art. 12(3)). null when the count answered is not published.`,
  },
  medianDaysToAnswer: {
    type: ["number", "null"],
    minimum: 0,
    description: `Median days from receipt to answer, in tenths. null when the count answered is not published.`,
  },
  extended: count("Of the requests received, those whose deadline was extended (GDPR Art. 12(3))."),
};

const row = (extra: Record<string, SchemaObject> = {}): SchemaObject => ({
  type: "object",
  properties: { ...extra, ...rowProperties },
  required: [...Object.keys(extra), ...Object.keys(rowProperties)],
  additionalProperties: false,
});

export const FIGURES_SCHEMAS: Record<string, SchemaObject> = {
  PrivacyFigures: {
    type: "object",
    description: `Aggregates only: no count under ${MINIMUM_SHOWN} is given (null), nor any count it could be worked out from by subtraction (each column's total is the sum of every right, those not offered included), nor a share or median drawn from a count not given. null reads the same whatever the reason. Years and months are UTC.`,
    properties: {
      country: { type: "string", enum: ["NL", "BE"] },
      year: { type: "integer" },
      years: { type: "array", items: { type: "integer" }, description: "The years with figures, oldest first." },
      yearToDate: { type: "boolean", description: "The year has not ended: its figures are so far." },
      rights: {
        type: "array",
        items: row({ right: { type: "string", enum: [...RIGHT_TYPES] } }),
        description: "One row per right offered in the country.",
      },
      total: row(),
    },
    required: ["country", "year", "years", "yearToDate", "rights", "total"],
    additionalProperties: false,
  },
};

const getPrivacyFigures: OperationObject = {
  operationId: "getPrivacyFigures",
  tags: ["Privacy rights"],
  summary: "How the group answered privacy requests in a year, in one country",
  parameters: [
    {
      name: "country",
      in: "query",
      required: true,
      description: "NL or BE (lower case is accepted).",
      schema: { type: "string", enum: ["NL", "BE", "nl", "be"] },
    },
    {
      name: "year",
      in: "query",
      description: "A year with figures (see `years`); absent: the last full year, or this one when there is none.",
      schema: { type: "string", pattern: "^\\d{4}$" },
    },
    parameterRef("IfNoneMatch"),
  ],
  responses: {
    "200": {
      description: "The year's figures.",
      headers: cacheableHeaders,
      content: jsonContent(schemaRef("PrivacyFigures")),
    },
    ...registerReadAnswers,
  },
};

export const FIGURES_PATHS: PathsObject = {
  "/api/privacy-rights/figures": { get: getPrivacyFigures },
};
