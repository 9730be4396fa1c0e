import { describe, expect, it } from "vitest";

import { documentContentProblems } from "~/services/site/document-content-check.server";

const BODY = "\n## 1. Wie zijn wij? {#wie}\n\nTekst.\n";

function version(effective: string | null, summary: string | null = "Eenvoudiger taal.") {
  const lines = ["title: Privacybeleid", "description: Hoe wij uw gegevens verwerken."];
  if (effective) lines.push(`effective: ${effective}`);
  if (summary) lines.push(`summary: ${summary}`);
  lines.push("material: false");
  return `---\n${lines.join("\n")}\n---\n${BODY}`;
}

const KEYS = [
  "privacy-policy",
  "cookie-policy",
  "terms-of-use",
  "privacy-policy-participants",
  "privacy-policy-applicants",
  "privacy-policy-events",
];

/** Every document in every full locale on the given dates: content without a problem. */
function complete(dates: string[]): Record<string, string> {
  const files: Record<string, string> = {};
  for (const locale of ["nl_nl", "nl_be", "fr_be"]) {
    for (const key of KEYS) {
      for (const date of dates) files[`../../../content/documents/${locale}/${key}/${date}.md`] = version(date);
    }
  }
  return files;
}

const PATH = "../../../content/documents/nl_nl/privacy-policy";

describe("document content check", () => {
  it("finds nothing wrong with the real content folder", () => {
    const files = import.meta.glob<string>("../../../content/documents/*/*/*.md", {
      query: "?raw",
      import: "default",
      eager: true,
    });
    expect(Object.keys(files).length).toBeGreaterThanOrEqual(18);
    expect(documentContentProblems(files)).toEqual([]);
  });

  it("accepts complete content with the same dates in every full locale", () => {
    expect(documentContentProblems(complete(["2024-01-01", "2026-10-01"]))).toEqual([]);
  });

  it("refuses a version without a date", () => {
    const files = { ...complete(["2026-10-01"]), [`${PATH}/2026-10-01.md`]: version(null) };
    expect(documentContentProblems(files)).toEqual([
      expect.stringMatching(/^content\/documents\/nl_nl\/privacy-policy\/2026-10-01\.md: effective: /),
    ]);
  });

  it("refuses a version without a summary", () => {
    const files = { ...complete(["2026-10-01"]), [`${PATH}/2026-10-01.md`]: version("2026-10-01", null) };
    expect(documentContentProblems(files)[0]).toMatch(/2026-10-01\.md: summary: /);
  });

  it("refuses a file name that is not the version's date", () => {
    const files = { ...complete(["2026-10-01"]), [`${PATH}/2026-10-01.md`]: version("2026-10-02") };
    expect(documentContentProblems(files)).toContain(
      "content/documents/nl_nl/privacy-policy/2026-10-01.md: effective 2026-10-02 differs from the file name",
    );
    const named = { ...complete(["2026-10-01"]), [`${PATH}/latest.md`]: version("2026-10-01") };
    expect(documentContentProblems(named)).toContain(
      "content/documents/nl_nl/privacy-policy/latest.md: the file name must be the date it takes effect (YYYY-MM-DD)",
    );
  });

  it("refuses two versions on one date", () => {
    // A second file of the same document on the same date, under a name that is not quite its date.
    const twin = { ...complete(["2026-10-01"]), [`${PATH}/2026-10-1.md`]: version("2026-10-01") };
    expect(documentContentProblems(twin)).toContain(
      "content/documents/nl_nl/privacy-policy/2026-10-1.md: two versions of nl_nl/privacy-policy on 2026-10-01",
    );
  });

  it("refuses a full locale whose versions fall on other dates than another's", () => {
    const files = {
      ...complete(["2026-10-01"]),
      "../../../content/documents/fr_be/privacy-policy/2024-01-01.md": version("2024-01-01"),
    };
    expect(documentContentProblems(files)).toEqual([
      "content/documents/fr_be/privacy-policy: versions on 2024-01-01, 2026-10-01, but nl_nl has 2026-10-01",
    ]);
  });

  it("refuses a document missing from a full locale", () => {
    const files = complete(["2026-10-01"]);
    delete files["../../../content/documents/nl_be/terms-of-use/2026-10-01.md"];
    expect(documentContentProblems(files)).toEqual(["content/documents/nl_be/terms-of-use: no version"]);
  });

  it("lets en_be fall back: it needs no versions of its own", () => {
    expect(documentContentProblems(complete(["2026-10-01"]))).toEqual([]);
  });
});
