/**
 * Spec 7 `POST /api/privacy-rights/request`: what a client gets
 * for valid, invalid, undeliverable, malformed, oversized and rate-limited
 * requests. Server behaviour: runs once, in the "js" project.
 */
import fs from "node:fs";
import path from "node:path";

import { request, spawnServer } from "../setup/spawn-server";
import { expect, test } from "./fixtures";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server behaviour: runs once");

const port = () => Number(process.env.E2E_PORT);
const post = (body: unknown, options: { host?: "nl" | "be"; raw?: boolean; serverPort?: number } = {}) =>
  request(options.serverPort ?? port(), {
    method: "POST",
    path: "/api/privacy-rights/request",
    host: `${options.host ?? "nl"}.localhost:${options.serverPort ?? port()}`,
    headers: { "Content-Type": "application/json" },
    body: options.raw ? (body as string) : JSON.stringify(body),
  }).then((answer) => ({ ...answer, json: answer.body ? (JSON.parse(answer.body) as Record<string, unknown>) : null }));

test("201 with a reference; the verification link is mailed", async () => {
  const answer = await post({
    flowType: "RIGHT_OF_ACCESS",
    email: "api-toegang@veldhaven-test.nl",
    country: "NL",
    language: "nl",
    userMessage: "Welke gegevens hebben jullie van mij?",
    touchpoint: "https://www.veldhavenmedia.nl/nl/privacy-rights/access",
  });
  expect(answer.status).toBe(201);
  expect(answer.json).toEqual({
    reference: expect.stringMatching(/^PR-[0-9A-Z]{4}-[0-9A-Z]{4}$/),
    state: "AWAITING_VERIFICATION",
  });
  const mailDir = path.join(process.env.E2E_DATA_DIR!, "mail");
  await expect
    .poll(() =>
      fs.existsSync(mailDir)
        ? fs
            .readdirSync(mailDir)
            .some((file) => fs.readFileSync(path.join(mailDir, file), "utf8").includes(String(answer.json!.reference)))
        : false,
    )
    .toBe(true);
});

test("an objection without e-mail is executed at once", async () => {
  const answer = await post(
    { flowType: "OBJECTION", brands: ["dagpuls"], phoneNumber: "+32412345678", language: "fr" },
    { host: "be" },
  );
  expect(answer.status).toBe(201);
  expect(answer.json).toMatchObject({ state: "COMPLETED" });
});

test("400 VALIDATION with localized messages under each field's whole path", async () => {
  const answer = await post(
    {
      flowType: "OBJECTION",
      brands: ["dagpuls"],
      language: "fr",
      userInfo: { firstName: "Luc", address: { street: "Kerkstraat" } },
    },
    { host: "be" },
  );
  expect(answer.status).toBe(400);
  expect(answer.json!.error).toBe("VALIDATION");
  expect(answer.json!.fields).toMatchObject({
    "userInfo.lastName": ["Veuillez saisir une adresse correcte"],
    "userInfo.address.houseNumber": ["Veuillez saisir une adresse correcte"],
  });

  const dutch = await post({ flowType: "RECTIFICATION", email: "geen-adres" });
  expect(dutch.json!.fields).toEqual({
    email: ["Gelieve een correct e-mailadres in te vullen"],
    userMessage: ["Dit veld is verplicht"],
  });
  const phone = await post({ flowType: "OBJECTION", brands: ["dagwijzer"], phoneNumber: "+3161" });
  expect(phone.json!.fields).toEqual({
    phoneNumber: ["Gelieve een geldig telefoonnummer in te vullen (bv. +31612345678)"],
  });
});

test("brands and flows of the host's country only", async () => {
  const foreignBrand = await post({ flowType: "OBJECTION", brands: ["dagpuls"], phoneNumber: "+31612345678" });
  expect(foreignBrand.status).toBe(400);
  expect(foreignBrand.json!.fields).toEqual({ brands: ["Gelieve een optie te kiezen"] });
  const publicationOnNl = await post({
    flowType: "REMOVAL_FROM_PUBLICATION",
    email: "a@veldhaven-test.nl",
    article: "Artikel",
    publicationDate: "03 - 02 - 2024",
    userMessage: "Graag verwijderen",
  });
  expect(publicationOnNl.status).toBe(400);
  expect(publicationOnNl.json!.fields).toEqual({ flowType: ["Gelieve een optie te kiezen"] });
  const wrongCountry = await post({ flowType: "RIGHT_OF_ACCESS", email: "a@veldhaven-test.nl", country: "BE" });
  expect(wrongCountry.json!.fields).toEqual({ country: ["Gelieve een optie te kiezen"] });
});

test("400 INVALID_EMAIL when the address's domain cannot receive mail", async () => {
  const answer = await post({ flowType: "RIGHT_TO_BE_FORGOTTEN", email: "lotte@bestaat-niet.nl" });
  expect(answer.status).toBe(400);
  expect(answer.json).toEqual({
    error: "INVALID_EMAIL",
    fields: { email: ["Dit e-mailadres lijkt niet te bestaan. Gelieve een bestaand e-mailadres in te geven."] },
  });
});

test("malformed, odd and oversized bodies get 4xx, never 500", async () => {
  expect((await post("{not json", { raw: true })).status).toBe(400);
  expect((await post("[1,2]", { raw: true })).json!.error).toBe("VALIDATION");
  for (const odd of [
    {},
    { flowType: null },
    { flowType: "OBJECTION", brands: "dagwijzer" },
    { flowType: "OBJECTION", brands: [{ a: 1 }] },
    { flowType: "RIGHT_OF_ACCESS", email: 42, userInfo: "x" },
    { flowType: "RIGHT_OF_ACCESS", email: "a@veldhaven-test.nl", userInfo: { address: [] } },
    { flowType: "REMOVAL_FROM_PUBLICATION", publicationDate: ["x"] },
    { __proto__: { flowType: "OBJECTION" }, constructor: "x" },
  ]) {
    const answer = await post(odd, { host: "be" });
    expect(answer.status, JSON.stringify(odd)).toBe(400);
  }
  const oversized = await post({ flowType: "RIGHT_OF_ACCESS", userMessage: "x".repeat(1_100_000) });
  expect(oversized.status).toBe(413);
  expect(oversized.json!.error).toBe("PAYLOAD_TOO_LARGE");
  const wrongType = await request(port(), {
    method: "POST",
    path: "/api/privacy-rights/request",
    headers: { "Content-Type": "text/plain" },
    body: "{}",
  });
  expect(wrongType.status).toBe(415);
  expect((await request(port(), { path: "/api/privacy-rights/request" })).status).toBe(405);
});

test("429 with Retry-After once the hourly limit is used", async () => {
  const server = await spawnServer({ PRIVACY_RATE_LIMIT_PER_HOUR: "2" });
  try {
    const body = { flowType: "OBJECTION", brands: ["dagwijzer"], phoneNumber: "+31612345678" };
    expect((await post(body, { serverPort: server.port })).status).toBe(201);
    expect((await post(body, { serverPort: server.port })).status).toBe(201);
    const limited = await post(body, { serverPort: server.port });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json!.error).toBe("RATE_LIMITED");
  } finally {
    await server.stop();
  }
});
