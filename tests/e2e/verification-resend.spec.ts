/**
 * With JavaScript on and off, in Dutch and French: an
 * expired confirmation link leads to the expired page, which says why links
 * expire and offers a new link for the same request (without showing
 * anything of it); the new link arrives (in the request's language) and
 * confirms, the old one no longer works, and asking again within 5 minutes
 * says when to try. The page fits 320 px with 200 % text and passes axe in
 * each state; opened directly, or once the limit is reached, it offers no
 * button but a new request and the privacy team's address.
 */
import type { Page } from "@playwright/test";

import { request } from "../setup/spawn-server";
import { expect, expectAxeClean, inTurn, siteUrl, test, type Host } from "./fixtures";
import { horizontalOverflow, setTextSize } from "./reflow";
import { mailsTo, sql } from "./shared-server-data";

// Long journeys and sweeps: ~15 s on two idle cores, up to 53 s on one
// (pinned with taskset). A limit that fits a machine three times slower.
test.describe.configure({ timeout: 180_000 });

const port = () => Number(process.env.E2E_PORT);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const LINK = /https?:\/\/\S+\/email-verification\?token=[A-Za-z0-9_-]{43}/;

/** The clock we control: the request's link ends in the past. */
const expireLink = (email: string) =>
  sql("update privacy_request set verification_expires_at = ? where email = ?", "2020-01-01T00:00:00.000Z", email);

const linksTo = (address: string) =>
  mailsTo(address)
    .map((eml) => LINK.exec(eml)?.[0])
    .filter((link): link is string => Boolean(link));

async function submitAccessRequest(
  host: Host,
  language: string,
  email: string,
): Promise<{ link: string; reference: string }> {
  const made = await request(port(), {
    method: "POST",
    path: "/api/privacy-rights/request",
    host: `${host}.localhost:${port()}`,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ flowType: "RIGHT_OF_ACCESS", email, language }),
  });
  expect(made.status).toBe(201);
  await expect.poll(() => linksTo(email).length, { timeout: 10_000 }).toBe(1);
  return { link: linksTo(email)[0], reference: (JSON.parse(made.body) as { reference: string }).reference };
}

async function expectFits(page: Page) {
  await page.setViewportSize({ width: 320, height: 640 });
  await setTextSize(page, 2);
  expect(await horizontalOverflow(page)).toBeNull();
  await setTextSize(page, 1);
  await page.setViewportSize({ width: 1280, height: 720 });
}

const SITES = {
  nl: {
    host: "nl" as Host,
    language: "nl",
    expired: "Verificatielink vervallen",
    why: "Met de link bewijs je dat het e-mailadres van jou is. Zo kan niemand anders een aanvraag in jouw naam bevestigen. Daarom werkt een link maar 24 uur, en maar één keer.",
    send: "Stuur een nieuwe link",
    sent: "We hebben een nieuwe link gestuurd naar het e-mailadres van je aanvraag.",
    subject: "Nieuwe link: bevestig je aanvraag",
    wait: "Je hebt net een nieuwe link gevraagd. Probeer het opnieuw vanaf",
    confirm: "Bevestig mijn aanvraag",
    verified: "E-mailadres bevestigd",
    failed: "Verificatie mislukt",
    newRequest: "Nieuwe aanvraag indienen",
    privacyEmail: "privacy@veldhavenmedia.nl",
  },
  fr: {
    host: "be" as Host,
    language: "fr",
    expired: "Lien de vérification expiré",
    why: "Le lien prouve que l'adresse e-mail est bien la vôtre. Ainsi, personne d'autre ne peut confirmer une demande en votre nom. C'est pourquoi un lien ne fonctionne que pendant 24 heures, et une seule fois.",
    send: "Envoyer un nouveau lien",
    sent: "Nous avons envoyé un nouveau lien à l'adresse e-mail de votre demande.",
    subject: "Nouveau lien: confirmez votre demande",
    wait: "Vous venez de demander un nouveau lien. Réessayez à partir de",
    confirm: "Confirmer ma demande",
    verified: "Adresse e-mail confirmée",
    failed: "Échec de la vérification",
    newRequest: "Introduire une nouvelle demande",
    privacyEmail: "privacy@veldhavenmedia.be",
  },
};

