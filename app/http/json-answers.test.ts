/**
 * The one JSON error helper and the answers the API routes build
 * on it: the status, headers and body text a client sees, member order
 * included, exactly as the routes answered before they shared it.
 */
import type express from "express";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";

import { siteContext } from "~/context";
import { readJsonBody } from "~/http/json-body.server";
import {
  invalidEmail,
  invalidParameter,
  methodNotAllowed,
  unavailable,
  unavailableForAMinute,
  validationFailure,
} from "~/http/json-call.server";
import { requireStaff, signedInStaff, staffContext } from "~/http/staff/guard.server";
import type { StaffUser } from "~/services/staff/sessions.server";
import { jsonError, jsonErrorBody, NO_STORE } from "~/utils/json-error";

import { limitBodySize } from "../../server/body-limits";

async function seen(answer: Response) {
  return { status: answer.status, headers: Object.fromEntries(answer.headers), body: await answer.text() };
}

const JSON_TYPE = { "content-type": "application/json" };

describe("jsonError", () => {
  it("sends the code, then only the members given, as application/json with no caching header of its own", async () => {
    expect(await seen(jsonError(400, "VALIDATION"))).toEqual({
      status: 400,
      headers: JSON_TYPE,
      body: '{"error":"VALIDATION"}',
    });
    expect(await seen(jsonError(404, "NOT_FOUND", { message: "No campaign 'x' here." }))).toEqual({
      status: 404,
      headers: JSON_TYPE,
      body: '{"error":"NOT_FOUND","message":"No campaign \'x\' here."}',
    });
  });

  it("orders message, parameter and fields, and names the code's member when asked (spec 7: validationError)", () => {
    const body = jsonErrorBody("VALIDATION", { fields: { name: ["a"] }, parameter: "p", message: "m" });
    expect(JSON.stringify(body)).toBe('{"error":"VALIDATION","message":"m","parameter":"p","fields":{"name":["a"]}}');
    expect(jsonErrorBody("INVALID_EMAIL", { fields: { email: ["x"] } }, "validationError")).toEqual({
      validationError: "INVALID_EMAIL",
      fields: { email: ["x"] },
    });
  });

  it("adds the caller's headers", async () => {
    const answer = jsonError(401, "UNAUTHORIZED", {
      message: "m",
      headers: { ...NO_STORE, "WWW-Authenticate": 'Bearer realm="x"' },
    });
    expect((await seen(answer)).headers).toEqual({
      ...JSON_TYPE,
      "cache-control": "no-store",
      "www-authenticate": 'Bearer realm="x"',
    });
  });
});

describe("the answers the API routes share", () => {
  it("405 allows POST only", async () => {
    expect(await seen(methodNotAllowed())).toEqual({
      status: 405,
      headers: { ...JSON_TYPE, allow: "POST" },
      body: '{"error":"METHOD_NOT_ALLOWED"}',
    });
  });

  it("400 VALIDATION gives each field's messages in the caller's language", async () => {
    const answer = await seen(
      validationFailure("nl_nl", { name: ["validation.required"], "userInfo.address.street": ["validation.required"] }),
    );
    expect(answer.status).toBe(400);
    expect(answer.headers).toEqual(JSON_TYPE);
    expect(JSON.parse(answer.body)).toEqual({
      error: "VALIDATION",
      fields: { name: ["Dit veld is verplicht"], "userInfo.address.street": ["Dit veld is verplicht"] },
    });
    const complaint = JSON.parse(
      (await seen(validationFailure("fr_be", { name: ["validation.required"] }, "validationError"))).body,
    );
    expect(complaint).toEqual({ validationError: "VALIDATION", fields: { name: ["Ce champ est obligatoire"] } });
  });

  it("400 on the e-mail field: INVALID_EMAIL, the contact call's EMAIL_INVALID, the complaint's validationError", async () => {
    const text = "Dit e-mailadres lijkt niet te bestaan. Gelieve een bestaand e-mailadres in te geven.";
    expect(await seen(invalidEmail("nl_nl"))).toEqual({
      status: 400,
      headers: JSON_TYPE,
      body: JSON.stringify({ error: "INVALID_EMAIL", fields: { email: [text] } }),
    });
    expect(JSON.parse((await seen(invalidEmail("nl_nl", { code: "EMAIL_INVALID" }))).body)).toEqual({
      error: "EMAIL_INVALID",
      fields: { email: [text] },
    });
    const malformed = await seen(invalidEmail("nl_be", { messageKey: "validation.email", codeKey: "validationError" }));
    expect(Object.keys(JSON.parse(malformed.body))).toEqual(["validationError", "fields"]);
    expect(JSON.parse(malformed.body).validationError).toBe("INVALID_EMAIL");
  });

  it("400 naming a query parameter is never stored (the register and the feed are cacheable)", async () => {
    expect(await seen(invalidParameter("countryCode", "'countryCode' must be NL or BE."))).toEqual({
      status: 400,
      headers: { ...JSON_TYPE, "cache-control": "no-store" },
      body: `{"error":"VALIDATION","message":"'countryCode' must be NL or BE.","parameter":"countryCode"}`,
    });
  });

  it("503 UNAVAILABLE: a message; for the register and the feed also no-store and Retry-After", async () => {
    expect(await seen(unavailable("Er is iets misgelopen."))).toEqual({
      status: 503,
      headers: JSON_TYPE,
      body: '{"error":"UNAVAILABLE","message":"Er is iets misgelopen."}',
    });
    expect((await seen(unavailableForAMinute("Try again in a minute."))).headers).toEqual({
      ...JSON_TYPE,
      "cache-control": "no-store",
      "retry-after": "60",
    });
  });

  it("a body that is not a JSON object is a thrown 4xx answer of the same shape", async () => {
    const post = (body: string, type = "application/json") =>
      readJsonBody(new Request("http://x/api/contact", { method: "POST", body, headers: { "Content-Type": type } }));
    const thrown = async (reading: Promise<unknown>) =>
      seen(
        (await reading.then(
          () => null,
          (answer: unknown) => answer,
        )) as Response,
      );
    expect(await thrown(post("{", "text/plain"))).toMatchObject({
      status: 415,
      body: '{"error":"UNSUPPORTED_MEDIA_TYPE","message":"Send JSON (Content-Type: application/json)."}',
    });
    expect(await thrown(post("{"))).toMatchObject({
      status: 400,
      headers: JSON_TYPE,
      body: '{"error":"MALFORMED_JSON","message":"The request body is not valid JSON."}',
    });
    expect(await thrown(post("[1]"))).toMatchObject({
      status: 400,
      body: '{"error":"VALIDATION","message":"The body must be a JSON object."}',
    });
  });
});

