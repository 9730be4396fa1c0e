/**
 * Two versions of a legal document compared, as a reader meets it, with
 * JavaScript on and off, in nl_nl and fr_be: from the document's history to
 * the comparison of the version in effect with the one before; the headings
 * that changed listed first; added and removed words marked with <ins> and
 * <del> and a visible label, which the accessibility tree names; any two
 * versions picked with the form; axe clean and 320 px at 200 % text.
 */
import { expect, expectAxeClean, inTurn, siteUrl, test, type Host } from "./fixtures";
import { overflowOnPhoneAt200 } from "./reflow";
import { soft } from "./soft-hyphens";

const SITES: {
  host: Host;
  lang: string;
  link: string;
  title: string;
  addedHeading: RegExp;
  added: string;
  removed: string;
  from: string;
  compare: string;
  oldest: string;
}[] = [
  {
    host: "nl",
    lang: "nl",
    link: "Vergelijk met de vorige versie",
    title: "Privacybeleid: wat is er veranderd?",
    addedHeading: /Toegevoegd:.*Politieke advertenties/,
    added: "toegevoegd:",
    removed: "verwijderd:",
    from: "Oudere versie",
    compare: "Vergelijk",
    oldest: "1 maart 2024",
  },
  {
    host: "be",
    lang: "fr",
    link: "Comparer avec la version précédente",
    title: "Politique de confidentialité : qu'est-ce qui a changé ?",
    addedHeading: /Ajouté/,
    added: "ajouté",
    removed: "supprimé",
    from: "Version antérieure",
    compare: "Comparer",
    oldest: "1 mars 2024",
  },
];

for (const [turn, site] of SITES.entries()) {
  test(`/${site.lang}: the version in effect against the one before, then any two`, inTurn(turn), async ({ page }) => {
    await page.goto(siteUrl(site.host, `/${site.lang}/document/privacy-policy`));
    await page.getByRole("link", { name: site.link }).click();
    await expect(page).toHaveURL(siteUrl(site.host, `/${site.lang}/document/privacy-policy/compare`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(site.title);
    // The headings that came, went or were renamed, first.
    await expect(page.locator("#app-diff-headings").locator("..")).toContainText(soft(site.addedHeading));
    // Every change is told in words as well as marks, and the accessibility tree names it.
    const text = page.locator("section", { has: page.locator("#app-diff-text") });
    await expect(text.getByRole("insertion").first()).toContainText(site.added, { ignoreCase: true });
    await expect(text.getByRole("deletion").first()).toContainText(site.removed, { ignoreCase: true });
    await expectAxeClean(page);

    // Any two versions: the oldest against the one in effect.
    await page.getByLabel(site.from).selectOption({ label: site.oldest });
    await page.getByRole("button", { name: site.compare, exact: true }).click();
    await expect(page).toHaveURL(/compare\?from=2024-03-01&to=2026-10-01$/);
    await expect(page.getByRole("insertion").first()).toBeVisible();
    expect(await overflowOnPhoneAt200(page)).toBeNull();
  });
}

test("an unknown date is no page", inTurn(0), async ({ page }) => {
  const answer = await page.goto(siteUrl("nl", "/nl/document/privacy-policy/compare?from=2020-01-01&to=2026-10-01"));
  expect(answer?.status()).toBe(404);
});
