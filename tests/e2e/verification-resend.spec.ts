/**
 * Issue 26, item 3, with JavaScript on and off, in Dutch and French: an
 * expired confirmation link leads to the expired page, which says why links
 * expire and offers a new link for the same request; the new link arrives
 * (in the request's language) and confirms, the old one no longer works,
 * and asking again within 5 minutes says when to try.
 */
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { expect, expectAxeClean, siteUrl, test, type Host } from "./fixtures";
import { request } from "../setup/spawn-server";
import { decodeQuotedPrintable } from "../setup/test-smtp-server";
import { horizontalOverflow, setTextSize } from "./reflow";

const port = () => Number(process.env.E2E_PORT);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const LINK = /https?:\/\/\S+\/email-verification\?token=[A-Za-z0-9_-]{43}/;

function sql(statement: string, ...values: unknown[]) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "app.sqlite"));
  try {
    db.prepare(statement).run(...values);
  } finally {
    db.close();
  }
}

const linksTo = (address: string) => {
  const dir = path.join(process.env.E2E_DATA_DIR!, "mail");
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  return files
    .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, file), "utf8")))
    .filter((eml) => eml.includes(address))
    .map((eml) => LINK.exec(eml)?.[0])
    .filter((link): link is string => Boolean(link));
};

const SITES = {
  nl: { host: "nl" as Host, language: "nl", expired: "Verificatielink vervallen", why: "Een bevestigingslink werkt maar een beperkte tijd en maar één keer.", send: "Stuur een nieuwe link", sent: "We hebben een nieuwe link gestuurd naar het e-mailadres van je aanvraag.", wait: "Je hebt net een nieuwe link gevraagd. Probeer het opnieuw vanaf", confirm: "Bevestig mijn aanvraag", failed: "Verificatie mislukt" },
  fr: { host: "be" as Host, language: "fr", expired: "Lien de vérification expiré", why: "Un lien de confirmation ne fonctionne que pendant une durée limitée et une seule fois.", send: "Envoyer un nouveau lien", sent: "Nous avons envoyé un nouveau lien à l'adresse e-mail de votre demande.", wait: "Vous venez de demander un nouveau lien. Réessayez à partir de", confirm: "Confirmer ma demande", failed: "Échec de la vérification" },
};

for (const [language, site] of Object.entries(SITES)) {
  test(`an expired link: a new one for the same request, the old one dead, a second ask within 5 minutes waits (${language})`, async ({ page }) => {
    const email = `opnieuw-${unique()}@veldhaven-test.nl`;
    const made = await request(port(), {
      method: "POST",
      path: "/api/privacy-rights/request",
      host: `${site.host}.localhost:${port()}`,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ flowType: "RIGHT_OF_ACCESS", email, language: site.language }),
    });
    expect(made.status).toBe(201);
    await expect.poll(() => linksTo(email).length, { timeout: 10_000 }).toBe(1);
    const [old] = linksTo(email);
    sql("update privacy_request set verification_expires_at = ? where email = ?", "2020-01-01T00:00:00.000Z", email);

    await page.goto(old);
    await expect(page).toHaveURL(siteUrl(site.host, `/${site.language}/email-verification-expired`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(site.expired);
    await expect(page.getByText(site.why)).toBeVisible();
    await expectAxeClean(page);
    await page.getByRole("button", { name: site.send }).click();
    await expect(page.getByRole("status").filter({ hasText: site.sent })).toBeVisible();
    await expect(page.getByRole("button", { name: site.send })).toHaveCount(0);
    await expect.poll(() => linksTo(email).length, { timeout: 10_000 }).toBe(2);
    const fresh = linksTo(email)[1];
    expect(fresh.startsWith(siteUrl(site.host, `/${site.language}/`))).toBe(true);

    // The old link no longer works.
    await page.goto(old);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(site.failed);

    // The new one expires too (our clock); asking again within 5 minutes says when.
    sql("update privacy_request set verification_expires_at = ? where email = ?", "2020-01-01T00:00:00.000Z", email);
    await page.goto(fresh);
    await page.getByRole("button", { name: site.send }).click();
    await expect(page.getByRole("alert").filter({ hasText: site.wait })).toBeVisible();
    await page.setViewportSize({ width: 320, height: 640 });
    await setTextSize(page, 2);
    expect(await horizontalOverflow(page)).toBeNull();

    // Five minutes later (moved back in the database): a third link, which confirms.
    sql("update privacy_request set link_resent_at = ? where email = ?", new Date(Date.now() - 6 * 60_000).toISOString(), email);
    await page.goto(fresh);
    await page.getByRole("button", { name: site.send }).click();
    await expect(page.getByRole("status").filter({ hasText: site.sent })).toBeVisible();
    await expect.poll(() => linksTo(email).length, { timeout: 10_000 }).toBe(3);
    await page.goto(linksTo(email)[2]);
    await page.getByRole("button", { name: site.confirm }).click();
    await expect(page).toHaveURL(siteUrl(site.host, `/${site.language}/email-verified`));
  });
}
