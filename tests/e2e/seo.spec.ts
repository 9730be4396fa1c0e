/**
 * What search engines read: one canonical address per page, the
 * other language of a .be page, robots.txt and sitemap.xml per host.
 */
import { request } from "../setup/spawn-server";
import { expect, onlyWithJavaScript, siteUrl, test, theServersAnswer } from "./fixtures";

const port = () => Number(process.env.E2E_PORT);
const origin = (host: "nl" | "be") => `http://${host}.localhost:${port()}`;

test("a .be page names its canonical address and both languages", theServersAnswer, async ({ page }) => {
  await page.goto(siteUrl("be", "/fr/document/cookie-policy"));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    `${origin("be")}/fr/document/cookie-policy`,
  );
  await expect(page.locator('link[rel="alternate"][hreflang="nl-BE"]')).toHaveAttribute(
    "href",
    `${origin("be")}/nl/document/cookie-policy`,
  );
  await expect(page.locator('link[rel="alternate"][hreflang="fr-BE"]')).toHaveAttribute(
    "href",
    `${origin("be")}/fr/document/cookie-policy`,
  );
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    "href",
    `${origin("be")}/nl/document/cookie-policy`,
  );
});

test(
  "a .nl page has its canonical address and no other language; a filter is not a page of its own",
  theServersAnswer,
  async ({ page }) => {
    await page.goto(siteUrl("nl", "/nl/political-ads?period=PAST_YEAR"));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin("nl")}/nl/political-ads`);
    await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(0);
  },
);

test(
  "robots.txt per host: staff pages and calls are not crawled, the host's sitemap is named",
  onlyWithJavaScript("a file for crawlers, no browser: the answer is the same in both projects, so it runs once"),
  async () => {
    for (const host of ["nl", "be"] as const) {
      const robots = await request(port(), { path: "/robots.txt", host: `${host}.localhost:${port()}` });
      expect(robots.status).toBe(200);
      expect(robots.headers["content-type"]).toMatch(/^text\/plain/);
      expect(robots.body).toContain("Disallow: /*/internal-privacy-rights");
      expect(robots.body).toContain("Disallow: /api/");
      expect(robots.body).toContain(`Sitemap: ${origin(host)}/sitemap.xml`);
    }
  },
);

test(
  "sitemap.xml per host: every page in the host's languages, the ads of its register included",
  onlyWithJavaScript("a file for crawlers, no browser: the answer is the same in both projects, so it runs once"),
  async () => {
    const items = async (code: "NL" | "BE") =>
      JSON.parse(
        (
          await request(port(), {
            path: `/api/campaign-items?countryCode=${code}`,
            host: `${code.toLowerCase()}.localhost:${port()}`,
          })
        ).body,
      ).campaignItems as Array<{ id: string }>;

    const be = await request(port(), { path: "/sitemap.xml", host: `be.localhost:${port()}` });
    expect(be.status).toBe(200);
    expect(be.headers["content-type"]).toMatch(/^application\/xml/);
    expect(be.body).toContain(`<loc>${origin("be")}/fr/privacy-rights/publication</loc>`);
    expect(be.body).toContain(`<xhtml:link rel="alternate" hreflang="nl-BE" href="${origin("be")}/nl/about"/>`);
    const beAd = (await items("BE"))[0].id;
    expect(be.body).toContain(`<loc>${origin("be")}/nl/political-ads/${beAd}</loc>`);
    expect(be.body).not.toContain("internal-privacy-rights");

    const nl = await request(port(), { path: "/sitemap.xml", host: `nl.localhost:${port()}` });
    expect(nl.body).toContain(`<loc>${origin("nl")}/nl/document/privacy-policy</loc>`);
    expect(nl.body).not.toContain(`${origin("nl")}/fr/`);
    // Removal from a publication exists in Belgium only.
    expect(nl.body).not.toContain("/privacy-rights/publication");
    expect(nl.body).toContain(`/nl/political-ads/${(await items("NL"))[0].id}</loc>`);
    expect(nl.body).not.toContain(beAd);
  },
);
