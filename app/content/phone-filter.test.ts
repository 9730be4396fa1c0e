import { describe, expect, it } from "vitest";
import { phoneDirectoryBe, phoneDirectoryNl } from "~/content/phone-directory";
import { filterPhoneDirectory, groupByBrandType, phoneFilterMatcher, type PhoneFilter } from "~/content/phone-filter";

// The server filters the directory's entries; app/enhance/phone-filter.ts
// filters the entries of the page's <template>, group by group, reading each
// brand's name and its group's type back as text. One rule serves both.
describe("phone filter matcher", () => {
  it("takes an entry as the page gives it back: a name and a type as text", () => {
    const matches = phoneFilterMatcher({ q: "  zuidwind   RADIO ", type: "radio" });
    expect(matches({ brandName: "Radio Zuidwind", brandType: "radio" })).toBe(true);
    expect(matches({ brandName: "Radio Zuidwind", brandType: "news" })).toBe(false);
    expect(matches({ brandName: "Radio Noord", brandType: "radio" })).toBe(false);
    expect(phoneFilterMatcher({ q: "", type: "all" })({ brandName: "Élan", brandType: "lifestyle" })).toBe(true);
  });

  it("keeping the matches of every group gives the list the server renders", () => {
    const filters: PhoneFilter[] = [
      { q: "", type: "all" },
      { q: "radio", type: "all" },
      { q: "", type: "radio" },
      { q: "EEN", type: "all" },
      { q: "zzzz", type: "all" },
    ];
    for (const entries of [phoneDirectoryNl, phoneDirectoryBe]) {
      for (const filter of filters) {
        const matches = phoneFilterMatcher(filter);
        const picked = groupByBrandType(entries)
          .map((group) => ({
            type: group.type,
            entries: group.entries.filter((entry) => matches({ brandName: entry.brandName, brandType: group.type })),
          }))
          .filter((group) => group.entries.length > 0);
        expect(picked).toEqual(groupByBrandType(filterPhoneDirectory(entries, filter)));
      }
    }
  });
});