for (const [turn, [language, site]] of Object.entries(SITES).entries()) {
  test(
    `an expired link: a new one for the same request, the old one dead, a second ask within 5 minutes waits (${language})`,
    inTurn(turn),
    async ({ page }) => {
      const email = `opnieuw-${unique()}@veldhaven-test.nl`;
      const { link: old, reference } = await submitAccessRequest(site.host, site.language, email);
      expireLink(email);

      await page.goto(old);
      await expect(page).toHaveURL(siteUrl(site.host, `/${site.language}/email-verification-expired`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(site.expired);
      await expect(page.getByText(site.why)).toBeVisible();
      // Nothing of the request: not its address, not its reference.
      expect(await page.content()).not.toContain(email);
      expect(await page.content()).not.toContain(reference);
      await expectAxeClean(page);
      await expectFits(page);
      await page.getByRole("button", { name: site.send }).click();
      await expect(page.getByRole("status").filter({ hasText: site.sent })).toBeVisible();
      await expect(page.getByRole("button", { name: site.send })).toHaveCount(0);
      expect(await page.content()).not.toContain(email);
      await expectAxeClean(page);
      await expect.poll(() => linksTo(email).length, { timeout: 10_000 }).toBe(2);
      expect(mailsTo(email)[1]).toContain(site.subject);
      const fresh = linksTo(email)[1];
      expect(fresh).not.toBe(old);
      expect(fresh.startsWith(siteUrl(site.host, `/${site.language}/`))).toBe(true);

      // The old link no longer works.
      await page.goto(old);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(site.failed);

      // The new one expires too (our clock); asking again within 5 minutes says when, and sends nothing.
      expireLink(email);
      await page.goto(fresh);
      await page.getByRole("button", { name: site.send }).click();
      await expect(page.getByRole("alert").filter({ hasText: site.wait })).toBeVisible();
      await expectAxeClean(page);
      await expectFits(page);
      expect(linksTo(email)).toHaveLength(2);

      // Five minutes later (moved back in the database): a third link, which confirms.
      sql(
        "update privacy_request set link_resent_at = ? where email = ?",
        new Date(Date.now() - 6 * 60_000).toISOString(),
        email,
      );
      await page.goto(fresh);
      await page.getByRole("button", { name: site.send }).click();
      await expect(page.getByRole("status").filter({ hasText: site.sent })).toBeVisible();
      await expect.poll(() => linksTo(email).length, { timeout: 10_000 }).toBe(3);
      await page.goto(linksTo(email)[2]);
      await page.getByRole("button", { name: site.confirm }).click();
      await expect(page).toHaveURL(siteUrl(site.host, `/${site.language}/email-verified`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(site.verified);
    },
  );

  test(
    `the expired page opened directly, or at the limit: no button, a new request and the privacy team (${language})`,
    inTurn(turn + 1),
    async ({ page }) => {
      await page.goto(siteUrl(site.host, `/${site.language}/email-verification-expired`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(site.expired);
      await expect(page.getByText(site.why)).toBeVisible();
      await expect(page.getByRole("button", { name: site.send })).toHaveCount(0);
      await expect(page.getByText(site.privacyEmail)).toBeVisible();
      await expect(page.getByRole("link", { name: site.newRequest })).toHaveAttribute(
        "href",
        `/${site.language}/privacy-rights`,
      );

      const email = `grens-${unique()}@veldhaven-test.nl`;
      const { link } = await submitAccessRequest(site.host, site.language, email);
      sql(
        "update privacy_request set links_resent = 3, verification_expires_at = ? where email = ?",
        "2020-01-01T00:00:00.000Z",
        email,
      );
      await page.goto(link);
      await expect(page).toHaveURL(siteUrl(site.host, `/${site.language}/email-verification-expired`));
      await expect(page.getByRole("alert")).toContainText(
        language === "nl" ? "al 3 keer een nieuwe link gestuurd" : "déjà envoyé 3 fois un nouveau lien",
      );
      await expect(page.getByRole("button", { name: site.send })).toHaveCount(0);
      await expect(page.getByText(site.privacyEmail)).toBeVisible();
      await expectAxeClean(page);
    },
  );
}
