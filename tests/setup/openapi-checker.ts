/**
 * The OpenAPI document checked by libraries, not by eye.
 * `validateDocument` runs @seriousme/openapi-schema-validator (the OpenAPI
 * 3.1 schema) and compiles every schema in it with Ajv's JSON Schema 2020-12
 * in strict mode (a typo such as `requried` fails). `answerChecker` finds
 * the document's answer for a path, method and status and checks a real
 * answer against it: status documented, content type, required headers and
 * the body against its schema.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import addFormats from "ajv-formats";
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import type {
  HeaderObject,
  MediaTypeObject,
  OpenAPIObject,
  OperationObject,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
} from "openapi3-ts/oas31";

const DOCUMENT_ID = "https://openapi.test/openapi.json";
/** The OpenAPI members around the schemas: Ajv takes them as annotations, so it can resolve refs into the document. */
const OPENAPI_MEMBERS = [
  "openapi",
  "info",
  "servers",
  "tags",
  "paths",
  "components",
  "jsonSchemaDialect",
  "webhooks",
  "externalDocs",
  "security",
];

function newAjv(document: OpenAPIObject): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: true });
  addFormats(ajv);
  ajv.addVocabulary(OPENAPI_MEMBERS);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  return ajv;
}

const pointer = (...parts: string[]) =>
  `${DOCUMENT_ID}#/${parts.map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1")).join("/")}`;

/** Every schema of the document, with its JSON pointer: components, parameters, headers, bodies. */
function* schemaPointers(document: OpenAPIObject): Generator<string> {
  for (const name of Object.keys(document.components?.schemas ?? {})) yield pointer("components", "schemas", name);
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item) as [string, OperationObject][]) {
      for (const [index, parameter] of (operation.parameters ?? []).entries()) {
        if (!("$ref" in parameter)) yield pointer("paths", path, method, "parameters", String(index), "schema");
      }
      for (const [type] of Object.entries(
        (operation.requestBody as { content?: Record<string, MediaTypeObject> } | undefined)?.content ?? {},
      )) {
        yield pointer("paths", path, method, "requestBody", "content", type, "schema");
      }
      for (const [status, response] of Object.entries(operation.responses ?? {}) as [
        string,
        ResponseObject | ReferenceObject,
      ][]) {
        if ("$ref" in response) continue;
        for (const type of Object.keys(response.content ?? {}))
          yield pointer("paths", path, method, "responses", status, "content", type, "schema");
      }
    }
  }
}

export async function validateDocument(document: OpenAPIObject): Promise<string[]> {
  const validator = new Validator();
  // A copy: the validator keeps the object it reads (and may resolve references in it).
  const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
  const problems = result.valid
    ? []
    : [`not OpenAPI ${validator.version ?? "3.1"}: ${JSON.stringify(result.errors, null, 1).slice(0, 2000)}`];
  const ajv = newAjv(document);
  for (const at of schemaPointers(document)) {
    try {
      ajv.compile({ $ref: at });
    } catch (error) {
      problems.push(`${at}: ${(error as Error).message}`);
    }
  }
  return problems;
}

export type Answer = { status: number; headers: Record<string, string>; body: string };

const describe = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message} ${JSON.stringify(error.params)}`);

/** `#/components/x/y` → the object it names. */
function resolved<T>(document: OpenAPIObject, value: T | ReferenceObject): T {
  if (value && typeof value === "object" && "$ref" in value) {
    const parts = value.$ref.replace(/^#\//, "").split("/");
    return resolved(
      document,
      parts.reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], document) as T | ReferenceObject,
    );
  }
  return value as T;
}

