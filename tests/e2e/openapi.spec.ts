/**
 * The OpenAPI document the server serves is valid OpenAPI
 * 3.1, and every public call's real answers (status, content type, required
 * headers, body) match it, success and errors alike, checked with Ajv
 * (tests/setup/openapi-checker.ts). The last test fails for any documented
 * answer no test produced. The register's calls answer with CORS headers,
 * the submissions without (server/register-cors.ts). HTTP only: runs once.
 */
import { createHash } from "node:crypto";
import path from "node:path";

import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import Database from "better-sqlite3";
import type { OpenAPIObject } from "openapi3-ts/oas31";

import { answerChecker, validateDocument, type Answer } from "../setup/openapi-checker";
import { request as nodeRequest, spawnServer } from "../setup/spawn-server";
import { expect, test } from "./fixtures";
import { sql } from "./shared-server-data";

test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP calls: once is enough");

const port = () => Number(process.env.E2E_PORT);
const base = () => `http://127.0.0.1:${port()}`;
/** The calls any site's page may read; every other answer has no CORS header. */
const OPEN_READS = ["/api/campaign-items", "/api/openapi.json", "/api/privacy-rights/figures"];

let api: APIRequestContext;
let document: OpenAPIObject;
let checker: ReturnType<typeof answerChecker>;

test.beforeAll(async () => {
  api = await playwrightRequest.newContext();
  const answer = await api.get(`${base()}/api/openapi.json`, { headers: { Host: "nl.localhost" } });
  document = (await answer.json()) as OpenAPIObject;
  checker = answerChecker(document);
});
test.afterAll(() => api.dispose());

