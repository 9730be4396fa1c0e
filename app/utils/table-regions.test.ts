import { describe, expect, it } from "vitest";

import { labelTableRegions, splitSectionNumber } from "~/utils/table-regions";

const region = '<div class="app-document__table" role="region" tabindex="0" aria-label="Tabel"><table>';

describe("labelTableRegions", () => {
  it("names each table region by the heading before it", () => {
    const html = `<h2 id="a">A</h2><p>x</p>${region}<tr></tr></table></div><h3 id="b">B</h3>${region}</table></div>`;
    const labelled = labelTableRegions(html);
    expect(labelled).toContain('role="region" tabindex="0" aria-labelledby="a"><table>');
    expect(labelled).toContain('role="region" tabindex="0" aria-labelledby="b"><table>');
    expect(labelled).not.toContain('aria-label="Tabel"');
  });

  it("prefers the table's own caption", () => {
    const labelled = labelTableRegions(`<h2 id="a">A</h2>${region}<caption>Cookies</caption></table></div>`);
    expect(labelled).toContain('aria-labelledby="table-caption-1"><table><caption id="table-caption-1">Cookies');
  });

  it("keeps the generic label when nothing names the table", () => {
    expect(labelTableRegions(`${region}</table></div>`)).toBe(`${region}</table></div>`);
  });
});

describe("splitSectionNumber", () => {
  it.each([
    ["1. Wat zijn cookies?", "1.", "Wat zijn cookies?"],
    ["3.1 Functionele cookies", "3.1", "Functionele cookies"],
    ["Inleiding", null, "Inleiding"],
  ])("%s", (title, number, text) => {
    expect(splitSectionNumber(title)).toEqual({ number, text });
  });
});