/** The document's template that a concrete path matches; a literal path beats a template (OpenAPI 3.1, "Paths Object"). */
function templateOf(document: OpenAPIObject, pathname: string): string | undefined {
  const paths = Object.keys(document.paths ?? {});
  if (paths.includes(pathname)) return pathname;
  return paths.find((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(pathname));
}

export function answerChecker(document: OpenAPIObject) {
  const ajv = newAjv(document);
  /** Each documented answer (`GET /api/x 200`) checked so far. */
  const covered = new Set<string>();

  /** What is wrong with a real answer to `method pathname`; [] when it matches the document. */
  function problemsOf(method: string, pathname: string, answer: Answer): string[] {
    const template = templateOf(document, pathname);
    const operation = template
      ? (document.paths![template] as Record<string, OperationObject>)[method.toLowerCase()]
      : undefined;
    if (!template || !operation) return [`${method} ${pathname} is not in the document`];
    const response = operation.responses?.[String(answer.status)] as ResponseObject | ReferenceObject | undefined;
    if (!response)
      return [`${method} ${template}: status ${answer.status} is not documented (${answer.body.slice(0, 200)})`];
    covered.add(`${method.toUpperCase()} ${template} ${answer.status}`);
    const { content, headers } = resolved<ResponseObject>(document, response);
    const problems: string[] = [];
    for (const [name, header] of Object.entries(headers ?? {})) {
      if (resolved<HeaderObject>(document, header).required && answer.headers[name.toLowerCase()] === undefined)
        problems.push(`header ${name} missing`);
    }
    const prefixed = () => problems.map((problem) => `${method} ${template} ${answer.status}: ${problem}`);
    if (!content) {
      if (answer.body !== "") problems.push(`a body where none is documented: ${answer.body.slice(0, 200)}`);
      return prefixed();
    }
    const mediaType = (answer.headers["content-type"] ?? "").split(";")[0].trim();
    if (!(mediaType in content)) {
      problems.push(`content type ${mediaType || "(none)"} is not one of ${Object.keys(content).join(", ")}`);
      return prefixed();
    }
    const at = pointer(
      "paths",
      template,
      method.toLowerCase(),
      "responses",
      String(answer.status),
      "content",
      mediaType,
      "schema",
    );
    const refAt =
      "$ref" in response ? `${DOCUMENT_ID}${response.$ref}/content/${mediaType.replace("/", "~1")}/schema` : at;
    const validate = ajv.getSchema(refAt) ?? ajv.compile({ $ref: refAt });
    const body = mediaType.endsWith("json") ? (JSON.parse(answer.body) as unknown) : answer.body;
    if (!validate(body)) problems.push(...describe(validate.errors));
    return prefixed();
  }

  /** What is wrong with a request body for `method pathname`, against its documented schema. */
  function requestProblems(method: string, pathname: string, body: unknown): string[] {
    const template = templateOf(document, pathname);
    if (!template) return [`${pathname} is not in the document`];
    const validate = ajv.compile({
      $ref: pointer("paths", template, method.toLowerCase(), "requestBody", "content", "application/json", "schema"),
    });
    return validate(body) ? [] : describe(validate.errors).map((problem) => `request to ${template}: ${problem}`);
  }

  /**
   * What is wrong with a body we send to a webhook receiver, against the
   * webhook's documented schema; a member of the envelope or of its `data`
   * that the schema does not name is wrong too (a receiver reads only what is documented).
   */
  function webhookProblems(name: string, body: { data?: object }): string[] {
    const at = pointer("webhooks", name, "post", "requestBody", "content", "application/json", "schema");
    const validate = ajv.getSchema(at) ?? ajv.compile({ $ref: at });
    const problems = validate(body) ? [] : describe(validate.errors);
    const schema = resolved<SchemaObject>(
      document,
      (document.webhooks![name].post!.requestBody as { content: Record<string, MediaTypeObject> }).content[
        "application/json"
      ].schema!,
    );
    const data = schema.properties?.data as SchemaObject | undefined;
    for (const [members, named] of [
      [Object.keys(body), schema.properties],
      [Object.keys(body.data ?? {}), data?.properties],
    ] as const) {
      for (const member of members) if (!named || !(member in named)) problems.push(`${member} is not documented`);
    }
    return problems.map((problem) => `webhook ${name}: ${problem}`);
  }

  /** The documented answers no check has seen yet. */
  function uncovered(): string[] {
    const all: string[] = [];
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item) as [string, OperationObject][]) {
        for (const status of Object.keys(operation.responses ?? {}))
          all.push(`${method.toUpperCase()} ${path} ${status}`);
      }
    }
    return all.filter((answer) => !covered.has(answer));
  }

  return { problemsOf, requestProblems, webhookProblems, uncovered };
}

/** A schema of the document by name, for assertions that read it. */
export const componentSchema = (document: OpenAPIObject, name: string) =>
  document.components?.schemas?.[name] as SchemaObject;
