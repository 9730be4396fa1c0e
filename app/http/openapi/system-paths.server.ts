/**
 * What a system that holds personal data receives and answers.
 * The task webhook (OpenAPI 3.1 `webhooks`: we call the system) and the
 * callback the system answers it with. The callback's body is the Zod
 * schema the route validates with.
 */
import type { OperationObject, PathItemObject, PathsObject, SchemaObject } from "openapi3-ts/oas31";

import { TASK_ANSWERS, TASK_EVENT_TYPE } from "~/domain/data-system";
import { RIGHT_TYPES } from "~/domain/privacy-request";
import { FILE_LIMITS } from "~/domain/request-file";
import { taskAnswerSchema } from "~/validation/task-answer";
import { z } from "~/validation/zod";

import { errorSchema, jsonContent } from "./shared-components.server";
import { ACTION_PROPERTY, ANSWERS_BY_ACTION, jsonAnswer, multipartAnswer } from "./task-actions.server";

const TASK_STATE_AFTER = Object.values(TASK_ANSWERS);

const webhookHeader = (name: string, description: string, example: string) => ({
  name,
  in: "header" as const,
  required: true,
  description,
  schema: { type: "string" as const },
  example,
});

const taskPayload: SchemaObject = {
  type: "object",
  description: "The Standard Webhooks envelope: `type`, `timestamp`, `data`.",
  properties: {
    type: { type: "string", const: TASK_EVENT_TYPE },
    timestamp: {
      type: "string",
      format: "date-time",
      description: "When the task was created (the same on every retry).",
    },
    data: {
      type: "object",
      properties: {
        taskId: { type: "string", format: "uuid", description: "The task: answer it at `callbackUrl`." },
        system: { type: "string", description: "Your system's id in our register." },
        reference: {
          type: "string",
          description: "The privacy request's reference, for your records and questions to the privacy team.",
        },
        right: { type: "string", enum: [...RIGHT_TYPES], description: "The right the person exercises." },
        action: ACTION_PROPERTY,
        country: { type: "string", enum: ["NL", "BE"] },
        dueAt: {
          type: ["string", "null"],
          format: "date-time",
          description: "When the person must have our answer (null for an objection, carried out at once).",
        },
        subject: {
          type: "object",
          description:
            "Only the identifiers the request holds: use them to find the person, keep them no longer than the task.",
          properties: {
            email: { type: "string", format: "email" },
            phoneNumber: { type: "string" },
            firstName: { type: "string" },
            lastName: { type: "string" },
            address: { type: "string", description: "Street, number, postal code and city, as one line." },
          },
          additionalProperties: false,
        },
        objection: {
          type: "array",
          description: "An objection to direct marketing: each brand and channel the person objects to.",
          items: {
            type: "object",
            properties: { brand: { type: "string" }, channel: { type: "string" } },
            required: ["brand", "channel"],
          },
        },
        publication: {
          type: "object",
          description: "Removal from a publication: what to remove.",
          properties: {
            link: { type: ["string", "null"] },
            article: { type: ["string", "null"] },
            date: { type: ["string", "null"] },
          },
        },
        details: {
          type: "object",
          description:
            "The person's answers to the right's own questions, as in the request call: a restriction's `ground` and `concerns`, a portability request's `delivery` (and the controller it goes to), an objection to processing's `purposes` and `grounds`. Only for rights that ask them.",
        },
        callbackUrl: { type: "string", format: "uri", description: "Where to answer (POST, with your bearer token)." },
      },
      required: ["taskId", "system", "reference", "right", "action", "country", "dueAt", "subject", "callbackUrl"],
    },
  },
  required: ["type", "timestamp", "data"],
};

