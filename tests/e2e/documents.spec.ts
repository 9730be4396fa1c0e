import { EXTERNAL_DOCUMENT_REDIRECTS, LEGACY_DOCUMENT_REDIRECTS } from "~/content/document-redirects";
import { DOCUMENT_KEYS } from "~/content/documents";

import {
  expect,
  expectAxeClean,
  inTurn,
  onlyWithJavaScript,
  siteUrl,
  test,
  theServersAnswer,
  type Host,
} from "./fixtures";

const LOCALE_URL: Record<string, { host: Host; lang: string }> = {
  nl_nl: { host: "nl", lang: "nl" },
  nl_be: { host: "be", lang: "nl" },
  fr_be: { host: "be", lang: "fr" },
  en_be: { host: "be", lang: "en" },
};

test.describe("document pages", () => {
  for (const [turn, host] of (["nl", "be"] as const).entries()) {
    test(`all six documents render on .${host}`, inTurn(turn), async ({ page }) => {
      for (const key of DOCUMENT_KEYS) {
        const response = await page.goto(siteUrl(host, `/nl/document/${key}`));
        expect(response?.status(), key).toBe(200);
        await expect(page.getByRole("heading", { level: 1 }), key).not.toBeEmpty();
        const contents = page.getByRole("navigation", { name: "Inhoud" });
        expect(await contents.getByRole("link").count(), key).toBeGreaterThan(4);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
      }
    });
  }

  test("the privacy policy is accessible in Dutch", inTurn(1), async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl/document/privacy-policy"));
    await expect(page).toHaveTitle("Privacybeleid | Veldhaven Media");
    await expect(page.locator("table").first()).toBeVisible();
    await expectAxeClean(page);
  });

  test("the cookie policy is accessible in French", inTurn(0), async ({ page }) => {
    await page.goto(siteUrl("be", "/fr/document/cookie-policy"));
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-BE");
    await expect(page.getByRole("navigation", { name: "Sommaire" })).toBeVisible();
    await expectAxeClean(page);
  });

  test("pill menu: three pills on nl_nl, four elsewhere", theServersAnswer, async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl/document/privacy-policy"));
    const nlPills = page.getByRole("navigation", { name: "Privacybeleid voor" }).getByRole("link");
    await expect(nlPills).toHaveText(["Consumenten", "Sollicitanten", "Evenementen"]);
    await expect(nlPills.first()).toHaveAttribute("aria-current", "page");
    await nlPills.filter({ hasText: "Evenementen" }).click();
    await expect(page).toHaveURL(siteUrl("nl", "/nl/document/privacy-policy-events"));

    await page.goto(siteUrl("be", "/nl/document/privacy-policy-applicants"));
    const bePills = page.getByRole("navigation", { name: "Privacybeleid voor" }).getByRole("link");
    await expect(bePills).toHaveText(["Consumenten", "Programmadeelnemers", "Sollicitanten", "Evenementen"]);
    await expect(bePills.nth(2)).toHaveAttribute("aria-current", "page");

    await page.goto(siteUrl("be", "/fr/document/privacy-policy"));
    await expect(
      page.getByRole("navigation", { name: "Politique de confidentialité pour" }).getByRole("link"),
    ).toHaveCount(4);

    // The cookie policy is not a privacy policy: no pills.
    await page.goto(siteUrl("be", "/nl/document/cookie-policy"));
    await expect(page.getByRole("navigation", { name: "Privacybeleid voor" })).toHaveCount(0);
  });

  test("an anchor lands 90 px below the top", async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl/document/privacy-policy"));
    const firstLink = page.getByRole("navigation", { name: "Inhoud" }).getByRole("link").nth(6);
    const target = (await firstLink.getAttribute("href"))!;
    await firstLink.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    const heading = page.locator(target);
    await expect.poll(async () => Math.round((await heading.boundingBox())!.y)).toBe(90);

    // Loading the page with the hash lands there too.
    await page.goto(siteUrl("nl", "/nl"));
    await page.goto(siteUrl("nl", `/nl/document/privacy-policy${target}`));
    await expect.poll(async () => Math.round((await page.locator(target).boundingBox())?.y ?? -1)).toBe(90);
  });

  test("an unknown document goes to the not-found page", theServersAnswer, async ({ page }) => {
    await page.goto(siteUrl("be", "/fr/document/unknown-document"));
    await expect(page).toHaveURL(siteUrl("be", "/fr/not-found"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oups... perdu en chemin ?");
  });
});

