/**
 * The calls that store a submission (spec 7): contact, report an ad, privacy
 * request. Their bodies are the Zod schemas the routes validate with, as
 * JSON Schema (`z.toJSONSchema`, the input side), with a description and the
 * limits the schemas check in code added per field: a field the schema does
 * not have cannot be described (the keys are typed).
 */
import type { OperationObject, PathsObject, RequestBodyObject, SchemaObject } from "openapi3-ts/oas31";

import { REQUEST_STATES, RIGHT_TYPES } from "~/domain/privacy-request";
import { LOCALES } from "~/i18n/locale";
import { COMPLAINT_LIMITS, complaintPayloadSchema } from "~/validation/complaint";
import { CONTACT_LIMITS, contactSchema } from "~/validation/contact";
import { PRIVACY_LIMITS } from "~/validation/privacy-request";
import { privacyRequestPayloadSchema } from "~/validation/privacy-request-payload";
import { z } from "~/validation/zod";

import { EMAIL_NOTE, FLOW_TYPE_NOTE, rightFieldProperties, rightFieldRules } from "./right-fields.server";
import { errorSchema, jsonContent, parameterRef, submissionErrors } from "./shared-components.server";

/** Spec 7: the member a field answer names its code in (not a text key). */
const VALIDATION_ERROR_MEMBER = "validationError";

type FieldNotes<S extends z.ZodType> = { [Field in keyof z.input<S> & string]?: SchemaObject };

/**
 * The schema's JSON Schema with each field's notes merged in (and `rules`
 * the schema checks in code, as JSON Schema); unknown members are ignored by the call.
 */
function bodyOf<S extends z.ZodType>(
  schema: S,
  description: string,
  notes: FieldNotes<S>,
  rules: SchemaObject[] = [],
): RequestBodyObject {
  // zod's JSON Schema type allows boolean subschemas, which these object schemas never produce.
  const { $schema: _dialect, ...generated } = z.toJSONSchema(schema, {
    io: "input",
    target: "draft-2020-12",
  }) as SchemaObject & { $schema?: string };
  const properties = { ...generated.properties };
  for (const [field, note] of Object.entries(notes) as [string, SchemaObject][])
    properties[field] = { ...properties[field], ...note };
  const checked = rules.length > 0 ? { allOf: rules } : {};
  return { required: true, content: jsonContent({ ...generated, description, properties, ...checked }) };
}

const text = (maxLength: number, description: string): SchemaObject => ({ minLength: 1, maxLength, description });
const email: SchemaObject = {
  format: "email",
  maxLength: 254,
  description: "An address whose domain takes mail (checked: 400 otherwise).",
};
const reference = (prefix: string): SchemaObject => ({
  type: "string",
  pattern: `^${prefix}-[0-9A-Z]{4}-[0-9A-Z]{4}$`,
  description: "The submission's reference, for the person and our staff.",
});
const created = (description: string, properties: Record<string, SchemaObject>) => ({
  description,
  content: jsonContent({ type: "object", properties, required: Object.keys(properties), additionalProperties: false }),
});
/** The 400 of readJsonBody and the guards: not JSON, not an object, a malformed Idempotency-Key, a filled honeypot. */
const BODY_CODES = ["VALIDATION", "MALFORMED_JSON"];

const contact: OperationObject = {
  operationId: "sendContactMessage",
  tags: ["Contact and reports"],
  summary: "Send a message to customer service (spec 7)",
  description:
    "The host decides the country: post to the Dutch site for the Netherlands, the Belgian site for Belgium. A reply follows within 5 working days.",
  parameters: [
    {
      name: "locale",
      in: "query",
      required: true,
      description: "The language of the answers' messages.",
      schema: { type: "string", enum: [...LOCALES] },
    },
    parameterRef("IdempotencyKey"),
  ],
  requestBody: bodyOf(contactSchema, "A contact message.", {
    name: text(CONTACT_LIMITS.name, "Your name."),
    email,
    question: text(CONTACT_LIMITS.question, "Your question (several lines allowed)."),
  }),
  responses: {
    "201": created("Stored; customer service is notified.", {
      status: { type: "string", const: "sent" },
      id: { type: "string", format: "uuid" },
    }),
    "400": {
      description:
        "VALIDATION: `fields` says which (or `message` for the locale or the body); EMAIL_INVALID: the address's domain takes no mail (spec 8).",
      content: jsonContent(errorSchema(["EMAIL_INVALID", ...BODY_CODES], { required: [] })),
    },
    ...submissionErrors,
  },
};

