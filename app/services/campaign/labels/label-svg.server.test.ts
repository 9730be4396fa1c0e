/**
 * A label prints the sponsor's whole name (TTPA Art. 11),
 * however long the register lets it be (200 characters), in every language
 * a label is made in: every word drawn, nothing cut or elided, and every
 * line inside the label, clear of its QR code, as resvg (the PNG's renderer)
 * lays the text out.
 */
import { Resvg } from "@resvg/resvg-js";
import { describe, expect, it } from "vitest";

import type { CampaignItem } from "~/domain/campaign-item";
import { LABEL_FONT, LABEL_FONT_FILES } from "~/services/campaign/labels/label-font.server";
import { labelSvg } from "~/services/campaign/labels/label-svg.server";

const FONT = {
  fontFiles: [LABEL_FONT_FILES.regular, LABEL_FONT_FILES.bold],
  loadSystemFonts: false,
  defaultFontFamily: LABEL_FONT,
};

/** The register's longest sponsor (validation/campaign.ts: 200), of real words, an ampersand and an apostrophe among them. */
function longestSponsor(words: string[]): string {
  let name = words[0];
  for (let index = 1; name.length < 200; index++) name += ` ${words[index % words.length]}`;
  return name.slice(0, 199).trimEnd().padEnd(200, "x");
}

const DUTCH =
  "Vereniging van Vlaamse Steden & Gemeenten vzw / Samenwerkingsverband Lokale Besturen en Provincies 't Gemeentehuis".split(
    " ",
  );
const FRENCH =
  "Association des Villes & Communes de la Région de Bruxelles-Capitale asbl / Union des Villes de Wallonie d'Entre-Sambre-et-Meuse".split(
    " ",
  );

const CASES = [
  { country: "NL", language: "nl", prefix: "Sponsor: ", words: DUTCH },
  { country: "BE", language: "nl", prefix: "Sponsor: ", words: DUTCH },
  { country: "BE", language: "fr", prefix: "Parrain : ", words: FRENCH },
] as const;

const item = (country: string, language: string, sponsorName: string) =>
  ({ id: `${country}-2026-0042`, country, language, sponsorName, version: 1 }) as unknown as CampaignItem;
const noticeUrl = (country: string, language: string) =>
  `https://transparantie.veldhavenmedia.${country.toLowerCase()}/${language}/political-ads/${country}-2026-0042`;

const unescape = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** What the label prints: its text elements' contents, in order (not its <title> or aria-label, which nobody sees on paper). */
const drawnLines = (svg: string) =>
  [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((match) => unescape(match[1]));

/** The label's size, where its QR code starts, and the box resvg draws the texts in (the QR code and border left out). */
function layout(svg: string) {
  const [width, height] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)!.slice(1).map(Number);
  const qrLeft = Number(/<g transform="translate\(([\d.]+) /.exec(svg)![1]);
  const texts = /<g font-family=[\s\S]*?<\/g>/.exec(svg)![0];
  const box = new Resvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${texts}</svg>`,
    { font: FONT },
  ).getBBox()!;
  return { width, height, qrLeft, box };
}

/** The stroke of the label's border reaches this far in. */
const BORDER = 8;

describe("a label prints the sponsor's whole name", () => {
  for (const { country, language, prefix, words } of CASES) {
    it(`${country} ${language}: 200 characters, every word drawn, nothing elided, all inside the label`, () => {
      const name = longestSponsor(words);
      expect(name).toHaveLength(200);
      const svg = labelSvg(item(country, language, name), noticeUrl(country, language));
      const drawn = drawnLines(svg);
      // Lines break between words, so the drawn lines read back as the name.
      expect(drawn.join(" ")).toContain(`${prefix}${name}`);
      const drawnWords = new Set(drawn.join(" ").split(" "));
      for (const word of name.split(" ")) expect(drawnWords, word).toContain(word);
      expect(drawn.join(" ")).not.toContain("…");

      const { height, qrLeft, box } = layout(svg);
      expect(box.x).toBeGreaterThanOrEqual(BORDER);
      expect(box.y).toBeGreaterThanOrEqual(BORDER);
      expect(box.x + box.width).toBeLessThanOrEqual(qrLeft);
      expect(box.y + box.height).toBeLessThanOrEqual(height - BORDER);
      expect(svg).toMatch(new RegExp(`height="${height / 10}mm"`));
    });
  }

  it("a name without spaces is broken where it must, every character kept", () => {
    const name = "Samenwerkingsverband".repeat(10);
    const svg = labelSvg(item("BE", "fr", name), noticeUrl("BE", "fr"));
    expect(drawnLines(svg).join("")).toContain(name);
    const { qrLeft, height, box } = layout(svg);
    expect(box.x + box.width).toBeLessThanOrEqual(qrLeft);
    expect(box.y + box.height).toBeLessThanOrEqual(height - BORDER);
  });

  it("a usual name keeps the label at 90 × 40 mm, its statement clear of the code", () => {
    for (const { country, language } of CASES) {
      const svg = labelSvg(item(country, language, "Partij Élan Vooruit"), noticeUrl(country, language));
      expect(svg).toContain('width="90mm" height="40mm"');
      expect(drawnLines(svg)).toContain(`${language === "fr" ? "Parrain : " : "Sponsor: "}Partij Élan Vooruit`);
      const { qrLeft, box } = layout(svg);
      expect(box.x + box.width).toBeLessThanOrEqual(qrLeft);
    }
  });
});
