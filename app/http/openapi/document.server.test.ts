/**
 * The OpenAPI document is valid OpenAPI 3.1, every schema
 * in it compiles as JSON Schema 2020-12, and it describes what the code
 * checks (the calls' real answers: tests/e2e/openapi.spec.ts).
 */
import type { SchemaObject } from "openapi3-ts/oas31";
import { describe, expect, it } from "vitest";

import { CAMPAIGN_FIELDS } from "~/domain/campaign-item";
import { RIGHT_TYPES, SYSTEM_ACTIONS } from "~/domain/rights";
import { openApiDocumentFor } from "~/http/openapi/document.server";
import routes from "~/routes";
import { DETAILS_RIGHTS } from "~/validation/rights";

import { answerChecker, componentSchema, validateDocument } from "../../../tests/setup/openapi-checker";

const document = openApiDocumentFor("nl", "http://nl.localhost:3000");

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 and its schemas compile", async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(await validateDocument(document)).toEqual([]);
  });

  it("describes every public call under /api, and no staff or marketing call", () => {
    const calls = routes
      .filter((entry) => entry.path?.startsWith("api/"))
      .map((entry) => `/${entry.path!.replace(/:(\w+)/g, "{$1}")}`);
    const internal = calls.filter((path) => path.includes("/internal"));
    expect(internal).toEqual(["/api/internal-privacy-rights/request", "/api/internal/suppressions"]);
    expect(Object.keys(document.paths!).sort()).toEqual(calls.filter((path) => !internal.includes(path)).sort());
  });

  it("names every field of a campaign item, all required, nothing else", () => {
    const item = componentSchema(document, "CampaignItem");
    expect(Object.keys(item.properties!)).toEqual([...CAMPAIGN_FIELDS]);
    expect(item.required).toEqual([...CAMPAIGN_FIELDS]);
    expect(item.additionalProperties).toBe(false);
  });

  it("takes the request bodies from the calls' Zod schemas", () => {
    const body = (path: string) =>
      (
        document.paths![path].post!.requestBody as {
          content: Record<string, { schema: { properties: object; required?: string[] } }>;
        }
      ).content["application/json"].schema;
    expect(body("/api/contact").required).toEqual(["name", "email", "question"]);
    expect(Object.keys(body("/api/political-ad-complaint").properties)).toEqual([
      "reason",
      "name",
      "email",
      "explanation",
      "campaignId",
      "locale",
    ]);
    expect(body("/api/privacy-rights/request").required).toEqual(["flowType"]);
  });

  it("takes at most ten answer files from a system, each a part named `file`", () => {
    const body = document.paths!["/api/systems/{system}/tasks/{task}"].post!.requestBody as {
      content: Record<string, { schema: { properties: Record<string, { maxItems?: number }> } }>;
    };
    expect(body.content["multipart/form-data"].schema.properties.file.maxItems).toBe(10);
  });

  it("names this site and, when configured, the other country's", () => {
    expect(document.servers).toEqual([
      { url: "http://nl.localhost:3000", description: expect.stringContaining("Dutch") },
    ]);
  });

  it("tells a system the task's action, every action of the rights' table, and the right's own answers", () => {
    const webhook = document.webhooks!.privacyTask.post!.requestBody as {
      content: Record<string, { schema: { properties: { data: SchemaObject } } }>;
    };
    const data = webhook.content["application/json"].schema.properties.data;
    expect(data.properties!.action).toMatchObject({ enum: [...SYSTEM_ACTIONS] });
    expect(data.properties!.right).toMatchObject({ enum: [...RIGHT_TYPES] });
    expect(data.properties!.details).toMatchObject({ type: "object" });
    expect(data.required).toContain("action");
  });

  it("says which answer each action takes: an export's data as JSON, an access's files, the others a status", () => {
    const { requestProblems } = answerChecker(document);
    const callback = "/api/systems/crm/tasks/4f1c2a56-0000-4000-8000-000000000001";
    expect(requestProblems("POST", callback, { status: "done", data: { newsletters: ["dagpuls"] } })).toEqual([]);
    expect(requestProblems("POST", callback, { status: "done", data: [{ article: 1 }] })).toEqual([]);
    expect(requestProblems("POST", callback, { status: "done", data: "a,b" })).not.toEqual([]);
    const operation = document.paths!["/api/systems/{system}/tasks/{task}"].post!;
    for (const action of SYSTEM_ACTIONS) expect(operation.description).toContain(`\`${action}\``);
    expect(operation.description).toMatch(/`export`: `done` comes with the data as JSON/);
    expect(operation.description).toMatch(/`access`: `status` and `reason`, as JSON, or as multipart/);
    const multipart = (operation.requestBody as { content: Record<string, { schema: SchemaObject }> }).content[
      "multipart/form-data"
    ].schema;
    expect(multipart.description).toMatch(/for `export` each a JSON document/);
  });

  it("documents each right's own fields, and the ones each flowType requires, from the rights' field lists", () => {
    const body = (
      document.paths!["/api/privacy-rights/request"].post!.requestBody as {
        content: Record<string, { schema: SchemaObject }>;
      }
    ).content["application/json"].schema;
    for (const right of Object.values(DETAILS_RIGHTS)) {
      for (const field of right!.fields) {
        expect(body.properties![field.name], field.name).toMatchObject({
          description: expect.stringContaining(field.about),
        });
        if (field.kind === "choice") expect(body.properties![field.name]).toMatchObject({ enum: [...field.options] });
        if (field.kind === "choices")
          expect(body.properties![field.name]).toMatchObject({ items: { enum: [...field.options] } });
      }
    }
    const { requestProblems } = answerChecker(document);
    const valid = (payload: object) => requestProblems("POST", "/api/privacy-rights/request", payload);
    const email = "iemand@veldhaven-test.nl";
    const restriction = {
      flowType: "RESTRICTION_OF_PROCESSING",
      email,
      ground: "LEGAL_CLAIM",
      concerns: "Mijn dossier",
    };
    expect(valid(restriction)).toEqual([]);
    expect(valid({ ...restriction, ground: "NO_REASON" })).not.toEqual([]);
    expect(valid({ ...restriction, concerns: "  " })).not.toEqual([]);
    expect(valid({ ...restriction, email: undefined })).not.toEqual([]);
    const portability = { flowType: "DATA_PORTABILITY", email, delivery: "PERSON" };
    expect(valid(portability)).toEqual([]);
    expect(valid({ ...portability, delivery: "CONTROLLER" })).not.toEqual([]);
    expect(
      valid({
        ...portability,
        delivery: "CONTROLLER",
        controllerName: "Andere Uitgever",
        controllerAddress: "Utrecht",
      }),
    ).toEqual([]);
    const objection = {
      flowType: "OBJECTION_TO_PROCESSING",
      email,
      purposes: ["AUDIENCE_MEASUREMENT"],
      grounds: "Ik ben journalist",
    };
    expect(valid(objection)).toEqual([]);
    expect(valid({ ...objection, purposes: [] })).not.toEqual([]);
    expect(valid({ ...objection, purposes: ["OTHER"] })).not.toEqual([]);
    expect(valid({ ...objection, purposes: ["OTHER"], otherPurpose: "Profielen" })).toEqual([]);
    // The other rights are as before: an objection to direct marketing needs no e-mail address.
    expect(valid({ flowType: "OBJECTION", brands: ["dagpuls"], phoneNumber: "+31612345678" })).toEqual([]);
  });
});
