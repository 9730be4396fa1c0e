/**
 * An officer keeps the register of systems in the back office,
 * with JavaScript on and off: adds a webhook system for any right of the
 * table, the restriction, portability and objection to processing too (each wrong field named,
 * the secrets typed once and never shown), changes it, and reads both
 * changes in the register's trail. The systems made here are inactive: they
 * give no task to the other specs' requests on the shared server.
 */
import { RIGHT_TYPES } from "~/domain/rights";

import { expect, expectAxeClean, siteUrl, test } from "./fixtures";
import { horizontalOverflow, setTextSize } from "./reflow";
import { addStaff, signInAsStaff, uniqueStaffEmail } from "./staff-fixtures";

test.describe.configure({ timeout: 180_000 });

const SECRET = `whsec_${Buffer.alloc(32, 17).toString("base64")}`;
const TOKEN = "vhs_register-e2e-callback-token-0123456789";

test("an officer adds a webhook system, sees each wrong field, changes it, and the trail says who changed what", async ({
  page,
}) => {
  const officer = uniqueStaffEmail("register");
  await addStaff(officer, "officer");
  await signInAsStaff(page, officer);
  await page.goto(siteUrl("nl", "/nl/internal-privacy-rights/requests"));
  await page.getByRole("navigation", { name: "Backoffice" }).getByRole("link", { name: "Systemen" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Systemen met persoonsgegevens");
  await expectAxeClean(page);

  const id = `e2e-${test.info().project.name}-${Date.now().toString(36)}`;
  await page.getByLabel("Id", { exact: true }).fill(id);
  await page.getByLabel("Naam", { exact: true }).fill("Abonneebestand test");
  // One box per right of the table, the restriction, portability and objection to processing among them.
  const rights = page.getByRole("group", { name: "Rechten" });
  await expect(rights.getByRole("checkbox")).toHaveCount(RIGHT_TYPES.length);
  for (const right of ["Verwijdering", "Beperking", "Overdraagbaarheid", "Bezwaar verwerking"])
    await rights.getByRole("checkbox", { name: right, exact: true }).check();
  await page.getByRole("checkbox", { name: "Nederland" }).check();
  await page.getByRole("radio", { name: "Webhook" }).check();
  await page.getByLabel("Webhookadres").fill("http://abonnees.example.net/hooks");
  await page.getByRole("radio", { name: "Nee" }).check();
  await page.getByRole("button", { name: "Systeem bewaren" }).click();
  const summary = page.locator(".app-error-summary");
  await expect(summary).toContainText("Vul een https-adres in (http alleen naar localhost)");
  await expect(summary).toContainText("Vul de sleutel in");
  await expect(summary).toContainText("Vul het antwoordtoken in");
  // What was typed stays, but a secret is never sent back into the page.
  await expect(page.getByLabel("Naam", { exact: true })).toHaveValue("Abonneebestand test");

  // An address inside a network (a cloud's metadata service) is refused at its field: a webhook carries personal data.
  await page.getByLabel("Webhookadres").fill("https://169.254.169.254/latest/meta-data/");
  await page.getByLabel("Ondertekeningssleutel").fill(SECRET);
  await page.getByLabel("Antwoordtoken").fill(TOKEN);
  await page.getByRole("button", { name: "Systeem bewaren" }).click();
  await expect(summary).toContainText("Dit adres leidt naar een intern netwerk");
  await expect(page.getByRole("row").filter({ hasText: id })).toHaveCount(0);

  await page.getByLabel("Webhookadres").fill("https://abonnees.example.net/hooks");
  await page.getByLabel("Ondertekeningssleutel").fill(SECRET);
  await page.getByLabel("Antwoordtoken").fill(TOKEN);
  await page.getByRole("button", { name: "Systeem bewaren" }).click();
  await expect(page.getByText("Het systeem is bewaard.")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: id });
  await expect(row).toContainText("Abonneebestand test");
  await expect(row).toContainText("Verwijdering, Beperking, Overdraagbaarheid, Bezwaar verwerking");
  await expect(row).toContainText("https://abonnees.example.net/hooks");
  await expect(row).toContainText("Nee");
  expect(await page.content()).not.toContain(SECRET.slice(6, 30));
  expect(await page.content()).not.toContain(TOKEN);

  // Changing it: the form comes filled in; the secrets stay unless typed again.
  await row.getByRole("link", { name: "Abonneebestand test" }).click();
  await expect(page.getByRole("heading", { name: "Abonneebestand test wijzigen" })).toBeVisible();
  await expect(page.getByLabel("Id", { exact: true })).toHaveValue(id);
  await expect(page.getByLabel("Ondertekeningssleutel")).toHaveValue("");
  for (const right of ["Beperking", "Overdraagbaarheid", "Bezwaar verwerking"])
    await expect(rights.getByRole("checkbox", { name: right, exact: true })).toBeChecked();
  await rights.getByRole("checkbox", { name: "Bezwaar verwerking", exact: true }).uncheck();
  await page.getByLabel("Naam", { exact: true }).fill("Abonneebestand (nieuw)");
  await page.getByRole("button", { name: "Systeem bewaren" }).click();
  await expect(page.getByText("Het systeem is bewaard.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: id })).toContainText("Abonneebestand (nieuw)");
  await expect(page.getByRole("row").filter({ hasText: id })).toContainText(
    "Verwijdering, Beperking, Overdraagbaarheid",
  );
  await expect(page.getByRole("row").filter({ hasText: id })).not.toContainText("Bezwaar verwerking");

  const trail = page.locator(".app-history li").filter({ hasText: id });
  await expect(trail.filter({ hasText: `${id} gewijzigd` })).toContainText(officer);
  await expect(trail.filter({ hasText: `${id} gewijzigd` })).toContainText("naam");
  await expect(trail.filter({ hasText: `${id} gewijzigd` })).toContainText("rechten");
  await expect(trail.filter({ hasText: `${id} gewijzigd` })).not.toContainText("ondertekeningssleutel");
  await expect(trail.filter({ hasText: `${id} toegevoegd` })).toContainText("ondertekeningssleutel (vervangen)");

  // 320 px wide, text at 200 %: nothing scrolls sideways.
  await setTextSize(page, 2);
  await page.setViewportSize({ width: 320, height: 720 });
  expect(await horizontalOverflow(page)).toBeNull();
});
