/**
 * A page on another origin (a journalist's notebook,
 * served here by a server of the test's own at notebook.localhost, another
 * host and port than the site's) reads the register with fetch() in a real
 * browser; it cannot submit anything, and nothing it tries is stored.
 * JavaScript off plays no part: these are calls, not pages, and a page
 * without JavaScript cannot call fetch() (the no-JS project skips them).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

import type { Page } from "@playwright/test";

import { request } from "../setup/spawn-server";
import { expect, siteUrl, test } from "./fixtures";
import { sql } from "./shared-server-data";

test.skip(
  ({ javaScriptEnabled }) => !javaScriptEnabled,
  "fetch() from another site's page needs JavaScript; JavaScript off has no part in an API",
);

const register = (path: string) => siteUrl("nl", path);

/**
 * Another site's page, on loopback like the site itself: Chromium lets a
 * page fetch from loopback only if it was served from there too (Local
 * Network Access), as a public page may from a public register.
 */
let notebook: http.Server;
let notebookUrl: string;
test.beforeAll(async () => {
  notebook = http.createServer((_req, res) => {
    res
      .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
      .end('<!doctype html><html lang="en"><title>Notebook</title><h1>Notebook</h1></html>');
  });
  await new Promise<void>((resolve) => notebook.listen(0, resolve));
  notebookUrl = `http://notebook.localhost:${(notebook.address() as AddressInfo).port}/`;
});
test.afterAll(() => new Promise<void>((resolve) => notebook.close(() => resolve())));

test.beforeEach(async ({ page }) => {
  await page.goto(notebookUrl);
});

type Outcome =
  { ok: true; status: number; headers: Record<string, string | null>; json: unknown } | { ok: false; error: string };

type Register = { campaignItems: Array<{ id: string }> };

/** The answer of a fetch the browser allowed. */
function succeeded(outcome: Outcome) {
  if (!outcome.ok) throw new Error(`the browser refused the fetch: ${outcome.error}`);
  return outcome;
}

/** Runs fetch() in the notebook page; a CORS refusal is the browser's TypeError. */
function fetchFromNotebook(page: Page, url: string, init: RequestInit = {}, read: string[] = []): Promise<Outcome> {
  return page.evaluate(
    async ({ url, init, read }) => {
      try {
        const response = await fetch(url, init);
        const text = await response.text();
        const headers = Object.fromEntries(read.map((name) => [name, response.headers.get(name)]));
        return { ok: true as const, status: response.status, headers, json: text ? JSON.parse(text) : null };
      } catch (error) {
        return { ok: false as const, error: String(error) };
      }
    },
    { url, init, read },
  );
}

