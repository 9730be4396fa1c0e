import { describe, expect, it } from "vitest";

import { brandsBe, brandsNl } from "~/content/brands";
import { phoneDirectoryBe, phoneDirectoryNl } from "~/content/phone-directory";
import { filterPhoneDirectory, groupByBrandType, phoneFilterFromSearchParams, telHref } from "~/content/phone-filter";
import { brandsByCategory, validateContent } from "~/services/site/content.server";
import { search, snippetOf } from "~/services/site/search.server";
import { foldText } from "~/utils/fold";

describe("content data", () => {
  it("is valid: 40/29 brands, 29/12 phone entries, unique ids and keys", () => {
    expect(() => validateContent()).not.toThrow();
    expect(brandsNl).toHaveLength(40);
    expect(brandsBe).toHaveLength(29);
    expect(phoneDirectoryNl).toHaveLength(29);
    expect(phoneDirectoryBe).toHaveLength(12);
  });

  it("most Dutch numbers start with 088", () => {
    expect(phoneDirectoryNl.filter((entry) => entry.phoneNumber.startsWith("088")).length).toBeGreaterThan(14);
  });

  it("groups brands into the About blocks of spec 2", () => {
    expect(brandsByCategory("nl").map((group) => group.category)).toEqual([
      "news",
      "online-only",
      "radio",
      "lifestyle",
    ]);
    expect(brandsByCategory("be").map((group) => group.category)).toEqual([
      "television",
      "radio",
      "news-media",
      "magazines",
      "online-services",
      "other",
    ]);
    expect(brandsByCategory("be").every((group) => group.brands.length > 0)).toBe(true);
  });
});

describe("phone filter", () => {
  const entries = [
    { brandName: "Radio Zuidwind", phoneNumber: "088 330 34 00", brandType: "radio" as const },
    { brandName: "Le Guetteur Mosan", phoneNumber: "04 123 45 67", brandType: "news" as const },
    { brandName: "Élan", phoneNumber: "02 123 45 67", brandType: "lifestyle" as const },
  ];

  it("filters by name (accents and case folded) and by type", () => {
    expect(filterPhoneDirectory(entries, { q: "ELAN", type: "all" }).map((e) => e.brandName)).toEqual(["Élan"]);
    expect(filterPhoneDirectory(entries, { q: "", type: "radio" }).map((e) => e.brandName)).toEqual(["Radio Zuidwind"]);
    expect(filterPhoneDirectory(entries, { q: "guetteur mosan", type: "news" })).toHaveLength(1);
    expect(filterPhoneDirectory(entries, { q: "radio", type: "news" })).toHaveLength(0);
  });

  it("reads the query string safely", () => {
    expect(phoneFilterFromSearchParams(new URLSearchParams("type=evil&q=" + "x".repeat(300)))).toEqual({
      type: "all",
      q: "x".repeat(100),
    });
  });

  it("groups in menu order and builds tel: links", () => {
    expect(groupByBrandType(entries).map((group) => group.type)).toEqual(["news", "radio", "lifestyle"]);
    expect(telHref("088 330 34 00", "31")).toBe("tel:+31883303400");
    expect(telHref("03 210 44 00", "32")).toBe("tel:+3232104400");
  });
});

describe("site search", () => {
  it("folds accents one character for one", () => {
    expect(foldText("Privé Données")).toBe("prive donnees");
  });

  it("finds a document section by a phrase and by a prefix", () => {
    const results = search("nl_nl", "hoe lang bewaren wij");
    expect(results[0].path).toMatch(/^\/document\/privacy-policy#/);
    expect(search("nl_nl", "bewaart")[0]).toBeDefined();
  });

  it("finds French text without accents and phone entries of the country only", () => {
    expect(search("fr_be", "donnees personnelles").length).toBeGreaterThan(0);
    const nlPhone = search("nl_nl", phoneDirectoryNl[0].brandName).filter((r) => r.kind === "phone");
    expect(nlPhone[0]?.title).toBe(phoneDirectoryNl[0].brandName);
    const beHits = search("nl_be", phoneDirectoryNl[0].brandName).filter((r) => r.kind === "phone");
    expect(beHits.map((r) => r.title)).not.toContain(phoneDirectoryNl[0].brandName);
  });

  it("cuts a snippet around the first match", () => {
    const text = `${"a ".repeat(200)}bewaartermijn ${"b ".repeat(200)}`;
    const snippet = snippetOf(text, "bewaartermijn");
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet).toContain("bewaartermijn");
    expect(snippet.length).toBeLessThan(200);
  });

  it("returns nothing for an empty query", () => {
    expect(search("nl_nl", "   ")).toEqual([]);
  });
});
