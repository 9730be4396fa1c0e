import { describe, expect, it } from "vitest";

import {
  documentVersion,
  documentVersions,
  recentMaterialChange,
  upcomingVersion,
} from "~/services/site/document-versions.server";
import { getDocument } from "~/services/site/documents.server";

// The real content: the privacy policy as of 2024-03-01, 2025-05-15 and 2026-10-01.
describe("document versions", () => {
  it("lists the versions that have taken effect, newest first, the current one flagged", () => {
    expect(documentVersions("privacy-policy", "nl_nl", "2026-12-05")).toEqual([
      expect.objectContaining({ effective: "2026-10-01", current: true, material: true, title: "Privacybeleid" }),
      expect.objectContaining({ effective: "2025-05-15", current: false, material: true }),
      expect.objectContaining({ effective: "2024-03-01", current: false, material: false }),
    ]);
    expect(documentVersions("privacy-policy", "fr_be", "2026-12-05")[2].summary).toMatch(/^Première version/);
  });

  it("leaves a version out until its day, then makes it current (Brussels calendar day)", () => {
    expect(documentVersions("privacy-policy", "nl_be", "2026-09-30").map((v) => [v.effective, v.current])).toEqual([
      ["2025-05-15", true],
      ["2024-03-01", false],
    ]);
    expect(getDocument("privacy-policy", "nl_be", "2026-09-30").effective).toBe("2025-05-15");
    expect(getDocument("privacy-policy", "nl_be", "2026-10-01").effective).toBe("2026-10-01");
  });

  it("announces the next version from 30 days before its day, with its date and summary", () => {
    expect(upcomingVersion("privacy-policy", "nl_nl", "2026-08-31")).toBeUndefined();
    expect(upcomingVersion("privacy-policy", "nl_nl", "2026-09-01")).toMatchObject({
      effective: "2026-10-01",
      summary: "Transparantiecentrum voor politieke advertenties toegevoegd en de klachtroute verduidelijkt.",
    });
    expect(upcomingVersion("privacy-policy", "nl_nl", "2026-10-01")).toBeUndefined();
  });

  it("gives one earlier or current version rendered, and nothing for an unknown or future date", () => {
    const earlier = documentVersion("privacy-policy", "fr_be", "2024-03-01", "2026-12-05");
    expect(earlier?.html).toContain('<h2 id="qui-sommes-nous" class="app-document__heading">1. Qui sommes-nous ?</h2>');
    expect(earlier?.title).toBe("Politique de confidentialité");
    expect(documentVersion("privacy-policy", "fr_be", "2026-10-01", "2026-12-05")?.effective).toBe("2026-10-01");
    expect(documentVersion("privacy-policy", "fr_be", "2025-01-01", "2026-12-05")).toBeUndefined();
    expect(documentVersion("privacy-policy", "fr_be", "2026-10-01", "2026-09-15")).toBeUndefined();
  });

  it("falls back en_be → nl_be for the history too", () => {
    expect(documentVersions("privacy-policy", "en_be", "2026-12-05")[1].summary).toMatch(/privacyportaal/);
  });

  it("points out a material change for 30 days after it took effect, with the version before it", () => {
    expect(recentMaterialChange("privacy-policy", "nl_nl", "2026-10-01")).toEqual({
      effective: "2026-10-01",
      summary: "Transparantiecentrum voor politieke advertenties toegevoegd en de klachtroute verduidelijkt.",
      previous: "2025-05-15",
    });
    expect(recentMaterialChange("privacy-policy", "nl_nl", "2026-10-30")?.effective).toBe("2026-10-01");
    expect(recentMaterialChange("privacy-policy", "nl_nl", "2026-10-31")).toBeUndefined();
    // The first version changed nothing that matters: nothing to point out.
    expect(recentMaterialChange("privacy-policy", "nl_nl", "2024-03-05")).toBeUndefined();
  });
});
