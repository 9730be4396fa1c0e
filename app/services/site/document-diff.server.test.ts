import { describe, expect, it } from "vitest";

import { compareDocuments } from "./document-diff.server";

const md = (...lines: string[]) => ({ markdown: lines.join("\n") });

const FRONT = [
  "---",
  "title: Privacybeleid",
  "description: Zo gaan wij om met je gegevens.",
  "updated: 2026-10-01",
  "---",
  "",
];

const retention = [
  "## 5. Hoe lang bewaren wij je gegevens? {#bewaartermijnen}",
  "",
  "Wij bewaren je gegevens niet langer dan nodig is voor het doel waarvoor wij ze verzamelen.",
  "",
  "Daarna verwijderen of anonimiseren wij ze.",
];

describe("compareDocuments", () => {
  it("marks the one word added inside a paragraph, the rest of it kept", () => {
    const result = compareDocuments(
      md("Wij delen je gegevens met onze bezorgpartners."),
      md("Wij delen je gegevens alleen met onze bezorgpartners."),
    );
    expect(result.identical).toBe(false);
    expect(result.blocks).toEqual([
      {
        change: "changed",
        kind: "paragraph",
        level: 0,
        segments: [
          { kind: "same", text: "Wij delen je gegevens " },
          { kind: "added", text: "alleen " },
          { kind: "same", text: "met onze bezorgpartners." },
        ],
      },
    ]);
  });

  it("shows a paragraph the later version dropped as removed, its neighbours unchanged", () => {
    const result = compareDocuments(md(...retention), md(retention[0], "", retention[2], ""));
    expect(result.blocks.map((item) => [item.change, "text" in item ? item.text : ""])).toEqual([
      ["same", "5. Hoe lang bewaren wij je gegevens?"],
      ["same", "Wij bewaren je gegevens niet langer dan nodig is voor het doel waarvoor wij ze verzamelen."],
      ["removed", "Daarna verwijderen of anonimiseren wij ze."],
    ]);
    expect(result.headings).toEqual([]);
  });

  it("lists a new section's heading as added and shows its heading and text as new blocks", () => {
    const result = compareDocuments(
      md(...retention),
      md(
        ...retention,
        "",
        "## 6. Beveiliging {#beveiliging}",
        "",
        "Wij beveiligen je gegevens met **versleuteling** en [toegangsbeheer](/nl/document/cookie-policy).",
      ),
    );
    expect(result.headings).toEqual([{ change: "added", id: "beveiliging", level: 2, newText: "6. Beveiliging" }]);
    expect(result.blocks.slice(-2)).toEqual([
      { change: "added", kind: "heading", level: 2, text: "6. Beveiliging" },
      {
        change: "added",
        kind: "paragraph",
        level: 0,
        text: "Wij beveiligen je gegevens met versleuteling en toegangsbeheer.",
      },
    ]);
  });

  it("lists a heading whose anchor stayed but whose title changed as renamed, with both titles", () => {
    const result = compareDocuments(
      md("### 4.2 Vos droits {#vos-droits}", "", "Vous pouvez consulter vos données."),
      md("### 4.2 Vos droits en tant que lecteur {#vos-droits}", "", "Vous pouvez consulter vos données."),
    );
    expect(result.headings).toEqual([
      {
        change: "renamed",
        id: "vos-droits",
        level: 3,
        oldText: "4.2 Vos droits",
        newText: "4.2 Vos droits en tant que lecteur",
      },
    ]);
    expect(result.blocks[0]).toMatchObject({ change: "changed", kind: "heading", level: 3 });
  });

  it("lists a heading that is gone as removed", () => {
    const result = compareDocuments(md("## Ancienne section {#ancienne}", "", "Texte."), md("Texte."));
    expect(result.headings).toEqual([{ change: "removed", id: "ancienne", level: 2, oldText: "Ancienne section" }]);
  });

  it("shows a table row whose retention period changed as that row changed, cell by cell as text", () => {
    const table = (period: string) =>
      md(
        ...FRONT,
        "| Nom | Fournisseur | Durée de conservation |",
        "| --- | --- | --- |",
        "| vhm_consent | Veldhaven Media | 12 mois |",
        `| vhm_stats_id | Veldhaven Media | ${period} |`,
      );
    const result = compareDocuments(table("13 mois"), table("6 mois"));
    expect(result.blocks.map((item) => item.change)).toEqual(["same", "same", "changed"]);
    expect(result.blocks[2]).toEqual({
      change: "changed",
      kind: "row",
      level: 0,
      segments: [
        { kind: "same", text: "vhm_stats_id | Veldhaven Media | " },
        { kind: "removed", text: "13" },
        { kind: "added", text: "6" },
        { kind: "same", text: " mois" },
      ],
    });
  });

  it("treats each list item as its own block", () => {
    const result = compareDocuments(
      md("- **Accountgegevens:** je naam en e-mailadres.", "- **Betaalgegevens:** je IBAN."),
      md("- **Accountgegevens:** je naam en e-mailadres.", "- **Betaalgegevens:** je IBAN en je betaalwijze."),
    );
    expect(result.blocks.map((item) => [item.kind, item.change])).toEqual([
      ["item", "same"],
      ["item", "changed"],
    ]);
  });

  it("shows a rewritten paragraph with hardly a word in common as one removed and one added, not a word soup", () => {
    const result = compareDocuments(
      md("Wij bewaren facturen zeven jaar."),
      md("Nieuwsbrieven sturen wij alleen met je toestemming."),
    );
    expect(result.blocks.map((item) => item.change)).toEqual(["removed", "added"]);
  });

  it("says two identical versions have no differences, every block unchanged", () => {
    const source = md(...FRONT, ...retention);
    const result = compareDocuments(source, { markdown: source.markdown });
    expect(result.identical).toBe(true);
    expect(result.headings).toEqual([]);
    expect(result.blocks.every((item) => item.change === "same")).toBe(true);
    expect(result.blocks).toHaveLength(3);
  });

  it("does not count the front matter's date or soft hyphens as a difference", () => {
    const result = compareDocuments(
      md(...FRONT, "Verwerkingsverantwoordelijke."),
      md(...FRONT.map((line) => line.replace("2026-10-01", "2026-12-01")), "Verwerkings\u00adverantwoordelijke."),
    );
    expect(result.identical).toBe(true);
  });
});
