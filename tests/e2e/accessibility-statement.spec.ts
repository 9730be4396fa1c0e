import type { Locator } from "@playwright/test";

import { ACCESSIBILITY_STATEMENT, lastCheckedText } from "~/content/accessibility";

import { expect, expectAxeClean, inTurn, siteUrl, test, type Host } from "./fixtures";
import { overflowOnPhoneAt200 } from "./reflow";

/**
 * The accessibility statement (/{lang}/accessibility): reached from the
 * footer, it names the standard and the day of the last check, and its
 * report link opens the home page's contact form with the question
 * started, which then sends like any message, with or without JavaScript.
 */
const SITES: {
  locale: string;
  host: Host;
  lang: string;
  languageTag: string;
  title: string;
  report: RegExp;
  question: string;
  preset: RegExp;
  name: string;
  email: string;
  submit: string;
  success: string;
}[] = [
  {
    locale: "nl_nl",
    host: "nl",
    lang: "nl",
    languageTag: "nl-NL",
    title: "Toegankelijkheidsverklaring",
    report: /^Meld een probleem met de toe/,
    question: "Je vraag",
    preset: /^Ik meld een probleem met de toegankelijkheid van deze website\.\nOp welke pagina: /,
    name: "Naam",
    email: "E-mailadres",
    submit: "Verstuur",
    success: "Jouw bericht is succesvol verzonden.",
  },
  {
    locale: "fr_be",
    host: "be",
    lang: "fr",
    languageTag: "fr-BE",
    title: "Déclaration d'accessibilité",
    report: /^Signaler un problème d/,
    question: "Votre question",
    preset: /^Je signale un problème d'accessibilité sur ce site\.\nSur quelle page : /,
    name: "Nom",
    email: "Adresse e-mail",
    submit: "Envoyer",
    success: "Votre message a bien été envoyé.",
  },
];

/** What a reader sees: the soft hyphens the server puts in long words left out. */
async function seen(locator: Locator): Promise<string> {
  return (await locator.innerText()).replaceAll("\u00ad", "");
}

SITES.forEach((site, turn) => {
  test.describe(site.locale, () => {
    const statement = siteUrl(site.host, `/${site.lang}/accessibility`);

    test(
      "the footer leads to the statement, which names WCAG 2.2 AA and the day of the last check",
      inTurn(turn),
      async ({ page }) => {
        await page.goto(siteUrl(site.host, `/${site.lang}/about`));
        await page.locator("footer").locator(`a[href="/${site.lang}/accessibility"]`).click();
        await expect(page).toHaveURL(statement);
        expect(await seen(page.getByRole("heading", { level: 1 }))).toBe(site.title);
        const main = await seen(page.locator("main"));
        expect(main).toContain("WCAG 2.2");
        expect(main).toMatch(/WCAG 2\.2[^.]*\bAA\b/);
        expect(main).toContain("EN 301 549");
        expect(main).toContain(lastCheckedText(ACCESSIBILITY_STATEMENT.lastChecked, site.languageTag));
        // The trail: home, then this page.
        await expect(page.locator(".app-breadcrumbs__item")).toHaveCount(2);
      },
    );

    test(
      "the report link, reached by keyboard, opens the contact form with the question started; it sends",
      inTurn(turn + 1),
      async ({ page }) => {
        await page.goto(statement);
        const report = page.getByRole("link", { name: site.report });
        // Tab from the top of the page until the report link has the focus.
        let reached = false;
        for (let presses = 0; presses < 60 && !reached; presses += 1) {
          await page.keyboard.press("Tab");
          reached = await report.evaluate((link) => link === document.activeElement);
        }
        expect(reached, "the report link is reached with Tab").toBe(true);
        await page.keyboard.press("Enter");

        await expect(page).toHaveURL(siteUrl(site.host, `/${site.lang}?topic=accessibility#contact-section`));
        const question = page.getByLabel(site.question);
        await expect(question).toHaveValue(site.preset);
        await expect(question).toBeInViewport();
        // No soft hyphen of the page's layout in what is sent.
        expect(await question.inputValue()).not.toContain("\u00ad");

        await page.getByLabel(site.name).fill("Noor Jansen");
        await page.getByLabel(site.email).fill(site.host === "nl" ? "noor@veldhaven-test.nl" : "noor@lezers-test.be");
        await question.fill(
          `${await question.inputValue()}/${site.lang}/phone (${test.info().project.name} ${Date.now()})`,
        );
        await page.getByRole("button", { name: site.submit }).click();
        await expect(page.getByTestId("banner")).toContainText(site.success);
        // After the send, a fresh form: nothing preset.
        await expect(question).toHaveValue("");
      },
    );

    test("is axe-clean and fits 320 px with 200 % text", inTurn(turn), async ({ page }) => {
      await page.goto(statement);
      await expectAxeClean(page);
      expect(await overflowOnPhoneAt200(page)).toBeNull();
    });
  });
});

test("an unknown topic presets nothing: the form without it", inTurn(1), async ({ page }) => {
  await page.goto(siteUrl("nl", "/nl?topic=elsewhere#contact-section"));
  await expect(page).toHaveURL(siteUrl("nl", "/nl#contact-section"));
  await expect(page.getByLabel("Je vraag")).toHaveValue("");
});