async function answerOf(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<Answer> {
  return { status: response.status(), headers: response.headers(), body: await response.text() };
}

/** Asserts that the answer matches the document and the CORS rule, and gives its JSON body (or text). */
function expectDocumented(method: string, pathAndQuery: string, answer: Answer, status: number) {
  const pathname = new URL(pathAndQuery, "http://x").pathname;
  expect(answer.status, `${method} ${pathAndQuery}: ${answer.body.slice(0, 300)}`).toBe(status);
  expect(checker.problemsOf(method, pathname, answer)).toEqual([]);
  const open = OPEN_READS.some((prefix) => pathname.startsWith(prefix));
  expect(answer.headers["access-control-allow-origin"], pathname).toBe(open ? "*" : undefined);
  expect(answer.headers["access-control-allow-credentials"]).toBeUndefined();
  return answer.body !== "" && answer.headers["content-type"]?.includes("json")
    ? (JSON.parse(answer.body) as Record<string, unknown>)
    : answer.body;
}

async function get(pathAndQuery: string, status: number, headers: Record<string, string> = {}) {
  const answer = await answerOf(
    await api.get(`${base()}${pathAndQuery}`, { headers: { Host: "nl.localhost", ...headers } }),
  );
  return { body: expectDocumented("GET", pathAndQuery, answer, status), etag: answer.headers.etag };
}

/** A post as a program sends it (no Origin); the body is checked against the document when it should be valid. */
async function post(
  pathAndQuery: string,
  body: unknown,
  status: number,
  options: { headers?: Record<string, string>; host?: string; raw?: string } = {},
) {
  if (status === 201)
    expect(checker.requestProblems("POST", new URL(pathAndQuery, "http://x").pathname, body)).toEqual([]);
  const answer = await answerOf(
    await api.post(`${base()}${pathAndQuery}`, {
      headers: { Host: options.host ?? "nl.localhost", "Content-Type": "application/json", ...options.headers },
      // A Buffer is sent as it is (Playwright would quote a string that is not JSON).
      data: Buffer.from(options.raw ?? JSON.stringify(body)),
    }),
  );
  return expectDocumented("POST", pathAndQuery, answer, status) as Record<string, unknown>;
}

const reportsFrom = (email: string) =>
  sql<{ n: number }>("select count(*) as n from political_ad_complaint where email = ?", email)[0].n;

test("the served document is OpenAPI 3.1 and its schemas compile", async () => {
  expect(await validateDocument(document)).toEqual([]);
  const { body, etag } = await get("/api/openapi.json", 200);
  expect(body).toMatchObject({ openapi: expect.stringMatching(/^3\.1\./), servers: [{ url: "http://nl.localhost" }] });
  await get("/api/openapi.json", 304, { "If-None-Match": etag! });
});

test("the register's list, one notice and the export match the document", async () => {
  const { body: list, etag } = await get("/api/campaign-items?countryCode=NL", 200);
  const items = (list as { campaignItems: Array<{ id: string; version: number }> }).campaignItems;
  expect(items.length).toBeGreaterThan(0);
  await get("/api/campaign-items?countryCode=be&period=PAST_YEAR&channel=TV&text=a", 200);
  await get("/api/campaign-items?countryCode=NL", 304, { "If-None-Match": etag! });
  await get("/api/campaign-items", 400);
  await get("/api/campaign-items?countryCode=NL&channel=RADIO", 400);

  const id = items[0].id;
  const { etag: itemTag } = await get(`/api/campaign-items/${id}?countryCode=NL`, 200);
  await get(`/api/campaign-items/${id}?countryCode=NL&version=1`, 200);
  await get(`/api/campaign-items/${id}?countryCode=NL`, 304, { "If-None-Match": itemTag! });
  await get(`/api/campaign-items/${id}?countryCode=NL&version=0`, 400);
  await get(`/api/campaign-items/${id}?countryCode=BE`, 404);
  await get(`/api/campaign-items/${id}?countryCode=NL&version=999`, 404);

  await get("/api/campaign-items/export?countryCode=NL", 200);
  const { etag: exportTag } = await get("/api/campaign-items/export?countryCode=BE&format=json", 200);
  await get("/api/campaign-items/export?countryCode=BE&format=json", 304, { "If-None-Match": exportTag! });
  await get("/api/campaign-items/export?countryCode=NL&format=xml", 400);
});

test("the legal documents' call matches the document", async () => {
  const { etag } = await get("/api/plainhtml/privacy-policy?locale=nl_nl", 200);
  await get("/api/plainhtml/privacy-policy?locale=nl_nl", 304, { "If-None-Match": etag! });
  // Asked for JSON: the same text with its history, each earlier version at its own address.
  const { body } = await get("/api/plainhtml/privacy-policy?locale=nl_nl", 200, { Accept: "application/json" });
  const { versions } = body as { versions: Array<{ effective: string; current: boolean; url: string }> };
  expect(versions[0].current).toBe(true);
  expect(versions[0].url).toMatch(/^http:\/\/nl\.localhost(:\d+)?\/nl\/document\/privacy-policy$/);
  expect(versions.find((version) => version.effective === "2025-05-15")?.url).toMatch(
    /^http:\/\/nl\.localhost(:\d+)?\/nl\/document\/privacy-policy\/versions\/2025-05-15$/,
  );
  await get("/api/plainhtml/privacy-policy", 400);
  await get("/api/plainhtml/no-such-document?locale=nl_nl", 404);
});

test("the privacy figures call matches the document", async () => {
  const { body, etag } = await get("/api/privacy-rights/figures?country=NL", 200);
  // Each country's own years: another spec may have put older figures in one of them only.
  const { year } = body as { year: number };
  await get(`/api/privacy-rights/figures?country=NL&year=${year}`, 200);
  await get("/api/privacy-rights/figures?country=be", 200);
  await get("/api/privacy-rights/figures?country=NL", 304, { "If-None-Match": etag! });
  await get("/api/privacy-rights/figures", 400);
  await get("/api/privacy-rights/figures?country=NL&year=1999", 400);
});

test("contact: sent, refused fields and bodies, all as documented", async () => {
  const message = {
    name: "Onderzoeker OpenAPI",
    email: "openapi-contact@veldhaven-test.nl",
    question: "Werkt de API?",
  };
  expect(await post("/api/contact?locale=nl_nl", message, 201)).toMatchObject({ status: "sent" });
  expect(await post("/api/contact?locale=nl_nl", { ...message, email: "geen-adres" }, 400)).toMatchObject({
    error: "VALIDATION",
    fields: { email: expect.any(Array) },
  });
  expect(await post("/api/contact?locale=nl_nl", { ...message, email: "iemand@bestaat-niet.nl" }, 400)).toMatchObject({
    error: "EMAIL_INVALID",
  });
  expect(await post("/api/contact?locale=xx", message, 400)).toMatchObject({
    error: "VALIDATION",
    message: expect.any(String),
  });
  expect(await post("/api/contact?locale=nl_nl", null, 400, { raw: "{not json" })).toMatchObject({
    error: "MALFORMED_JSON",
  });
  await expectCommonRefusals("/api/contact?locale=nl_nl", message, { ...message, question: "Een andere vraag" });
});

test("reporting an ad: received, refused fields (validationError), unknown ad", async () => {
  const { body } = await get("/api/campaign-items?countryCode=NL", 200);
  const campaignId = (body as { campaignItems: Array<{ id: string }> }).campaignItems[0].id;
  const email = `openapi-report-${Date.now()}@veldhaven-test.nl`;
  const report = {
    reason: "MISLEADING",
    name: "Onderzoeker",
    email,
    explanation: "Geen afzender.",
    campaignId,
    locale: "nl_nl",
  };
  expect(await post("/api/political-ad-complaint", report, 201)).toEqual({ reference: expect.stringMatching(/^PA-/) });
  expect(reportsFrom(email)).toBe(1);
  expect(await post("/api/political-ad-complaint", { ...report, explanation: "" }, 400)).toMatchObject({
    validationError: "VALIDATION",
  });
  expect(await post("/api/political-ad-complaint", { ...report, email: "geen-adres" }, 400)).toMatchObject({
    validationError: "INVALID_EMAIL",
  });
  expect(await post("/api/political-ad-complaint", null, 400, { raw: "[1]" })).toMatchObject({ error: "VALIDATION" });
  expect(await post("/api/political-ad-complaint", { ...report, campaignId: "NL-NIET-BESTAAND" }, 404)).toMatchObject({
    error: "NOT_FOUND",
  });
  await expectCommonRefusals("/api/political-ad-complaint", report, { ...report, reason: "INCORRECT" });
});

test("a privacy request: stored, refused fields, undeliverable address", async () => {
  const request = {
    flowType: "RIGHT_OF_ACCESS",
    email: "openapi-toegang@veldhaven-test.nl",
    language: "nl",
    userMessage: "Welke gegevens?",
  };
  expect(await post("/api/privacy-rights/request", request, 201)).toMatchObject({ state: "AWAITING_VERIFICATION" });
  const objection = { flowType: "OBJECTION", brands: ["dagpuls"], phoneNumber: "+32412345678", language: "fr" };
  expect(await post("/api/privacy-rights/request", objection, 201, { host: "be.localhost" })).toMatchObject({
    state: "COMPLETED",
  });
  expect(await post("/api/privacy-rights/request", { flowType: "RECTIFICATION" }, 400)).toMatchObject({
    error: "VALIDATION",
    fields: expect.any(Object),
  });
  expect(await post("/api/privacy-rights/request", { ...request, email: "a@bestaat-niet.nl" }, 400)).toMatchObject({
    error: "INVALID_EMAIL",
  });
  await expectCommonRefusals("/api/privacy-rights/request", request, { ...request, userMessage: "Iets anders" });
});

test("the rights with fields of their own: stored as documented, a missing field refused by the call and the document alike", async () => {
  const email = (name: string) => `openapi-${name}-${Date.now().toString(36)}@veldhaven-test.nl`;
  const requests = [
    {
      flowType: "RESTRICTION_OF_PROCESSING",
      email: email("beperking"),
      language: "nl",
      ground: "ACCURACY_CONTESTED",
      concerns: "Mijn adres in het abonneebestand klopt niet; gebruik het niet tot het is nagekeken.",
    },
    { flowType: "DATA_PORTABILITY", email: email("meenemen"), language: "nl", delivery: "PERSON" },
    {
      flowType: "DATA_PORTABILITY",
      email: email("overdragen"),
      language: "nl",
      delivery: "CONTROLLER",
      controllerName: "Uitgeverij Noord",
      controllerAddress: "privacy@uitgeverij-noord.example",
      userMessage: "Graag mijn leesgeschiedenis erbij.",
    },
    {
      flowType: "OBJECTION_TO_PROCESSING",
      email: email("bezwaar"),
      language: "nl",
      purposes: ["AUDIENCE_MEASUREMENT", "OTHER"],
      otherPurpose: "Profielen voor aanbevelingen",
      grounds: "Ik werk als bron voor journalisten; mijn leesgedrag mag niet worden vastgelegd.",
    },
  ];
  for (const request of requests) {
    expect(await post("/api/privacy-rights/request", request, 201)).toMatchObject({ state: "AWAITING_VERIFICATION" });
    const [stored] = sql<{ right_type: string; right_details: string }>(
      "select right_type, right_details from privacy_request where email = ?",
      request.email,
    );
    expect(stored.right_type).toBe(request.flowType);
    const { flowType: _flow, email: _email, language: _language, ...own } = request;
    expect(JSON.parse(stored.right_details)).toEqual(own);
  }
  const incomplete = [
    { flowType: "RESTRICTION_OF_PROCESSING", email: email("leeg"), ground: "LEGAL_CLAIM" },
    { flowType: "DATA_PORTABILITY", email: email("leeg"), delivery: "CONTROLLER", controllerName: "Uitgeverij Noord" },
    { flowType: "OBJECTION_TO_PROCESSING", email: email("leeg"), purposes: ["OTHER"], grounds: "Mijn redenen" },
  ];
  for (const request of incomplete) {
    expect(checker.requestProblems("POST", "/api/privacy-rights/request", request), request.flowType).not.toEqual([]);
    expect(await post("/api/privacy-rights/request", request, 400)).toMatchObject({
      error: "VALIDATION",
      fields: expect.any(Object),
    });
  }
});

test("a system answers its task: taken once, refused for a wrong token, another system's task, a repeat or a bad body", async () => {
  await post(
    "/api/privacy-rights/request",
    { flowType: "RIGHT_OF_ACCESS", email: "openapi-systeem@veldhaven-test.nl", language: "nl" },
    201,
  );
  const [{ id: requestId }] = sql<{ id: string }>(
    "select id from privacy_request where email = ? order by created_at desc limit 1",
    "openapi-systeem@veldhaven-test.nl",
  );
  // Inactive: no request of the other specs fans out to it; it still answers the task it holds.
  const token = `vhs_openapi-${crypto.randomUUID()}`;
  const now = new Date().toISOString();
  const system = `openapi-${Date.now().toString(36)}`;
  sql(
    "insert into data_system (id, name, rights, countries, channel, webhook_url, callback_token_hash, active, created_at, updated_at) values (?, 'OpenAPI', 'RIGHT_OF_ACCESS', 'nl', 'webhook', 'https://systems.example/hooks', ?, 0, ?, ?)",
    system,
    createHash("sha256").update(token).digest("hex"),
    now,
    now,
  );
  const task = crypto.randomUUID();
  sql(
    "insert into system_task (id, request_id, system_id, channel, state, created_at) values (?, ?, ?, 'webhook', 'OPEN', ?)",
    task,
    requestId,
    system,
    now,
  );
  const target = `/api/systems/${system}/tasks/${task}`;
  const bearer = { Authorization: `Bearer ${token}` };
  expect(await post(target, { status: "done" }, 401)).toMatchObject({ error: "UNAUTHORIZED" });
  expect(
    await post(target, { status: "done" }, 401, {
      headers: { Authorization: "Bearer vhs_not-this-systems-token-000000000000" },
    }),
  ).toMatchObject({ error: "UNAUTHORIZED" });
  expect(
    await post(`/api/systems/${system}/tasks/${crypto.randomUUID()}`, { status: "done" }, 404, { headers: bearer }),
  ).toMatchObject({ error: "NOT_FOUND" });
  expect(await post(target, { status: "failed" }, 400, { headers: bearer })).toMatchObject({
    error: "VALIDATION",
    fields: { reason: expect.any(Array) },
  });
  expect(await post(target, {}, 400, { headers: bearer, raw: "{not json" })).toMatchObject({ error: "MALFORMED_JSON" });
  const asText = await answerOf(
    await api.post(`${base()}${target}`, {
      headers: { Host: "nl.localhost", "Content-Type": "text/plain", ...bearer },
      data: "{}",
    }),
  );
  expectDocumented("POST", target, asText, 415);
  // An access answer with a file: it joins the answer the officer sends the person.
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
  const withFile = await answerOf(
    await api.post(`${base()}${target}`, {
      headers: { Host: "nl.localhost", ...bearer },
      multipart: {
        status: "done",
        reason: "Export uit het klantenbestand",
        file: { name: "klantgegevens.pdf", mimeType: "application/pdf", buffer: pdf },
      },
    }),
  );
  expect(expectDocumented("POST", target, withFile, 200)).toEqual({ taskId: task, state: "DONE", files: 1 });
  expect(await post(target, { status: "done" }, 409, { headers: bearer })).toMatchObject({ error: "ALREADY_ANSWERED" });
  expect(
    sql<{ state: string; answered_by: string }>("select state, answered_by from system_task where id = ?", task),
  ).toEqual([{ state: "DONE", answered_by: `system:${system}` }]);
  expect(
    sql<{ name: string; direction: string; uploaded_by: string }>(
      "select name, direction, uploaded_by from request_file where request_id = ?",
      requestId,
    ),
  ).toEqual([{ name: "klantgegevens.pdf", direction: "ANSWER", uploaded_by: `system:${system}` }]);
  // Files only come with an access answer: for another right the post is refused and nothing is kept.
  await post(
    "/api/privacy-rights/request",
    { flowType: "RIGHT_TO_BE_FORGOTTEN", email: "openapi-wissen@veldhaven-test.nl", language: "nl" },
    201,
  );
  const [{ id: erasureId }] = sql<{ id: string }>(
    "select id from privacy_request where email = ? order by created_at desc limit 1",
    "openapi-wissen@veldhaven-test.nl",
  );
  const erasureTask = crypto.randomUUID();
  sql(
    "insert into system_task (id, request_id, system_id, channel, state, created_at) values (?, ?, ?, 'webhook', 'OPEN', ?)",
    erasureTask,
    erasureId,
    system,
    now,
  );
  const refused = await answerOf(
    await api.post(`${base()}/api/systems/${system}/tasks/${erasureTask}`, {
      headers: { Host: "nl.localhost", ...bearer },
      multipart: { status: "done", file: { name: "x.pdf", mimeType: "application/pdf", buffer: pdf } },
    }),
  );
  expect(expectDocumented("POST", `/api/systems/${system}/tasks/${erasureTask}`, refused, 400)).toMatchObject({
    error: "VALIDATION",
    fields: { file: expect.any(Array) },
  });
  expect(sql("select id from request_file where request_id = ?", erasureId)).toEqual([]);
  expect(
    await post(`/api/systems/${system}/tasks/${erasureTask}`, { status: "no-data" }, 200, { headers: bearer }),
  ).toEqual({ taskId: erasureTask, state: "NO_DATA", files: 0 });
});

/** 403 from another site's page, 411, 413, 415, and 422 for a key reused with another body. */
async function expectCommonRefusals(target: string, valid: object, other: object) {
  const crossOrigin = await post(target, valid, 403, {
    headers: { Origin: "https://dashboard.example", "Sec-Fetch-Site": "cross-site" },
  });
  expect(crossOrigin).toMatchObject({ error: "CROSS_ORIGIN" });
  await post(target, { ...valid, padding: "x".repeat(1_100_000) }, 413);
  const asText = await answerOf(
    await api.post(`${base()}${target}`, {
      headers: { Host: "nl.localhost", "Content-Type": "text/plain" },
      data: JSON.stringify(valid),
    }),
  );
  expectDocumented("POST", target, asText, 415);
  const chunked = await nodeRequest(port(), {
    method: "POST",
    path: target,
    headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
    body: JSON.stringify(valid),
  });
  expectDocumented("POST", target, { ...chunked, headers: chunked.headers as Record<string, string> }, 411);
  const key = { "Idempotency-Key": `openapi-${crypto.randomUUID()}` };
  await post(target, valid, 201, { headers: key });
  expect(await post(target, other, 422, { headers: key })).toMatchObject({ error: "IDEMPOTENCY_KEY_REUSED" });
}

test("429 and 503 on a server of their own, as documented", async () => {
  const server = await spawnServer({ RATE_LIMIT_PER_HOUR: "1", PRIVACY_RATE_LIMIT_PER_HOUR: "1" });
  try {
    const call = async (
      method: string,
      pathAndQuery: string,
      status: number,
      body?: unknown,
      localAddress = "127.0.0.2",
    ) => {
      const answer = await nodeRequest(server.port, {
        method,
        path: pathAndQuery,
        localAddress,
        headers: body === undefined ? {} : { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return expectDocumented(
        method,
        pathAndQuery,
        { ...answer, headers: answer.headers as Record<string, string> },
        status,
      );
    };
    const list = (await call("GET", "/api/campaign-items?countryCode=NL", 200)) as {
      campaignItems: Array<{ id: string }>;
    };
    const campaignId = list.campaignItems[0].id;
    const submissions: Array<[string, object]> = [
      ["/api/contact?locale=nl_nl", { name: "Lotte", email: "lotte@example.nl", question: "Vraag" }],
      [
        "/api/political-ad-complaint",
        { reason: "INCORRECT", name: "Lotte", email: "lotte@example.nl", explanation: "Fout", campaignId },
      ],
      ["/api/privacy-rights/request", { flowType: "OBJECTION", brands: ["dagwijzer"], phoneNumber: "+31612345678" }],
    ];
    for (const [target, body] of submissions) {
      await call("POST", target, 201, body);
      expect(await call("POST", target, 429, body)).toMatchObject({
        error: "RATE_LIMITED",
        message: expect.any(String),
      });
    }
    const db = new Database(path.join(server.dataDir, "app.sqlite"));
    for (const table of ["campaign_item", "contact_message", "political_ad_complaint", "privacy_request"])
      db.exec(`alter table ${table} rename to ${table}_gone`);
    db.close();
    for (const [target, body] of submissions)
      expect(await call("POST", target, 503, body, "127.0.0.3")).toMatchObject({ error: "UNAVAILABLE" });
    for (const target of [
      "/api/campaign-items?countryCode=NL",
      `/api/campaign-items/${campaignId}?countryCode=NL`,
      "/api/campaign-items/export?countryCode=NL",
      "/api/privacy-rights/figures?country=NL",
    ]) {
      expect(await call("GET", target, 503)).toMatchObject({ error: "UNAVAILABLE" });
    }
  } finally {
    await server.stop();
  }
});

test("every answer the document names was produced and checked", () => {
  expect(checker.uncovered()).toEqual([]);
});
