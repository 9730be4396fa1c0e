import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { I18nProvider } from "~/i18n/i18n-provider";
import { textLanguageTag, type Locale } from "~/i18n/locale";
import { resolvedTranslations } from "~/i18n/translations.server";
import { compareDocuments } from "~/services/site/document-diff.server";

import { DocumentComparisonView } from "./document-comparison";

function shown(from: string[], to: string[], locale: Locale = "nl_nl") {
  const comparison = compareDocuments({ markdown: from.join("\n\n") }, { markdown: to.join("\n\n") });
  return renderToStaticMarkup(
    <I18nProvider languageTag={textLanguageTag(locale)} translations={resolvedTranslations(locale)}>
      <DocumentComparisonView comparison={comparison} />
    </I18nProvider>,
  );
}

/** What a reader sees and a screen reader reads: the markup without its tags. */
const text = (html: string) => html.replace(/<[^>]+>/g, "");

const unchanged = [
  "Wij verwerken persoonsgegevens alleen met een grondslag uit de AVG.",
  "Wij bewaren je gegevens niet langer dan nodig.",
  "Daarna verwijderen of anonimiseren wij ze.",
  "Je kunt altijd bezwaar maken.",
];

describe("DocumentComparisonView", () => {
  it("labels an inserted and a deleted word in visible words, inside <ins> and <del>", () => {
    const html = shown(
      ["Wij delen je gegevens met onze bezorgpartners en adverteerders."],
      ["Wij delen je gegevens alleen met onze bezorgpartners."],
    );
    expect(html).toContain(
      '<ins class="app-diff__added"><span class="app-diff__label">toegevoegd:</span> alleen </ins>',
    );
    expect(html).toMatch(
      /<del class="app-diff__removed"><span class="app-diff__label">verwijderd:<\/span> [^<]*adverteerders/,
    );
  });

  it("lists the changed headings first: added, removed and renamed with both titles", () => {
    const html = shown(
      ["## 4. Je rechten {#je-rechten}", "## 9. Oude sectie {#oud}", ...unchanged],
      ["## 4. Jouw rechten als lezer {#je-rechten}", ...unchanged, "## 10. Beveiliging {#beveiliging}"],
    );
    const summary = text(html.slice(0, html.indexOf('id="app-diff-text"')));
    expect(summary).toContain("Gewijzigde kopjes");
    expect(summary).toContain("Toegevoegd: 10. Beveiliging");
    expect(summary).toContain("Verwijderd: 9. Oude sectie");
    expect(summary).toContain("Hernoemd: 4. Je rechten →wordt 4. Jouw rechten als lezer");
  });

  it("folds a long run of unchanged paragraphs into a disclosure that names their number", () => {
    const html = shown([...unchanged, "Vragen? Mail ons."], [...unchanged, "Vragen? Mail onze functionaris."]);
    expect(html).toContain('<details class="app-diff__unchanged"><summary>4 ongewijzigde alinea&#x27;s</summary>');
    expect(text(html)).toContain("Je kunt altijd bezwaar maken.");
  });

  it("shows a whole removed paragraph with its label, in French for a Belgian French reader", () => {
    const html = shown(
      ["Vous pouvez consulter vos données.", "Ce paragraphe disparaît."],
      ["Vous pouvez consulter vos données."],
      "fr_be",
    );
    expect(text(html)).toContain("supprimé\u00a0: Ce paragraphe disparaît.");
    expect(html).toContain("app-diff__block--removed");
  });

  it("says so when the two versions do not differ", () => {
    const html = shown(unchanged, unchanged);
    expect(text(html)).toBe("Deze twee versies zijn gelijk: er is niets in de tekst veranderd.");
  });
});