const taskCreated: PathItemObject = {
  post: {
    operationId: "receivePrivacyTask",
    tags: ["Systems"],
    summary: "A privacy request for your system (we call you)",
    description:
      "Signed as the Standard Webhooks specification says: verify `webhook-signature` (HMAC-SHA256 over `webhook-id.webhook-timestamp.body`, keyed with your `whsec_` secret) with the `standardwebhooks` package, refuse an old timestamp, and deduplicate on `webhook-id`: a delivery that got no 2xx is sent again, with the same id, after 5 s, 5 min, 30 min, 2 h, 5 h and then every 10 h, for about 88 hours.",
    parameters: [
      webhookHeader("webhook-id", "The delivery's id, the same on every retry.", "msg_2b9f6QK1bY3oN2pQ8cVtZw"),
      webhookHeader("webhook-timestamp", "Seconds since 1970 when this attempt was signed.", "1764326400"),
      webhookHeader(
        "webhook-signature",
        "`v1,` and the base64 HMAC-SHA256.",
        "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
      ),
    ],
    requestBody: { required: true, content: jsonContent(taskPayload) },
    responses: {
      "2XX": {
        description:
          "Received: the delivery is not sent again. Answer the task itself at `callbackUrl` when it is done.",
      },
    },
  },
};

const answerBody = (() => {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(taskAnswerSchema, {
    io: "input",
    target: "draft-2020-12",
  }) as SchemaObject & { $schema?: string };
  return schema;
})();

const answerTask: OperationObject = {
  operationId: "answerPrivacyTask",
  tags: ["Systems"],
  summary: "Answer a task a webhook gave your system",
  description: `\`done\`: carried out; \`no-data\`: the person is not in your system; \`failed\`: could not be done (say why in \`reason\`). A task is answered once. By the webhook's \`action\`: ${ANSWERS_BY_ACTION}`,
  security: [{ systemToken: [] }],
  parameters: [
    {
      name: "system",
      in: "path",
      required: true,
      description: "Your system's id (the webhook's `data.system`).",
      schema: { type: "string" },
    },
    {
      name: "task",
      in: "path",
      required: true,
      description: "The task's id (the webhook's `data.taskId`).",
      schema: { type: "string" },
    },
  ],
  requestBody: {
    required: true,
    content: {
      ...jsonContent(jsonAnswer(answerBody)),
      "multipart/form-data": { schema: multipartAnswer(answerBody) },
    },
  },
  responses: {
    "200": {
      description: "Taken.",
      content: jsonContent({
        type: "object",
        properties: {
          taskId: { type: "string" },
          state: { type: "string", enum: TASK_STATE_AFTER },
          files: { type: "integer", minimum: 0, description: "Files kept with the answer." },
        },
        required: ["taskId", "state", "files"],
        additionalProperties: false,
      }),
    },
    "400": {
      description: `The body is not a valid answer (\`fields\`; files for an action that takes none, more than ${FILE_LIMITS.filesPerPost} files or a file refused: \`fields.file\`; a file under another name than \`file\`: that name; an export done without its JSON), or not JSON. Nothing is kept.`,
      content: jsonContent(errorSchema(["VALIDATION", "MALFORMED_JSON"], { required: [] })),
    },
    "401": {
      description: "No bearer token, or not this system's.",
      content: jsonContent(errorSchema(["UNAUTHORIZED"])),
    },
    "404": { description: "This system has no task with that id.", content: jsonContent(errorSchema(["NOT_FOUND"])) },
    "409": {
      description: "The task was answered already: nothing changed.",
      content: jsonContent(errorSchema(["ALREADY_ANSWERED"])),
    },
    "415": {
      description: "The body is not sent as application/json.",
      content: jsonContent(errorSchema(["UNSUPPORTED_MEDIA_TYPE"])),
    },
  },
};

export const SYSTEM_PATHS: PathsObject = { "/api/systems/{system}/tasks/{task}": { post: answerTask } };

export const SYSTEM_WEBHOOKS: Record<string, PathItemObject> = { privacyTask: taskCreated };

export const SYSTEM_SECURITY = {
  systemToken: {
    type: "http" as const,
    scheme: "bearer",
    description: "The callback token your system was given with its signing secret.",
  },
};
