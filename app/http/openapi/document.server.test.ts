/**
 * The OpenAPI document is valid OpenAPI 3.1, every schema
 * in it compiles as JSON Schema 2020-12, and it describes what the code
 * checks (the calls' real answers: tests/e2e/openapi.spec.ts).
 */
import { describe, expect, it } from "vitest";

import { CAMPAIGN_FIELDS } from "~/domain/campaign-item";
import { openApiDocumentFor } from "~/http/openapi/document.server";
import routes from "~/routes";

import { componentSchema, validateDocument } from "../../../tests/setup/openapi-checker";

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
});