describe("the Express layer's body limits", () => {
  function refused(path: string, headers: Record<string, string>) {
    const answer: { status?: number; json?: unknown; text?: string; type?: string; passed?: boolean } = {};
    const res = {
      status: (code: number) => ((answer.status = code), res),
      json: (body: unknown) => ((answer.json = body), res),
      type: (type: string) => ((answer.type = type), res),
      send: (text: string) => ((answer.text = text), res),
    };
    const req = { method: "POST", path, headers, is: () => false };
    limitBodySize(req as unknown as express.Request, res as unknown as express.Response, () => (answer.passed = true));
    return answer;
  }

  it("answers a JSON call with the same error body, a page with plain text", () => {
    expect(refused("/api/contact", { "transfer-encoding": "chunked" })).toEqual({
      status: 411,
      json: { error: "LENGTH_REQUIRED", message: "Send the body with a Content-Length header." },
    });
    expect(refused("/nl/contact", { "transfer-encoding": "chunked" })).toEqual({
      status: 411,
      type: "text/plain",
      text: "Send the body with a Content-Length header.",
    });
    expect(refused("/api/contact", { "content-length": "1" })).toEqual({ passed: true });
  });
});

describe("the staff guard's answer to a call", () => {
  function contextFor(staff: StaffUser | null) {
    const context = new RouterContextProvider();
    context.set(siteContext, { country: "nl", language: "nl", locale: "nl_nl" });
    context.set(staffContext, staff);
    return context;
  }
  const thrownBy = (run: () => unknown) => {
    try {
      run();
    } catch (answer) {
      return answer as Response;
    }
    throw new Error("nothing thrown");
  };

  it("401 with the message in the caller's language, a Cookie challenge, never stored", async () => {
    const answer = await seen(thrownBy(() => signedInStaff(contextFor(null), "call")));
    expect(answer.status).toBe(401);
    expect(answer.headers).toEqual({
      ...JSON_TYPE,
      "cache-control": "no-store",
      "www-authenticate": 'Cookie realm="staff"',
    });
    expect(Object.keys(JSON.parse(answer.body))).toEqual(["error", "message"]);
    expect(JSON.parse(answer.body).error).toBe("UNAUTHORIZED");
  });

  it("403 FORBIDDEN for an agent on an officer's call", async () => {
    const agent: StaffUser = { email: "agent@veldhaven-test.nl", role: "agent", method: "local" };
    const guard = requireStaff({ role: "officer", answer: "call" });
    const args = { context: contextFor(agent) } as unknown as Parameters<typeof guard>[0];
    const answer = await Promise.resolve(guard(args, async () => new Response())).then(
      () => null,
      (thrown: unknown) => seen(thrown as Response),
    );
    expect(answer).toEqual({
      status: 403,
      headers: { ...JSON_TYPE, "cache-control": "no-store" },
      body: '{"error":"FORBIDDEN"}',
    });
  });
});
