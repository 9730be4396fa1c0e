import { DOCUMENT_KEYS } from "~/content/documents";
import { SEARCHABLE_PAGES } from "~/content/pages";
import type { Db } from "~/db/db.server";
import { switchableLanguages, type Country, type Language } from "~/i18n/locale";

import { allCampaigns } from "../campaign/register.server";

/** Paths (without language) of every public page a country's site offers to search engines. */
export async function publicPagePaths(db: Db, country: Country): Promise<string[]> {
  const pages = SEARCHABLE_PAGES.filter((page) => page.countries.includes(country)).map((page) =>
    page.path === "/" ? "" : page.path,
  );
  const documents = DOCUMENT_KEYS.map((key) => `/document/${key}`);
  const ads = (await allCampaigns(db, country)).map((item) => `/political-ads/${encodeURIComponent(item.id)}`);
  return [...pages, ...documents, ...ads];
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * sitemap.xml of a host: every page in each of its languages (Dutch on .nl;
 * Dutch and French on .be, each naming the other as its alternate).
 */
export function sitemapXml(origin: string, country: Country, paths: string[]): string {
  const languages: Language[] = country === "be" ? switchableLanguages(country) : ["nl"];
  const urls = paths.flatMap((path) =>
    languages.map((language) => {
      const alternates =
        languages.length > 1
          ? languages
              .map(
                (other) =>
                  `<xhtml:link rel="alternate" hreflang="${other}-BE" href="${escapeXml(`${origin}/${other}${path}`)}"/>`,
              )
              .join("")
          : "";
      return `<url><loc>${escapeXml(`${origin}/${language}${path}`)}</loc>${alternates}</url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

/** robots.txt of a host: everything public may be crawled; staff pages, calls and personal links not. */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /*/internal-privacy-rights",
    "Disallow: /*/email-verification",
    "Disallow: /auth/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
