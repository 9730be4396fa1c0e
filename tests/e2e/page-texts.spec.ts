/**
 * Issue 28: a public page sends the browser only the public texts; the
 * staff sections (back office, staff area) come with staff pages only, so
 * every public page is about 13 KB lighter.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";

const page = async (request: APIRequestContext, host: string, path: string) =>
  (await request.get(`http://127.0.0.1:${process.env.E2E_PORT}${path}`, { headers: { Host: `${host}.localhost:${process.env.E2E_PORT}` } })).text();

test.beforeEach(({ javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the documents as sent: once is enough");
});

test("public pages carry no staff texts; staff pages carry them", async ({ request }) => {
  for (const [host, path] of [["nl", "/nl"], ["be", "/fr/privacy-rights/access"], ["nl", "/nl/political-ads"]]) {
    const html = await page(request, host, path);
    expect(html, path).not.toContain("Labels politieke advertenties");
    expect(html, path).not.toContain("Étiquettes publicités politiques");
    expect(html, path).not.toContain("Aangemeld als {{email}}");
  }
  const login = await page(request, "nl", "/nl/internal-privacy-rights/login");
  expect(login).toContain("Aangemeld als {{email}}");
});
