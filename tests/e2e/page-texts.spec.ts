/**
 * A page's document no longer carries its locale's texts. A page
 * that React takes over names a content-addressed texts file that browsers
 * keep; a public page's file has only the public texts, a staff page's all
 * of them; a page that never hydrates names none.
 */
import type { APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";
import { readable } from "./soft-hyphens";

const get = (request: APIRequestContext, host: string, path: string, headers: Record<string, string> = {}) =>
  request.get(`http://127.0.0.1:${process.env.E2E_PORT}${path}`, {
    headers: { Host: `${host}.localhost:${process.env.E2E_PORT}`, ...headers },
  });

const textsOf = (html: string) => /<html[^>]* data-texts="([^"]+)"/.exec(html)?.[1];

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the documents as sent: once is enough");

test("a hydrating page names its texts instead of carrying them; public pages get no staff texts", async ({
  request,
}) => {
  for (const [host, path, language] of [
    ["nl", "/nl", "nl_nl"],
    ["be", "/fr/privacy-rights/access", "fr_be"],
  ]) {
    const html = readable(await (await get(request, host, path)).text());
    // A field error no page shows until a form fails: only in the texts file.
    expect(html, path).not.toContain(language === "fr_be" ? "Ce champ est obligatoire" : "Dit veld is verplicht");
    const url = textsOf(html)!;
    expect(url, path).toMatch(new RegExp(`^/texts/${language}-public-[\\w-]{12}\\.json$`));
    // Kept by browsers and CDNs, even when asked with a cookie of ours.
    const answer = await get(request, host, url, { Cookie: "__session=anything" });
    expect(answer.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const texts = readable(await answer.text());
    expect(texts).toContain(language === "fr_be" ? "Ce champ est obligatoire" : "Dit veld is verplicht");
    expect(texts).not.toContain("Aangemeld als {{email}}");
    expect(texts).not.toContain("Connecté en tant que");
  }
  const login = await (await get(request, "nl", "/nl/internal-privacy-rights/login")).text();
  const staffTexts = textsOf(login)!;
  expect(staffTexts).toMatch(/^\/texts\/nl_nl-staff-/);
  expect(readable(await (await get(request, "nl", staffTexts)).text())).toContain("Aangemeld als {{email}}");
  expect((await get(request, "nl", "/texts/nl_nl-public-000000000000.json")).status()).toBe(404);
});

test("a page that never hydrates names no texts", async ({ request }) => {
  const html = await (await get(request, "nl", "/nl/privacy-rights")).text();
  expect(textsOf(html)).toBeUndefined();
  expect(html).not.toContain("Dit veld is verplicht");
});
