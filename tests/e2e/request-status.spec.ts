/**
 * With JavaScript on and off, in Dutch and French: the
 * person asks where their request stands with its reference and their
 * address. Whatever they type (once valid) the page says the same; only a
 * matching pair gets a link, mailed in the request's language, to a page
 * with the state, the due date and its extension, and what is asked of
 * them. An expired link says so; every new page fits 320 px at 200 % text.
 */
import { request } from "../setup/spawn-server";
import { expect, expectAxeClean, inTurn, siteUrl, test, type Host } from "./fixtures";
import { horizontalOverflow, setTextSize } from "./reflow";
import { mailsTo, sql } from "./shared-server-data";

const port = () => Number(process.env.E2E_PORT);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const SITES = {
  nl: {
    host: "nl" as Host,
    language: "nl",
    title: "Waar staat mijn aanvraag?",
    reference: "Referentie",
    email: "E-mailadres",
    submit: "Stuur mij een link",
    referenceError: "Vul de referentie in zoals die in onze e-mail staat, bijvoorbeeld PR-7K4M-9QXD",
    sent: "Kijk in je mailbox",
    mailText: "status/view?token=",
    state: "In behandeling",
    extended: "Verlengd: Drie systemen doorzoeken.",
    next: "We zijn met je aanvraag bezig. Je hoeft niets te doen.",
    expired: "Deze link is verlopen",
  },
  fr: {
    host: "be" as Host,
    language: "fr",
    title: "Où en est ma demande ?",
    reference: "Référence",
    email: "Adresse e-mail",
    submit: "Envoyez-moi un lien",
    referenceError: "Indiquez la référence telle qu'elle figure dans notre e-mail, par exemple PR-7K4M-9QXD",
    sent: "Consultez votre boîte mail",
    mailText: "status/view?token=",
    state: "En cours de traitement",
    extended: "Prolongé : Drie systemen doorzoeken.",
    next: "Nous traitons votre demande. Vous n'avez rien à faire.",
    expired: "Ce lien a expiré",
  },
};

for (const [turn, [language, site]] of Object.entries(SITES).entries()) {
  test(
    `the status page: the same answer whatever was typed, a link only for a matching pair, the request's state behind it (${language})`,
    inTurn(turn),
    async ({ page }) => {
      const email = `stand-${unique()}@veldhaven-test.nl`;
      const made = await request(port(), {
        method: "POST",
        path: "/api/privacy-rights/request",
        host: `${site.host}.localhost:${port()}`,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ flowType: "RIGHT_OF_ACCESS", email, language: site.language }),
      });
      const { reference } = JSON.parse(made.body) as { reference: string };
      const due = new Date(Date.now() + 45 * 86_400_000).toISOString();
      sql(
        "update privacy_request set state = 'IN_PROGRESS', verified_at = ?, due_at = ? where reference = ?",
        new Date().toISOString(),
        due,
        reference,
      );
      const [{ id }] = sql<{ id: string }>("select id from privacy_request where reference = ?", reference);
      sql(
        "insert into audit_event (id, request_id, seq, at, actor, actor_id, action, from_state, to_state, note) values (?, ?, 99, ?, 'STAFF', 'officer@veldhavenmedia.nl', 'EXTENDED', null, null, ?)",
        `ext-${unique()}`,
        id,
        new Date().toISOString(),
        `${due} → ${due}: Drie systemen doorzoeken.`,
      );

      const form = siteUrl(site.host, `/${site.language}/privacy-rights/status`);
      await page.goto(form);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(site.title);
      await expectAxeClean(page);
      // A reference that cannot be one says how to write it.
      await page.getByLabel(site.reference).fill("12345");
      await page.getByLabel(site.email).fill(email);
      await page.getByRole("button", { name: site.submit }).click();
      await expect(page.locator(".app-error-summary")).toContainText(site.referenceError);

      // Another address: the same answer, and no mail to anyone.
      const stranger = `vreemde-${unique()}@veldhaven-test.nl`;
      await page.getByLabel(site.reference).fill(reference);
      await page.getByLabel(site.email).fill(stranger);
      await page.getByRole("button", { name: site.submit }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(site.sent);
      // With JavaScript the page changes in place; focus goes to its new heading, not to the page's body.
      if (test.info().project.use.javaScriptEnabled !== false)
        await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
      const strangerAnswer = await page.locator("main").innerText();

      // The right pair, typed as it is read out: the same page, and a link by mail.
      await page.goto(form);
      await page.getByLabel(site.reference).fill(reference.toLowerCase().replace(/-/g, " "));
      await page.getByLabel(site.email).fill(email.toUpperCase());
      await page.getByRole("button", { name: site.submit }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(site.sent);
      expect(await page.locator("main").innerText()).toBe(strangerAnswer);
      await expect
        .poll(() => mailsTo(email).filter((eml) => eml.includes(site.mailText)).length, { timeout: 10_000 })
        .toBe(1);
      expect(mailsTo(stranger).filter((eml) => eml.includes(reference))).toHaveLength(0);
      const link = /https?:\/\/\S+\/privacy-rights\/status\/view\?token=[A-Za-z0-9_-]{43}/.exec(
        mailsTo(email).filter((eml) => eml.includes(site.mailText))[0],
      )![0];
      expect(link.startsWith(siteUrl(site.host, `/${site.language}/`))).toBe(true);

      await page.goto(link);
      await expect(page).toHaveURL(siteUrl(site.host, `/${site.language}/privacy-rights/status/view`));
      await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
      await expect(page.getByRole("definition").filter({ hasText: site.state })).toBeVisible();
      await expect(page.getByText(site.extended)).toBeVisible();
      await expect(page.getByText(site.next)).toBeVisible();
      await expectAxeClean(page);
      await page.setViewportSize({ width: 320, height: 640 });
      await setTextSize(page, 2);
      await page.reload();
      expect(await horizontalOverflow(page)).toBeNull();
      await page.goto(form);
      expect(await horizontalOverflow(page)).toBeNull();

      // A day later the link has expired.
      sql("update status_link set expires_at = ? where request_id = ?", new Date(Date.now() - 1000).toISOString(), id);
      const expired = await page.goto(link);
      expect(expired?.status()).toBe(410);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(site.expired);
    },
  );
}