const complaint: OperationObject = {
  operationId: "reportPoliticalAd",
  tags: ["Contact and reports"],
  summary: "Report a political ad that may break the rules (spec 7, TTPA Art. 15)",
  description: "The ad must be in the register of the host's country (404 otherwise).",
  parameters: [parameterRef("IdempotencyKey")],
  requestBody: bodyOf(complaintPayloadSchema, "A report about an ad.", {
    name: text(COMPLAINT_LIMITS.name, "The reporter's name."),
    email,
    explanation: text(COMPLAINT_LIMITS.explanation, "What is wrong with the ad."),
    campaignId: { description: "The ad's reference (`id` in the register)." },
    locale: {
      description: `The language of the answers' messages (${LOCALES.join(", ")}); another site's locale or none: the site's Dutch.`,
    },
  }),
  responses: {
    "201": created("Received; the compliance team is notified.", { reference: reference("PA") }),
    "400": {
      description:
        "Spec 7: the field answers carry `validationError` (VALIDATION with `fields`, or INVALID_EMAIL); a body that is not a JSON object carries `error`.",
      content: jsonContent({
        anyOf: [
          errorSchema(["VALIDATION", "INVALID_EMAIL"], { codeKey: VALIDATION_ERROR_MEMBER, required: ["fields"] }),
          errorSchema(BODY_CODES, { required: [] }),
        ],
      }),
    },
    "404": {
      description: "No such ad in this country's register.",
      content: jsonContent({ $ref: "#/components/schemas/NotFound" }),
    },
    ...submissionErrors,
  },
};

/** The fields every right shares, then each right's own (right-fields.server.ts). */
const SHARED_PRIVACY_NOTES: FieldNotes<typeof privacyRequestPayloadSchema> = {
  flowType: { description: FLOW_TYPE_NOTE },
  country: { description: "NL or BE; when given, it must be the host's country." },
  language: { description: "nl, fr or en: the language of the answers' messages and of the mail (default nl)." },
  email: { description: EMAIL_NOTE },
  phoneNumber: { description: "Objection by phone: '+', three digits 1-9, then 3 to 20 digits (e.g. +31612345678)." },
  userMessage: {
    maxLength: PRIVACY_LIMITS.userMessage,
    description: "The request in the person's words (required for rectification and removal from publication).",
  },
  brands: { description: "Objection: the brand keys of the host's country the objection covers (at least one)." },
  brandName: { maxLength: PRIVACY_LIMITS.brandName, description: "Rectification and removal: the brand concerned." },
  article: {
    maxLength: PRIVACY_LIMITS.article,
    description: "Removal from publication: the article's title (required).",
  },
  publicationLink: {
    maxLength: PRIVACY_LIMITS.publicationLink,
    description: "Removal from publication: a link to the article.",
  },
  publicationDate: { description: "Removal from publication: the date, dd - mm - yyyy (required)." },
  userInfo: { description: "Access and forgotten: who the person is; objection by post: the postal address." },
  touchpoint: { description: "The address of the page the request was made on." },
};
const PRIVACY_NOTES = { ...SHARED_PRIVACY_NOTES, ...rightFieldProperties(SHARED_PRIVACY_NOTES) };

const privacyRequest: OperationObject = {
  operationId: "submitPrivacyRequest",
  tags: ["Privacy rights"],
  summary: "Exercise a privacy right (spec 7)",
  description:
    "The host decides the country. Every request with an e-mail address waits until the person confirms the link mailed to it (AWAITING_VERIFICATION); an objection without one is carried out at once (COMPLETED). The rules per flowType are those of the site's forms (spec 5); a right's own fields come beside the others, and the body's `allOf` says which each flowType requires.",
  parameters: [parameterRef("IdempotencyKey")],
  requestBody: bodyOf(privacyRequestPayloadSchema, "A privacy request.", PRIVACY_NOTES, rightFieldRules()),
  responses: {
    "201": created("Stored.", {
      reference: reference("PR"),
      state: {
        type: "string",
        enum: [...REQUEST_STATES],
        description:
          "AWAITING_VERIFICATION until the mailed link is confirmed; COMPLETED for an objection without e-mail.",
      },
    }),
    "400": {
      description: `VALIDATION: \`fields\` holds each field's messages by whole path (flowType is one of ${RIGHT_TYPES.join(", ")}); INVALID_EMAIL: the address's domain takes no mail.`,
      content: jsonContent(errorSchema(["INVALID_EMAIL", ...BODY_CODES], { required: [] })),
    },
    ...submissionErrors,
  },
};

export const SUBMISSION_PATHS: PathsObject = {
  "/api/contact": { post: contact },
  "/api/political-ad-complaint": { post: complaint },
  "/api/privacy-rights/request": { post: privacyRequest },
};
