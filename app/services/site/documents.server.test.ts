import { describe, expect, it } from "vitest";

import { documentRedirect } from "~/content/document-redirects";
import { DOCUMENT_KEYS, privacyPolicyPills } from "~/content/documents";
import { allDocuments, getDocument, renderDocument } from "~/services/site/documents.server";

describe("document content files", () => {
  it("all 18 documents (6 × nl_nl, nl_be, fr_be) parse with anchors, in every version", () => {
    const documents = allDocuments();
    expect(documents.size).toBe(18);
    for (const document of [...documents.values()].flat()) {
      expect(document.sections.length, document.key).toBeGreaterThan(4);
      for (const section of document.sections) {
        expect(document.html).toContain(`id="${section.id}"`);
      }
    }
  });

  it("renders headings with their explicit id and tables in a scroll region", () => {
    const { html, sections } = renderDocument(
      "---\ntitle: T\ndescription: D\neffective: 2026-10-01\nsummary: S\nmaterial: false\n---\n\n## 1. Wie zijn wij? {#wie-zijn-wij}\n\nTekst **vet**.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
      "test.md",
    );
    expect(html).toContain('<h2 id="wie-zijn-wij" class="app-document__heading">1. Wie zijn wij?</h2>');
    expect(html).toContain('<div class="app-document__table" role="region" tabindex="0" aria-label="Tabel"><table>');
    expect(sections).toEqual([
      { id: "wie-zijn-wij", title: "1. Wie zijn wij?", level: 2, text: "Tekst vet . a b 1 2" },
    ]);
  });

  it("rejects a heading without an anchor, or a duplicate anchor", () => {
    const head = "---\ntitle: T\ndescription: D\neffective: 2026-10-01\nsummary: S\nmaterial: false\n---\n";
    expect(() => renderDocument(`${head}## Zonder anker\n`, "x.md")).toThrow(/without \{#id\}/);
    expect(() => renderDocument(`${head}## A {#a}\n\n## B {#a}\n`, "x.md")).toThrow(/duplicate heading id a/);
    expect(() => renderDocument("## A {#a}\n", "x.md")).toThrow(/front matter/);
  });

  it("falls back en_be → nl_be", () => {
    expect(getDocument("privacy-policy", "en_be").locale).toBe("nl_be");
    expect(getDocument("privacy-policy", "fr_be").locale).toBe("fr_be");
    expect(DOCUMENT_KEYS.map((key) => getDocument(key, "nl_nl").locale)).toEqual(Array(6).fill("nl_nl"));
  });
});

describe("pills and redirects (spec 2)", () => {
  it("nl_nl has consumers, applicants, events; other locales also participants", () => {
    expect(privacyPolicyPills("nl_nl")).toEqual([
      "privacy-policy",
      "privacy-policy-applicants",
      "privacy-policy-events",
    ]);
    expect(privacyPolicyPills("fr_be")).toContain("privacy-policy-participants");
  });

  it("maps legacy paths per locale", () => {
    expect(documentRedirect("nl_be", "privacybeleid-sollicitanten")).toEqual({
      kind: "document",
      key: "privacy-policy-applicants",
    });
    expect(documentRedirect("fr_be", "privacybeleid-sollicitanten")).toEqual({
      kind: "document",
      key: "privacy-policy",
    });
    expect(documentRedirect("nl_nl", "cookiestatement")).toEqual({ kind: "document", key: "cookie-policy" });
    expect(documentRedirect("nl_nl", "cookiebeleid")).toBeNull();
    expect(documentRedirect("nl_nl", "cookie-policy-advertisers")?.kind).toBe("external");
    expect(documentRedirect("nl_be", "cookie-policy-advertisers")?.kind).toBe("external");
    expect(documentRedirect("en_be", "privacy-policy-b2b")?.kind).toBe("external");
  });
});