test("another site's page reads the register, a notice, the export and the document", async ({ page }) => {
  const list = await fetchFromNotebook(page, register("/api/campaign-items?countryCode=NL"), {}, [
    "etag",
    "content-type",
  ]);
  expect(list).toMatchObject({
    ok: true,
    status: 200,
    headers: { etag: expect.stringMatching(/^"/), "content-type": expect.stringContaining("application/json") },
  });
  const items = (succeeded(list).json as Register).campaignItems;
  expect(items.length).toBeGreaterThan(0);

  const notice = await fetchFromNotebook(page, register(`/api/campaign-items/${items[0].id}?countryCode=NL`), {}, [
    "content-disposition",
  ]);
  expect(notice).toMatchObject({
    ok: true,
    status: 200,
    json: { id: items[0].id },
    headers: { "content-disposition": expect.stringContaining("politieke-advertentie-") },
  });
  expect(
    await fetchFromNotebook(page, register("/api/campaign-items/export?countryCode=BE&format=json")),
  ).toMatchObject({ ok: true, status: 200 });
  expect(await fetchFromNotebook(page, register("/api/openapi.json"))).toMatchObject({
    ok: true,
    status: 200,
    json: { openapi: expect.stringMatching(/^3\.1/) },
  });
  // An error is readable too, so the page can say what was wrong.
  expect(await fetchFromNotebook(page, register("/api/campaign-items?countryCode=DE"))).toMatchObject({
    ok: true,
    status: 400,
    json: { parameter: "countryCode" },
  });
});

test("a preflighted read (If-None-Match) is allowed; a header the register does not take is not", async ({ page }) => {
  const first = await fetchFromNotebook(page, register("/api/campaign-items?countryCode=BE"), {}, ["etag"]);
  const etag = succeeded(first).headers.etag!;
  // If-None-Match is not a CORS-safelisted header: the browser asks first (OPTIONS), then sends it.
  expect(
    await fetchFromNotebook(page, register("/api/campaign-items?countryCode=BE"), {
      headers: { "If-None-Match": etag },
    }),
  ).toMatchObject({ ok: true, status: 304 });
  expect(
    await fetchFromNotebook(page, register("/api/campaign-items?countryCode=BE"), { headers: { "X-Notebook": "1" } }),
  ).toMatchObject({ ok: false });
});

test("with credentials the browser refuses the answer: the register never allows them", async ({ page }) => {
  expect(
    await fetchFromNotebook(page, register("/api/campaign-items?countryCode=NL"), { credentials: "include" }),
  ).toMatchObject({ ok: false, error: expect.stringContaining("TypeError") });
});

test("every other call stays the site's own: no reading, no posting, nothing stored", async ({ page }) => {
  const marker = `cors-${Date.now()}@veldhaven-test.nl`;
  const items = succeeded(await fetchFromNotebook(page, register("/api/campaign-items?countryCode=NL")))
    .json as Register;
  const report = {
    reason: "MISLEADING",
    name: "Notebook",
    email: marker,
    explanation: "Vanaf een andere site.",
    campaignId: items.campaignItems[0].id,
    locale: "nl_nl",
  };
  const json = (body: object): RequestInit => ({
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

  // A JSON post needs a preflight, which these calls do not answer for another origin: the browser never sends it.
  expect(await fetchFromNotebook(page, register("/api/political-ad-complaint"), json(report))).toMatchObject({
    ok: false,
  });
  expect(
    await fetchFromNotebook(
      page,
      register("/api/contact?locale=nl_nl"),
      json({ name: "Notebook", email: marker, question: "Hallo?" }),
    ),
  ).toMatchObject({ ok: false });
  // A simple post goes out without asking. The server refuses it (403 CROSS_ORIGIN), and the page
  // does not even get the opaque answer: it keeps helmet's same-origin resource policy.
  const blocked = page.waitForEvent("requestfailed", (failed) => failed.url().includes("/api/contact"));
  const simple: RequestInit = {
    method: "POST",
    mode: "no-cors",
    headers: { "Content-Type": "text/plain" },
    body: JSON.stringify({ name: "Notebook", email: marker, question: "Hallo?" }),
  };
  expect(await fetchFromNotebook(page, register("/api/contact?locale=nl_nl"), simple)).toMatchObject({ ok: false });
  expect((await blocked).failure()?.errorText).toContain("BLOCKED_BY_RESPONSE");
  const asTheBrowserSentIt = await request(Number(process.env.E2E_PORT), {
    method: "POST",
    path: "/api/contact?locale=nl_nl",
    headers: { Origin: new URL(notebookUrl).origin, "Sec-Fetch-Site": "same-site", "Content-Type": "text/plain" },
    body: String(simple.body),
  });
  expect(asTheBrowserSentIt.status).toBe(403);
  expect(JSON.parse(asTheBrowserSentIt.body)).toMatchObject({ error: "CROSS_ORIGIN" });
  // Reading another call is refused as well.
  expect(await fetchFromNotebook(page, register("/api/plainhtml/privacy-policy?locale=nl_nl"))).toMatchObject({
    ok: false,
  });

  expect(sql("select id from political_ad_complaint where email = ?", marker)).toEqual([]);
  expect(sql("select id from contact_message where email = ?", marker)).toEqual([]);
});

test("the preflight as a client sees it: the register answers 204, a submission no CORS at all", async () => {
  const port = Number(process.env.E2E_PORT);
  const ask = (path: string, method: string) =>
    request(port, {
      method: "OPTIONS",
      path,
      headers: {
        Origin: "https://dashboard.example",
        "Access-Control-Request-Method": method,
        "Access-Control-Request-Headers": "if-none-match",
      },
    });
  const preflight = await ask("/api/campaign-items?countryCode=NL", "GET");
  expect(preflight.status).toBe(204);
  expect(preflight.headers).toMatchObject({
    "access-control-allow-origin": "*",
    "access-control-allow-methods": "GET, HEAD",
    "access-control-allow-headers": "If-None-Match",
  });
  expect(preflight.headers["access-control-allow-credentials"]).toBeUndefined();
  const read = await request(port, {
    path: "/api/campaign-items/export?countryCode=NL",
    headers: { Origin: "https://dashboard.example" },
  });
  expect(read.headers).toMatchObject({
    "access-control-allow-origin": "*",
    "access-control-expose-headers": "ETag, Content-Disposition, Retry-After",
    "cross-origin-resource-policy": "cross-origin",
  });
  const head = await request(port, {
    method: "HEAD",
    path: "/api/openapi.json",
    headers: { Origin: "https://dashboard.example" },
  });
  expect(head.status).toBe(200);
  expect(head.headers["access-control-allow-origin"]).toBe("*");
  for (const path of ["/api/political-ad-complaint", "/api/contact", "/api/privacy-rights/request"]) {
    const answer = await ask(path, "POST");
    expect(answer.headers["access-control-allow-origin"], path).toBeUndefined();
    expect(answer.headers["access-control-allow-methods"], path).toBeUndefined();
  }
  // Pages keep helmet's same-origin resource policy.
  expect((await request(port, { path: "/nl/political-ads" })).headers["cross-origin-resource-policy"]).toBe(
    "same-origin",
  );
});