test.describe("legacy and external document redirects (301)", () => {
  const origin = () => `http://127.0.0.1:${process.env.E2E_PORT}`;
  for (const [locale, table] of Object.entries(LEGACY_DOCUMENT_REDIRECTS)) {
    const { host, lang } = LOCALE_URL[locale];
    for (const [legacy, key] of Object.entries(table!)) {
      test(
        `${locale}: ${legacy} → ${key}`,
        onlyWithJavaScript("a redirect, no browser: the answer is the same in both projects, so it runs once"),
        async ({ request }) => {
          const response = await request.get(`${origin()}/${lang}/document/${legacy}`, {
            headers: { Host: `${host}.localhost` },
            maxRedirects: 0,
          });
          expect(response.status()).toBe(301);
          expect(response.headers().location).toBe(`/${lang}/document/${key}`);
        },
      );
    }
  }
  for (const [locale, table] of Object.entries(EXTERNAL_DOCUMENT_REDIRECTS)) {
    const { host, lang } = LOCALE_URL[locale];
    for (const [key, path] of Object.entries(table!)) {
      test(
        `${locale}: ${key} → corporate website`,
        onlyWithJavaScript("a redirect, no browser: the answer is the same in both projects, so it runs once"),
        async ({ request }) => {
          const response = await request.get(`${origin()}/${lang}/document/${key}`, {
            headers: { Host: `${host}.localhost` },
            maxRedirects: 0,
          });
          expect(response.status()).toBe(301);
          expect(response.headers().location).toBe(`https://www.veldhavenmedia.com${path}`);
        },
      );
    }
  }

  test("a legacy path is followed in the browser", theServersAnswer, async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl/document/privacystatement"));
    await expect(page).toHaveURL(siteUrl("nl", "/nl/document/privacy-policy"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacybeleid");
  });
});

test.describe("GET /api/plainhtml/{documentKey}", () => {
  test.skip(
    ({ javaScriptEnabled }) => !javaScriptEnabled,
    "an API call, no browser: the answer is the same in both projects, so it runs once",
  );
  const api = (path: string) => `http://127.0.0.1:${process.env.E2E_PORT}/api/plainhtml/${path}`;
  const headers = { Host: "be.localhost" };

  test("returns the document as HTML with ETag and Cache-Control", async ({ request }) => {
    const response = await request.get(api("cookie-policy?locale=fr_be"), { headers });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers()["cache-control"]).toContain("max-age=");
    const etag = response.headers().etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const html = await response.text();
    expect(html).toMatch(/<h2 id="[a-z0-9-]+"/);
    expect(html).toContain("cookies");

    const again = await request.get(api("cookie-policy?locale=fr_be"), {
      headers: { ...headers, "If-None-Match": etag },
    });
    expect(again.status()).toBe(304);
  });

  test("en_be falls back to the Belgian Dutch text", async ({ request }) => {
    const en = await request.get(api("terms-of-use?locale=en_be"), { headers });
    const nl = await request.get(api("terms-of-use?locale=nl_be"), { headers });
    expect(await en.text()).toBe(await nl.text());
  });

  test("unknown document or locale → 404 with a clear message; missing locale → 400", async ({ request }) => {
    const unknownKey = await request.get(api("secret-policy?locale=nl_nl"), { headers });
    expect(unknownKey.status()).toBe(404);
    expect(await unknownKey.text()).toBe("Unknown document 'secret-policy'.");
    const unknownLocale = await request.get(api("privacy-policy?locale=de_de"), { headers });
    expect(unknownLocale.status()).toBe(404);
    expect(await unknownLocale.text()).toContain("Unknown locale 'de_de'");
    const missing = await request.get(api("privacy-policy"), { headers });
    expect(missing.status()).toBe(400);
  });
});
